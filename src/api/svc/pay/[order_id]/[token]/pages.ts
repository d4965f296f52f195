import {
  PAGE_STATUS,
  type LinkPageKind,
} from "../../../../../workflows/balance-payment-link/lasting-link"

export { PAGE_STATUS, type LinkPageKind }
/**
 * The pages a buyer sees when a lasting payment link cannot send them on to
 * svc (docs/payment-links.md): one small HTML page each, with a `lang`, one
 * h1, plain words and what to do next, readable on a 390 px phone. English,
 * Malay or Chinese by the browser's Accept-Language (the wording follows the
 * storefront kit's catalogues, packages/storefront/src/i18n).
 */
export type PageLanguage = "en" | "ms" | "zh-CN"

type Words = {
  title: Record<LinkPageKind, string>
  body: Record<LinkPageKind, string>
  footer: string
}
const WORDS: Record<PageLanguage, Words> = {
  en: {
    title: {
      invalid: "This payment link is not valid",
      wrong_order: "This payment link is not for this order",
      expired: "This payment link has expired",
      canceled: "This order was cancelled",
      paid: "This order is already paid",
      changed: "The amount due has changed",
      unavailable: "Payment is not available right now",
      too_many: "Too many attempts",
      revoked: "The store withdrew this payment link",
    },
    body: {
      invalid:
        "Check that you opened the whole link from the store's message, or ask the store for a new link. Nothing was charged.",
      wrong_order:
        "Open the link exactly as the store sent it, or ask the store for a new link. Nothing was charged.",
      expired: "Ask the store for a new payment link. Nothing was charged.",
      canceled:
        "There is nothing to pay. Contact the store if you have a question.",
      paid: "Nothing is due on this order. Thank you!",
      changed:
        "This link was for a different amount. Ask the store for a new payment link. Nothing was charged.",
      unavailable: "Try the link again in a few minutes. Nothing was charged.",
      too_many: "Wait a minute, then open the link again. Nothing was charged.",
      revoked:
        "Ask the store whether anything is still due and for a new link. Nothing was charged.",
    },
    footer: "Payment link of the store, paid through svc.",
  },
  ms: {
    title: {
      invalid: "Pautan pembayaran ini tidak sah",
      wrong_order: "Pautan pembayaran ini bukan untuk pesanan ini",
      expired: "Pautan pembayaran ini telah tamat tempoh",
      canceled: "Pesanan ini telah dibatalkan",
      paid: "Pesanan ini sudah dibayar",
      changed: "Jumlah yang perlu dibayar telah berubah",
      unavailable: "Pembayaran tidak tersedia sekarang",
      too_many: "Terlalu banyak cubaan",
      revoked: "Kedai telah menarik balik pautan pembayaran ini",
    },
    body: {
      invalid:
        "Pastikan anda membuka seluruh pautan daripada mesej kedai, atau minta pautan baharu daripada kedai. Tiada caj dikenakan.",
      wrong_order:
        "Buka pautan tepat seperti yang dihantar oleh kedai, atau minta pautan baharu. Tiada caj dikenakan.",
      expired:
        "Minta pautan pembayaran baharu daripada kedai. Tiada caj dikenakan.",
      canceled:
        "Tiada apa-apa untuk dibayar. Hubungi kedai jika anda ada soalan.",
      paid: "Tiada baki untuk dibayar bagi pesanan ini. Terima kasih!",
      changed:
        "Pautan ini untuk jumlah yang berbeza. Minta pautan pembayaran baharu daripada kedai. Tiada caj dikenakan.",
      unavailable:
        "Cuba buka pautan sekali lagi dalam beberapa minit. Tiada caj dikenakan.",
      too_many:
        "Tunggu seminit, kemudian buka pautan sekali lagi. Tiada caj dikenakan.",
      revoked:
        "Tanya kedai sama ada masih ada baki yang perlu dibayar dan minta pautan baharu. Tiada caj dikenakan.",
    },
    footer: "Pautan pembayaran kedai, dibayar melalui svc.",
  },
  "zh-CN": {
    title: {
      invalid: "此付款链接无效",
      wrong_order: "此付款链接不属于该订单",
      expired: "此付款链接已过期",
      canceled: "此订单已取消",
      paid: "此订单已付清",
      changed: "应付金额已更改",
      unavailable: "目前无法付款",
      too_many: "尝试次数过多",
      revoked: "商店已撤回此付款链接",
    },
    body: {
      invalid:
        "请确认您打开的是商店消息中的完整链接，或向商店索取新的链接。未产生任何扣款。",
      wrong_order:
        "请按商店发送的原样打开链接，或向商店索取新的链接。未产生任何扣款。",
      expired: "请向商店索取新的付款链接。未产生任何扣款。",
      canceled: "无需付款。如有疑问，请联系商店。",
      paid: "此订单已无待付款项。谢谢！",
      changed:
        "此链接对应的是另一个金额。请向商店索取新的付款链接。未产生任何扣款。",
      unavailable: "请在几分钟后再次打开链接。未产生任何扣款。",
      too_many: "请稍等一分钟，再重新打开链接。未产生任何扣款。",
      revoked: "请向商店确认是否仍有待付款项，并索取新的链接。未产生任何扣款。",
    },
    footer: "商店的付款链接，通过 svc 付款。",
  },
}

/** The buyer's language from Accept-Language (highest q first); English when none fits. */
export function pageLanguage(acceptLanguage: unknown): PageLanguage {
  if (typeof acceptLanguage !== "string") return "en"
  const ranked = acceptLanguage
    .slice(0, 200)
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";")
      const q = params
        .map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1])
        .find(Boolean)
      return { tag, q: q === undefined ? 1 : Number(q) || 0 }
    })
  // a stable sort: of equal q, the header's order
  for (const { tag, q } of ranked.sort((a, b) => b.q - a.q)) {
    const lang = q > 0 ? /^(en|ms|zh)(-|$)/.exec(tag)?.[1] : undefined
    if (lang === "en" || lang === "ms") return lang
    if (lang === "zh") return "zh-CN"
  }
  return "en"
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page's words (for tests and logs) and its HTML. */
export function linkPage(
  kind: LinkPageKind,
  lang: PageLanguage
): { status: number; title: string; html: string } {
  const w = WORDS[lang]
  const [title, body] = [w.title[kind], w.body[kind]]
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f6f6}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 1rem}
footer{font-size:.875rem;color:#555}
@media (max-width:420px){main{margin:1rem;padding:1.25rem}}
</style>
</head>
<body>
<main data-svc-page="${kind}">
<h1>${escape(title)}</h1>
<p>${escape(body)}</p>
<footer>${escape(w.footer)}</footer>
</main>
</body>
</html>
`
  return { status: PAGE_STATUS[kind], title, html }
}
