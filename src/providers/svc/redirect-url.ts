/**
 * The URL svc sends the shopper back to, from the `redirectUrl` template:
 * `{cart_id}`, `{session_id}`, `{order_id}` and `{payment_collection_id}` are
 * replaced (URI-encoded). A payment collection with no cart (an order's
 * balance after an order edit, an exchange, a draft order) never gets an empty
 * `cart_id=`: a query parameter whose placeholder has no value is left out,
 * and when the cart is missing the return page is told `payment_collection_id`
 * (and `order_id`, when there is an order) instead.
 */
export type RedirectValues = Partial<
  Record<
    "cart_id" | "session_id" | "order_id" | "payment_collection_id",
    string | null
  >
>

const PLACEHOLDER_RE =
  /\{(cart_id|session_id|order_id|payment_collection_id)\}/g

export class RedirectUrlError extends Error {}

export function buildRedirectUrl(
  template: string,
  values: RedirectValues
): string {
  const given = new Map(Object.entries(values).filter(([, v]) => v))
  const value = (name: string) => given.get(name) ?? null
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
  // no cart: the return page is told the collection and order the template does not name
  if (dropped.has("cart_id"))
    for (const name of ["payment_collection_id", "order_id"]) {
      const v = value(name)
      if (v && !template.includes(`{${name}}`)) u.searchParams.set(name, v)
    }
  return u
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
}
