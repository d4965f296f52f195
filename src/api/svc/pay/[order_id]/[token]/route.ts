import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { shopperGuard } from "../../../../store/svc/shopper-limits/guard"
import { linkPage, pageLanguage, type LinkPageKind } from "./pages"
import { redactLinkPath } from "../../../../../workflows/balance-payment-link/link-url"
import { MAX_TOKEN_LENGTH } from "../../../../../workflows/balance-payment-link/link-token"
import { openLastingLink } from "../../../../../workflows/balance-payment-link/lasting-link"

const ORDER_ID = /^order_[0-9A-Za-z]{10,40}$/

/**
 * GET /svc/pay/:order_id/:token: a lasting payment link, opened by the buyer
 * (docs/payment-links.md). Outside /store (an emailed link carries no
 * publishable key) and /admin. 303 to the svc checkout for the order's
 * balance, or a small page that says why not, in the buyer's language. Every
 * request counts against the client's share (storefrontLimits.perAddress)
 * before any work; a bad token costs no svc call; a HEAD request opens
 * nothing. The token never reaches Medusa's request log (the URL is
 * redacted first) nor a Referer.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  if (typeof req.originalUrl === "string")
    req.originalUrl = redactLinkPath(req.originalUrl)
  res.setHeader("Cache-Control", "no-store")
  res.setHeader("Referrer-Policy", "no-referrer")
  res.setHeader("X-Robots-Tag", "noindex")
  // HEAD (link checkers, mail scanners): nothing opened, nothing counted
  if (req.method === "HEAD") return void res.status(200).end()
  const lang = pageLanguage(req.headers["accept-language"])
  const show = (kind: LinkPageKind) => {
    const p = linkPage(kind, lang)
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    res.setHeader("Content-Language", lang)
    res.status(p.status).type("html").send(p.html)
  }
  try {
    const refused = await shopperGuard(req.scope)?.takeClient(req)
    if (refused) {
      res.setHeader("Retry-After", String(refused.retryAfterSeconds))
      return show("too_many")
    }
    const orderId = String(req.params.order_id ?? "")
    const token = String(req.params.token ?? "")
    if (!ORDER_ID.test(orderId) || !token || token.length > MAX_TOKEN_LENGTH)
      return show("invalid")
    const opened = await openLastingLink(req.scope, orderId, token)
    if (opened.kind === "page") return show(opened.page)
    res.redirect(303, opened.url)
  } catch (e) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `svc: a payment link could not be opened: ${e instanceof Error ? e.message : String(e)}`
      )
    show("unavailable")
  }
}
