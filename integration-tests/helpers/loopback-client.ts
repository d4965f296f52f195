import { Agent, request } from "undici"
import type { Store } from "./store"
import { cartBody } from "../../testing/store-api"

// A storefront client at one loopback source address (127.0.0.x): Medusa sees each as a
// separate client, on one machine and with no proxy (the storefront limits count by address).

export type Reply = {
  status: number
  body: any
  retryAfter: string | undefined
}

/** HTTP from one loopback source address, as a separate client would come. */
export function clientAt(
  address: string,
  base: () => string,
  store: () => Store
) {
  // undici binds the source address from the Agent's own `localAddress` (not `connect.localAddress`)
  const agent = new Agent({ localAddress: address, connections: 16 })
  let carts = 0
  const call = async (
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ): Promise<Reply> => {
    const r = await request(`${base()}${path}`, {
      method,
      dispatcher: agent,
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": store().publishableKey,
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await r.body.text()
    let parsed: any
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    const ra = r.headers["retry-after"]
    return {
      status: r.statusCode,
      body: parsed,
      retryAfter: Array.isArray(ra) ? ra[0] : ra,
    }
  }
  /** A cart with one shirt and its payment collection. */
  const cart = async (headers: Record<string, string> = {}) => {
    const s = store()
    const c = await call(
      "POST",
      "/store/carts",
      // one guest email per cart: Medusa makes a guest customer per new email, and two carts at once with one email race
      cartBody(s, `buyer-${address.replace(/\./g, "-")}-${++carts}@example.my`),
      headers
    )
    if (c.status !== 200)
      throw new Error(
        `cart from ${address}: ${c.status} ${JSON.stringify(c.body)}`
      )
    const pc = await call(
      "POST",
      "/store/payment-collections",
      { cart_id: c.body.cart.id },
      headers
    )
    return {
      cartId: c.body.cart.id as string,
      pcId: pc.body.payment_collection.id as string,
    }
  }
  const session = (
    pcId: string,
    providerId: string,
    data: Record<string, unknown>,
    headers: Record<string, string> = {}
  ) =>
    call(
      "POST",
      `/store/payment-collections/${pcId}/payment-sessions`,
      { provider_id: providerId, data },
      headers
    )
  return { call, cart, session, close: () => agent.close() }
}
