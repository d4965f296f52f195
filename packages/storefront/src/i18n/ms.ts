import type { SvcMessages } from "./en.js"

/**
 * Bahasa Malaysia. Banking words as Malaysian banks use them (Perbankan Internet, Perbankan
 * Peribadi / Korporat, Pilih bank anda). A native speaker's correction is welcome here.
 */
export const ms: SvcMessages = {
  methodWallet: "Dompet svc",
  methodFpx: "Perbankan Internet FPX",
  methodFpxDirect: "Perbankan Internet FPX (pilih bank anda)",
  methodsLegend: "Bayar dengan svc",
  pay: "Bayar sekarang",
  redirecting: "Membawa anda ke svc…",
  buyerName: "Nama pemegang akaun",
  buyerNamePlaceholder: "Seperti yang tercatat di bank anda",
  tabsLabel: "Jenis perbankan internet",
  retail: "Perbankan Peribadi",
  corporate: "Perbankan Korporat",
  legend: "Pilih bank anda",
  search: "Cari bank",
  loading: "Memuatkan senarai bank…",
  offline: "luar talian",
  offlineTitle: "{bank} berada di luar talian sekarang",
  bankCount: "{total} bank",
  bankCountOne: "{total} bank",
  matchesNone: "Tiada bank sepadan dengan “{query}”.",
  matchesOne: "{shown} daripada {total} bank sepadan dengan “{query}”.",
  matchesMany: "{shown} daripada {total} bank sepadan dengan “{query}”.",
  chosenHidden: "{bank} kekal dipilih; ia tiada dalam senarai ini.",
  rememberedOffline:
    "{bank}, bank yang anda gunakan kali terakhir, berada di luar talian sekarang; sila pilih bank lain.",
  rememberedGone:
    "{bank}, bank yang anda gunakan kali terakhir, tidak ditawarkan sekarang; sila pilih bank lain.",
  retailCap:
    "Perbankan Peribadi FPX terhad kepada {cap} bagi setiap pembayaran; untuk jumlah yang lebih besar, bayar dengan Perbankan Korporat FPX atau dompet svc.",
  bankRequired: "Pilih bank anda.",
  notFpxBank: "“{code}” bukan bank FPX; pilih satu daripada senarai.",
  bankOffline: "{bank} berada di luar talian sekarang; sila pilih bank lain.",
  bankTypeInvalid:
    "Jenis bank mestilah RETAIL (Perbankan Peribadi) atau CORPORATE (Perbankan Korporat).",
  bankIsRetail:
    "{bank} ialah bank Perbankan Peribadi; jenis bank mestilah RETAIL.",
  bankIsCorporate:
    "{bank} ialah bank Perbankan Korporat; jenis bank mestilah CORPORATE.",
  buyerNameRule:
    "Masukkan nama pemegang akaun seperti yang tercatat di bank anda (1-100 aksara).",
  notSvcProvider: "“{id}” bukan penyedia pembayaran svc.",
  noCart: "Tiada troli untuk dibayar.",
  cartPaid: "Troli ini sudah dibayar dan pesanannya sudah dibuat.",
  cartCurrency:
    "svc hanya menerima Ringgit Malaysia (MYR); troli ini dalam {currency}.",
  orderCurrency:
    "svc hanya menerima Ringgit Malaysia (MYR); pesanan ini dalam {currency}.",
  noOrder: "Tiada pesanan untuk dibayar.",
  noOrderId: "Tiada ID pesanan yang sah untuk dibayar.",
  orderCanceled: "Pesanan ini telah dibatalkan; tiada apa-apa untuk dibayar.",
  paymentLinkInvalid: "Pautan pembayaran ini tidak sah.",
  notThisOrder: "Pembayaran ini bukan milik pesanan ini.",
  balancePaid: "Baki ini sudah dibayar.",
  linkClosed:
    "Pembayaran ini tidak boleh dibayar lagi; minta pautan baharu daripada kedai.",
  balanceNotOpen:
    "Baki pesanan ini belum dibuka untuk pembayaran; kedai akan menghantar pautan pembayaran kepada anda.",
  nothingToPay: "Tiada baki untuk dibayar bagi pesanan ini.",
  orderNotFound: "Pesanan ini tidak ditemui.",
  banksUnavailable:
    "Senarai bank FPX tidak dapat dimuatkan sekarang; sila cuba lagi sebentar lagi atau pilih kaedah pembayaran lain.",
  cartUnreadable: "Troli tidak dapat dibaca sekarang; sila cuba lagi.",
  orderUnreadable: "Pesanan tidak dapat dibaca sekarang; sila cuba lagi.",
  startFailed: "Pembayaran tidak dapat dimulakan; sila cuba lagi.",
  unavailable:
    "Pembayaran svc tidak tersedia buat masa ini; sila cuba lagi kemudian atau pilih kaedah pembayaran lain.",
  tooManyMinutes:
    "Terlalu banyak cubaan pembayaran; cuba lagi dalam {n} minit. Tiada caj dikenakan.",
  tooManySeconds:
    "Terlalu banyak cubaan pembayaran; cuba lagi dalam {n} saat. Tiada caj dikenakan.",
  lineWaiting:
    "Anda berada di tempat {place} dalam barisan, kira-kira {wait} lagi.",
  lineFull:
    "Barisan untuk pembayaran penuh sekarang; kami akan bertanya lagi dalam {wait}. Tiada caj dikenakan.",
  lineKeep:
    "Biarkan halaman ini terbuka: anda dibawa ke svc dengan sendirinya apabila tiba giliran anda.",
  lineCancel: "Keluar dari barisan",
  placeOne: "ke-{n}",
  placeTwo: "ke-{n}",
  placeFew: "ke-{n}",
  placeOther: "ke-{n}",
  waitSeconds: "{n} saat",
  waitMinute: "{n} minit",
  waitMinutes: "{n} minit",
  expired:
    "Pautan pembayaran tamat tempoh sebelum dibayar. Sila pilih kaedah pembayaran sekali lagi.",
  failed:
    "Pembayaran gagal di bank atau dompet. Sila cuba lagi atau pilih kaedah lain.",
  cancelled:
    "Pembayaran telah dibatalkan. Sila pilih kaedah pembayaran sekali lagi.",
  rejected:
    "Penyedia pembayaran menolak pembayaran ini. Sila cuba kaedah lain.",
  notCompleted:
    "Pembayaran tidak selesai; sila pilih kaedah pembayaran dan cuba lagi.",
  balanceNotCompleted:
    "Pembayaran tidak selesai; anda boleh membayar baki sekali lagi.",
  noBalancePayment:
    "Tiada pembayaran svc dimulakan untuk baki ini; anda boleh membayarnya sekarang.",
  linkNoCart: "Pautan kembali daripada pembayaran tiada ID troli yang sah.",
  linkNoOrder: "Pautan kembali daripada pembayaran tiada ID pesanan yang sah.",
  linkNoPayment:
    "Pautan kembali daripada pembayaran tiada ID pembayaran yang sah.",
  linkWrongPayment:
    "Pautan kembali daripada pembayaran merujuk kepada pembayaran yang bukan milik pesanan ini.",
  confirming: "Mengesahkan pembayaran anda…",
  paid: "Pembayaran diterima. Terima kasih! Pesanan anda #{order} telah dibuat.",
  awaiting:
    "Pesanan anda #{order} telah dibuat; svc masih mengesahkan pembayaran anda. Kami akan menghantar e-mel kepada anda.",
  placing:
    "Pembayaran diterima. Terima kasih! Pesanan anda sedang dibuat; halaman ini dikemas kini dengan sendirinya, dan kami akan menghantar e-mel kepada anda. Jangan bayar sekali lagi.",
  reference: "Rujukan pembayaran (dipaparkan di halaman svc):",
  notThrough: "Pembayaran anda tidak berjaya: {reason}",
  balanceIsPaid:
    "Pembayaran diterima. Terima kasih! Baki pesanan #{order} telah dibayar.",
  balanceAwaiting:
    "svc masih mengesahkan pembayaran anda bagi pesanan #{order}. Kami akan menghantar e-mel kepada anda.",
}
