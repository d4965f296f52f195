import type { PaymentLinksOptions } from "../../lib/svc-runtime/options"

type ConfigModule = { admin?: { backendUrl?: string } }

/** The route a lasting payment link opens (src/api/svc/pay/[order_id]/[token]/route.ts): outside /store (no publishable key) and /admin. */
export const PAY_PATH = "/svc/pay"

/**
 * Where links start: the option `paymentLinks.baseUrl`, else the admin's
 * `backendUrl` when absolute, else MEDUSA_BACKEND_URL, else the address the
 * admin's request came to (`fallback`).
 */
export function linkBaseUrl(
  options: PaymentLinksOptions | undefined,
  config: ConfigModule | undefined,
  fallback: string
): string {
  const absolute = (v: unknown) =>
    typeof v === "string" && /^https?:\/\/[^/]/i.test(v) ? v : null
  const base =
    options?.baseUrl ??
    absolute(config?.admin?.backendUrl) ??
    absolute(process.env.MEDUSA_BACKEND_URL) ??
    fallback
  return base.replace(/\/+$/, "")
}

export function linkUrl(base: string, orderId: string, token: string): string {
  return `${base}${PAY_PATH}/${encodeURIComponent(orderId)}/${token}`
}

/** The URL with the token hidden, for logs (the token is a bearer secret for the buyer's balance). */
export function redactLinkPath(url: string): string {
  return url.replace(/(\/svc\/pay\/[^/?#]*\/)[^/?#]+/, "$1[redacted]")
}
