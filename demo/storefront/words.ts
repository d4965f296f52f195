// The demo storefront's own words (app.tsx), in the kit's three languages: everything the demo
// itself says around the kit's components. The kit's words (payment methods, bank picker, why a
// payment failed, the return page's states) are the kit's catalogues (packages/storefront/src/i18n,
// docs/storefront-languages.md); where the demo says one of the kit's sentences ("Confirming your
// payment…", "Your payment did not go through: …") it takes the kit's.

/** The languages of the switch: the kit's locales (svcLocale), each named in itself. */
export const DEMO_LANGUAGES = [
  { locale: "en", name: "English" },
  { locale: "ms", name: "Bahasa Melayu" },
  { locale: "zh-CN", name: "中文（简体）" },
] as const
export type DemoLocale = (typeof DEMO_LANGUAGES)[number]["locale"]

const en = {
  title: "svc demo store",
  tagline: "Medusa v2 + medusa-payment-svc (sandbox) · React storefront kit",
  language: "Language",
  noRegion: "The store has no region; run the demo seed.",
  unreachable: "The store cannot be reached ({error}); reload in a moment.",
  products: "Products",
  loadingProducts: "Loading products…",
  addToCart: "Add to cart",
  codeNotApplied: "The code {code} does not apply to this cart.",
  cart: "Your cart",
  items: "Items:",
  codeDiscount: "Code {codes}: −{amount}",
  tax: "Tax (SST):",
  total: "Total:",
  promoCode: "Promotion code",
  apply: "Apply",
  email: "Email",
  checkout: "Checkout",
  payment: "Payment",
  paidBySvc: "Payment received by svc.",
  stillProcessing: "svc is still processing your payment; we will email you.",
  orderPlaced: "Thank you! Your order is placed.",
  order: "Order",
  paymentStatus: "Payment status:",
  continueShopping: "Continue shopping",
}

export type DemoWords = { [K in keyof typeof en]: string }

/** The demo's words by locale (a native speaker can correct ms and zh-CN here, as the kit's). */
export const DEMO_WORDS: Record<DemoLocale, DemoWords> = {
  en,
  ms: {
    title: "Kedai demo svc",
    tagline: "Medusa v2 + medusa-payment-svc (kotak pasir) · kit kedai dalam talian React",
    language: "Bahasa",
    noRegion: "Kedai belum mempunyai rantau; jalankan seed demo.",
    unreachable: "Kedai tidak dapat dihubungi ({error}); muat semula sebentar lagi.",
    products: "Produk",
    loadingProducts: "Memuatkan produk…",
    addToCart: "Tambah ke troli",
    codeNotApplied: "Kod {code} tidak boleh digunakan untuk troli ini.",
    cart: "Troli anda",
    items: "Barangan:",
    codeDiscount: "Kod {codes}: −{amount}",
    tax: "Cukai (SST):",
    total: "Jumlah:",
    promoCode: "Kod promosi",
    apply: "Guna",
    email: "E-mel",
    checkout: "Daftar keluar",
    payment: "Pembayaran",
    paidBySvc: "Pembayaran diterima oleh svc.",
    stillProcessing: "svc masih memproses pembayaran anda; kami akan menghantar e-mel kepada anda.",
    orderPlaced: "Terima kasih! Pesanan anda telah dibuat.",
    order: "Pesanan",
    paymentStatus: "Status pembayaran:",
    continueShopping: "Teruskan membeli-belah",
  },
  "zh-CN": {
    title: "svc 演示商店",
    tagline: "Medusa v2 + medusa-payment-svc（沙盒）· React 店面组件",
    language: "语言",
    noRegion: "商店还没有区域；请运行演示的 seed。",
    unreachable: "无法连接商店（{error}）；请稍后重新加载。",
    products: "商品",
    loadingProducts: "正在加载商品…",
    addToCart: "加入购物车",
    codeNotApplied: "优惠码 {code} 不适用于此购物车。",
    cart: "您的购物车",
    items: "商品：",
    codeDiscount: "优惠码 {codes}：−{amount}",
    tax: "税（SST）：",
    total: "总计：",
    promoCode: "优惠码",
    apply: "使用",
    email: "电子邮件",
    checkout: "结账",
    payment: "付款",
    paidBySvc: "svc 已收到付款。",
    stillProcessing: "svc 仍在处理您的付款；我们会通过电子邮件通知您。",
    orderPlaced: "谢谢！您的订单已生成。",
    order: "订单",
    paymentStatus: "付款状态：",
    continueShopping: "继续购物",
  },
}

/** The demo's words in `locale`, `{name}` filled in from `vars`. */
export function demoText(locale: DemoLocale) {
  const words = DEMO_WORDS[locale] ?? en
  return (key: keyof DemoWords, vars?: Record<string, string | number>) =>
    vars ? words[key].replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : words[key]
}
