/**
 * The URL svc sends the shopper back to, from the `redirectUrl` template:
 * `{cart_id}`, `{session_id}`, `{order_id}` and `{payment_collection_id}` are
 * replaced (URI-encoded). A payment collection with no cart (an order's
 * balance after an order edit, an exchange, a draft order) never gets an empty
 * `cart_id=`: a query parameter whose placeholder has no value is left out,
 * and when the cart is missing the return page is told `payment_collection_id`
 * (and `order_id`, when there is an order) instead.
 */
export const REDIRECT_PLACEHOLDERS = [
  "cart_id",
  "session_id",
  "order_id",
  "payment_collection_id",
] as const
export type RedirectValues = Partial<
  Record<(typeof REDIRECT_PLACEHOLDERS)[number], string | null>
>

const PLACEHOLDER_RE =
  /\{(cart_id|session_id|order_id|payment_collection_id)\}/g

export class RedirectUrlError extends Error {}

export function buildRedirectUrl(
  template: string,
  values: RedirectValues
): string {
  const value = (name: string) => {
    const v = values[name as keyof RedirectValues]
    return typeof v === "string" && v !== "" ? v : null
  }
  // every placeholder has its value: a plain replacement, the template otherwise as written
  const names = [...template.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!)
  if (names.every((n) => value(n) !== null))
    return template.replace(PLACEHOLDER_RE, (_m, n: string) =>
      encodeURIComponent(value(n)!)
    )
  const u = new URL(
    template.replace(PLACEHOLDER_RE, (m) => `__svc_${m.slice(1, -1)}__`)
  )
  const dropped = new Set<string>()
  for (const [key, raw] of [...u.searchParams.entries()]) {
    const m = /^__svc_(\w+)__$/.exec(raw)
    if (m && !value(m[1]!)) {
      u.searchParams.delete(key)
      dropped.add(m[1]!)
    }
  }
  if (dropped.has("cart_id")) {
    const present = (name: string) =>
      template.includes(`{${name}}`) && value(name)
    if (!present("payment_collection_id") && value("payment_collection_id"))
      u.searchParams.set(
        "payment_collection_id",
        value("payment_collection_id")!
      )
    if (!present("order_id") && value("order_id"))
      u.searchParams.set("order_id", value("order_id")!)
  }
  const out = u
    .toString()
    .replace(
      /__svc_(cart_id|session_id|order_id|payment_collection_id)__/g,
      (_m, name: string) => {
        const v = value(name)
        if (v === null) {
          throw new RedirectUrlError(
            `redirectUrl puts {${name}} outside a query parameter, and this payment has no ${name.replace(/_/g, " ")}` +
              (name === "cart_id"
                ? " (an order's balance is paid on its payment collection, with no cart)"
                : "") +
              `; put {${name}} in a query parameter (…?${name}={${name}}) so it can be left out`
          )
        }
        return encodeURIComponent(v)
      }
    )
  return out
}
