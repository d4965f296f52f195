/**
 * What a shopper's browser does against Medusa's store API (the same calls as
 * integration-tests/helpers/store.ts and the demo storefront), over undici with
 * explicit timeouts and a pool wide enough for hundreds of shoppers at once.
 */
import { randomUUID } from "node:crypto"
import { Agent, request } from "undici"
import type { SeededStore } from "./stack"

export const agent = new Agent({
  connections: 512,
  headersTimeout: 180_000,
  bodyTimeout: 180_000,
  keepAliveTimeout: 10_000,
})

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string
  ) {
    super(`${what}: HTTP ${status} ${body.slice(0, 300)}`)
  }
}

export async function call<T>(
  method: "GET" | "POST" | "DELETE",
  url: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; json: T }> {
  const res = await request(url, {
    method,
    dispatcher: agent,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.body.text()
  if (res.statusCode >= 400)
    throw new HttpError(
      res.statusCode,
      text,
      `${method} ${new URL(url).pathname}`
    )
  return { status: res.statusCode, json: (text ? JSON.parse(text) : {}) as T }
}

/** The one Malaysian address every test cart ships to. */
export const SHOPPER_ADDRESS = {
  first_name: "Siti",
  last_name: "Aminah",
  address_1: "1 Jalan Ampang",
  city: "Kuala Lumpur",
  country_code: "my",
  postal_code: "50450",
}

/** The body of POST /store/carts: one of the seeded variant, shipped to SHOPPER_ADDRESS. */
export function cartBody(
  store: { regionId: string; salesChannelId: string; variantId: string },
  email: string,
  quantity = 1
) {
  return {
    region_id: store.regionId,
    sales_channel_id: store.salesChannelId,
    email,
    items: [{ variant_id: store.variantId, quantity }],
    shipping_address: SHOPPER_ADDRESS,
  }
}

/**
 * A cart (cartBody) with a payment session of `providerId` on it, through Medusa's store routes
 * (`store`: a request that answers the JSON body): the cart's id and the session.
 */
export async function cartWithSessionOver(
  store: (method: string, path: string, body?: unknown) => Promise<any>,
  seeded: Parameters<typeof cartBody>[0],
  email: string,
  providerId: string
): Promise<{ cartId: string; session: any }> {
  const { cart } = await store("POST", "/store/carts", cartBody(seeded, email))
  const { payment_collection: pc } = await store(
    "POST",
    "/store/payment-collections",
    { cart_id: cart.id }
  )
  const { payment_collection } = await store(
    "POST",
    `/store/payment-collections/${pc.id}/payment-sessions`,
    { provider_id: providerId, data: { cart_id: cart.id } }
  )
  const session = payment_collection.payment_sessions.find(
    (s: { provider_id: string }) => s.provider_id === providerId
  )
  return { cartId: cart.id, session }
}

export interface PaymentSession {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown> & { checkoutId?: string }
}

/** POST /store/svc/carts/:id/line's answer (DELETE's: `left`). */
export type LineAnswer = {
  status: "turn" | "waiting" | "full" | "left"
  place?: number
  length?: number
  wait_seconds?: number
  retry_after_seconds?: number
}

export type CompleteResult =
  | { type: "order"; order: { id: string } }
  | { type: "cart"; cart: unknown; error?: unknown }

export class StoreApi {
  private readonly headers: Record<string, string>
  constructor(
    readonly baseUrl: string,
    readonly store: SeededStore
  ) {
    this.headers = { "x-publishable-api-key": store.publishableKey }
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    return (await call<T>("POST", `${this.baseUrl}${path}`, body, this.headers))
      .json
  }

  /**
   * A cart with one item, an email and an address, and its payment collection. The bench
   * seed is the demo's (SST 8 % on Malaysia); `promoCode` (the demo's RAYA33, 33 % off)
   * gives the cart a total with fractions of a sen, as real stores' carts have.
   */
  async newCart(
    opts: { promoCode?: string } = {}
  ): Promise<{ cartId: string; paymentCollectionId: string; total: string }> {
    const { cart } = await this.post<{
      cart: { id: string; total: number | string }
    }>("/store/carts", {
      // one guest per cart: concurrent carts with one new email race on creating its customer (400 "already exists")
      ...cartBody(this.store, `buyer-${randomUUID().slice(0, 8)}@example.my`),
      ...(opts.promoCode ? { promo_codes: [opts.promoCode] } : {}),
    })
    const { payment_collection } = await this.post<{
      payment_collection: { id: string }
    }>("/store/payment-collections", { cart_id: cart.id })
    return {
      cartId: cart.id,
      paymentCollectionId: payment_collection.id,
      total: String(cart.total),
    }
  }

  async initiateSession(
    paymentCollectionId: string,
    providerId: string,
    data: Record<string, unknown>
  ): Promise<PaymentSession> {
    const { payment_collection } = await this.post<{
      payment_collection: { payment_sessions: PaymentSession[] }
    }>(`/store/payment-collections/${paymentCollectionId}/payment-sessions`, {
      provider_id: providerId,
      data,
    })
    const s = payment_collection.payment_sessions.find(
      (x) => x.provider_id === providerId
    )
    if (!s)
      throw new Error(`no ${providerId} session in the payment collection`)
    return s
  }

  /** The cart's place in the line for svc's checkout budget (a full line's 429 answered as its body). */
  async line(cartId: string, method: "POST" | "DELETE" = "POST") {
    const url = `${this.baseUrl}/store/svc/carts/${cartId}/line`
    try {
      return (await call<LineAnswer>(method, url, undefined, this.headers)).json
    } catch (e) {
      if (e instanceof HttpError && e.status === 429)
        return JSON.parse(e.body) as LineAnswer
      throw e
    }
  }

  complete(cartId: string): Promise<CompleteResult> {
    return this.post<CompleteResult>(`/store/carts/${cartId}/complete`, {})
  }
}
