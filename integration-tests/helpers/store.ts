import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/core-flows"
import { DEMO_PROMO_CODE, ensureSstAndPromotion } from "../../demo/seed"
import { SVC_MODULE } from "../../src/modules/svc"
import type { SandboxHandle } from "./svc-env"
import {
  answeredDeliveries,
  webhooksHandled,
  type LoggedDelivery,
} from "../../testing/handled"
import { SHOPPER_ADDRESS } from "../../testing/store-api"

export const SVC_PROVIDERS = {
  wallet: "pp_svc-wallet_svc",
  fpx: "pp_svc-fpx_svc",
  fpxDirect: "pp_svc-fpx-direct_svc",
} as const

export type Store = {
  regionId: string
  usdRegionId: string
  salesChannelId: string
  publishableKey: string
  variantId: string
  cheapVariantId: string
  headers: { headers: Record<string, string> }
}

/** SST 8 % on Malaysia (prices exclude tax) and the code PROMO_CODE, made once (the demo seed's). */
export const taxStore = (container: MedusaContainer): Promise<void> =>
  ensureSstAndPromotion(container)

/** The promotion code of a taxed store: 33 % off items. */
export const PROMO_CODE = DEMO_PROMO_CODE

/**
 * A Malaysian store: MYR region with the three svc providers, a product at RM 120.50.
 * `taxed`: as Malaysian stores are set up (the demo's seed): SST 8 % on Malaysia, on prices
 * that exclude tax, and the 33 % code PROMO_CODE; a shirt with the code costs
 * 120.50 × 0.67 × 1.08 = RM87.1938, paid with svc as 8719 sen.
 */
export async function seedStore(
  container: MedusaContainer,
  opts: { taxed?: boolean } = {}
): Promise<Store> {
  if (opts.taxed) await taxStore(container)
  const {
    result: [sc],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web" }] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [{ title: "store", type: "publishable", created_by: "test" }],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [sc.id] },
  })
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Malaysia",
          currency_code: "myr",
          countries: ["my"],
          payment_providers: Object.values(SVC_PROVIDERS),
        },
        {
          name: "US",
          currency_code: "usd",
          countries: ["us"],
          payment_providers: Object.values(SVC_PROVIDERS),
        },
      ],
    },
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        oneVariantProduct("Batik shirt", ["Size", "M"], sc.id, [
          { amount: 120.5, currency_code: "myr" },
          { amount: 30, currency_code: "usd" },
        ]),
        oneVariantProduct("Sticker", ["Kind", "One"], sc.id, [
          { amount: 5, currency_code: "myr" },
        ]),
      ],
    },
  })
  return {
    regionId: regions.find((r) => r.currency_code === "myr")!.id,
    usdRegionId: regions.find((r) => r.currency_code === "usd")!.id,
    salesChannelId: sc.id,
    publishableKey: key.token,
    variantId: products[0].variants[0].id,
    cheapVariantId: products[1].variants[0].id,
    headers: { headers: { "x-publishable-api-key": key.token } },
  }
}

/** A published product with one option, one variant and its prices, in a sales channel (Medusa's product input). */
export function oneVariantProduct(
  title: string,
  [option, value]: [string, string],
  salesChannelId: string,
  prices: { amount: number; currency_code: string }[]
) {
  return {
    title,
    status: "published" as const,
    options: [{ title: option, values: [value] }],
    variants: [
      {
        title: value,
        options: { [option]: value },
        manage_inventory: false,
        prices,
      },
    ],
    sales_channels: [{ id: salesChannelId }],
  }
}

type Api = {
  post: (u: string, b?: unknown, c?: unknown) => Promise<any>
  get: (u: string, c?: unknown) => Promise<any>
}

export type CartOptions = {
  regionId?: string
  variantId?: string
  quantity?: number
}

/** A cart with items, an email and an address, and its payment collection. */
export async function createCart(
  api: Api,
  store: Store,
  opts: CartOptions = {}
): Promise<{ cartId: string; paymentCollectionId: string }> {
  const { data } = await api.post(
    "/store/carts",
    {
      region_id: opts.regionId ?? store.regionId,
      sales_channel_id: store.salesChannelId,
      email: "buyer@example.my",
      items: [
        {
          variant_id: opts.variantId ?? store.variantId,
          quantity: opts.quantity ?? 1,
        },
      ],
      shipping_address: SHOPPER_ADDRESS,
    },
    store.headers
  )
  const cartId = data.cart.id
  const pc = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    store.headers
  )
  return { cartId, paymentCollectionId: pc.data.payment_collection.id }
}

/** POST a payment session to the collection as a storefront does: the response, refused or not (never throws). */
export const startSession = (
  api: Api,
  store: Store,
  paymentCollectionId: string,
  providerId: string,
  data: Record<string, unknown> = {}
): Promise<any> =>
  api
    .post(
      `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
      { provider_id: providerId, data },
      store.headers
    )
    .catch((e: any) => e.response)

export async function initiateSession(
  api: Api,
  store: Store,
  paymentCollectionId: string,
  providerId: string,
  data: Record<string, unknown> = {}
): Promise<any> {
  const { data: res } = await api.post(
    `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
    { provider_id: providerId, data },
    store.headers
  )
  const sessions = res.payment_collection.payment_sessions
  return sessions.find((s: any) => s.provider_id === providerId)
}

/** initiateSession on a cart made by createCart: its collection, the cart's id in the session's data. */
export const sessionOnCart = (
  api: Api,
  store: Store,
  cart: { cartId: string; paymentCollectionId: string },
  providerId: string,
  data: Record<string, unknown> = {}
): Promise<any> =>
  initiateSession(api, store, cart.paymentCollectionId, providerId, {
    cart_id: cart.cartId,
    ...data,
  })

/** A cart (`cart`: createCart's options) with a session of `providerId` on it (`data` besides the cart id), and svc's checkout id. */
export async function cartWithSession(
  api: Api,
  store: Store,
  providerId: string,
  opts: { cart?: CartOptions; data?: Record<string, unknown> } = {}
): Promise<{
  cartId: string
  paymentCollectionId: string
  session: any
  checkoutId: string
}> {
  const { cartId, paymentCollectionId } = await createCart(
    api,
    store,
    opts.cart
  )
  const session = await initiateSession(
    api,
    store,
    paymentCollectionId,
    providerId,
    { ...opts.data, cart_id: cartId }
  )
  return {
    cartId,
    paymentCollectionId,
    session,
    checkoutId: session.data.checkoutId as string,
  }
}

export type PaidOrder = {
  cartId: string
  checkoutId: string
  orderId: string
  paymentId: string
  order: any
}

/**
 * A paid order through Medusa's store routes: a cart with a session of `providerId` (FPX hosted
 * by default; one Batik shirt, RM120.50, by default), paid on svc, completed, its payment captured.
 */
export async function paidOrder(
  api: Api,
  container: MedusaContainer,
  store: Store,
  sandbox: SandboxHandle["control"],
  opts: { providerId?: string; cart?: CartOptions } = {}
): Promise<PaidOrder> {
  const { cartId, checkoutId } = await cartWithSession(
    api,
    store,
    opts.providerId ?? SVC_PROVIDERS.fpx,
    { cart: opts.cart }
  )
  sandbox.pay(checkoutId)
  await completeCart(api, store, cartId)
  const order = await capturedOrder(container, cartId)
  return {
    cartId,
    checkoutId,
    orderId: order.id,
    paymentId: order.payment_collections[0].payments[0].id,
    order,
  }
}

/** Paid on svc with every webhook of it lost (dropped, then flushed): the plugin learns of it only by asking svc. */
export async function payWithWebhooksLost(
  sandbox: SandboxHandle["control"],
  checkoutId: string
): Promise<void> {
  sandbox.webhookFaults({ mode: "drop", count: 10 })
  sandbox.pay(checkoutId)
  await sandbox.flushWebhooks()
}

/**
 * What a process killed inside a cart completion after its payment step leaves: the session
 * authorized and captured (Medusa's autocapture of a `captured` provider status), no order, and
 * the cart's lock key held with no owner for a 2-minute lease. Returns the lease's end (the lock released).
 */
export async function capturedWithCartLocked(
  container: MedusaContainer,
  sessionId: string,
  cartId: string
): Promise<() => Promise<void>> {
  await (container.resolve(Modules.PAYMENT) as any).authorizePaymentSession(
    sessionId,
    {}
  )
  const locking = container.resolve(Modules.LOCKING) as any
  await locking.acquire(cartId, { expire: 120 })
  return () => locking.release(cartId)
}

/** The plugin's ledger row of an svc checkout (svc_checkout), or undefined. */
export async function checkoutRow(
  container: MedusaContainer,
  checkoutId: string
): Promise<any> {
  const [row] = await (container.resolve(SVC_MODULE) as any).listSvcCheckouts({
    checkout_id: checkoutId,
  })
  return row
}

/**
 * Waits until the plugin's subscriber has handled every delivery about the checkout that the store
 * answered (the sandbox's delivery log): each has its outcome in svc_webhook_event. Returns those
 * rows, oldest first. What a test that asserts nothing moved waits for: the webhooks' code ran.
 */
export function checkoutWebhooksHandled(
  container: MedusaContainer,
  sandbox: SandboxHandle["control"],
  checkoutId: string
): Promise<LoggedDelivery[]> {
  const rows = (): Promise<LoggedDelivery[]> =>
    (container.resolve(SVC_MODULE) as any).listSvcWebhookEvents(
      { resource_id: checkoutId },
      { order: { id: "ASC" } }
    )
  return webhooksHandled(
    `checkout ${checkoutId}`,
    rows,
    answeredDeliveries(sandbox.webhookLog(), [checkoutId])
  )
}

/** Waits for the checkout's ledger row to carry an attention flag (what the admin is asked to act on). */
export function flaggedCheckoutRow(
  container: MedusaContainer,
  checkoutId: string,
  what = `attention flag on ${checkoutId}`
): Promise<any> {
  return waitFor(async () => {
    const row = await checkoutRow(container, checkoutId)
    return row?.attention ? row : undefined
  }, what)
}

export async function completeCart(
  api: Api,
  store: Store,
  cartId: string
): Promise<any> {
  const { data } = await api.post(
    `/store/carts/${cartId}/complete`,
    {},
    store.headers
  )
  return data
}

/** The order of a cart, with its payment collection, payments and captures. */
export async function orderOfCart(
  container: MedusaContainer,
  cartId: string
): Promise<any | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  if (!links[0]) return undefined
  // Medusa's complete-cart writes the order's links one link table at a time: order_cart can be read
  // before order_payment_collection (a fresh-clone CI run did). An order placed from a cart always has
  // its payment collection, so the order is read once that link is there too.
  return waitFor(
    async () => {
      const o = await readOrder(query, links[0].order_id)
      return o?.payment_collections?.length ? o : undefined
    },
    `the links of order ${links[0].order_id}`,
    10_000
  )
}

async function readOrder(
  query: any,
  orderId: string
): Promise<any | undefined> {
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_status",
      "metadata",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.payments.id",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payments.captures.id",
      "payment_collections.payments.captures.amount",
    ],
    filters: { id: orderId },
  })
  return orders[0]
}

/** Waits for the cart's order with its payment captured. */
export function capturedOrder(
  container: MedusaContainer,
  cartId: string
): Promise<any> {
  return waitFor(async () => {
    const o = await orderOfCart(container, cartId)
    return o?.payment_collections?.[0]?.payments?.[0]?.captured_at
      ? o
      : undefined
  }, `captured order of ${cartId}`)
}

export async function allOrdersOfCart(
  container: MedusaContainer,
  cartId: string
): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  return links.map((l: any) => l.order_id)
}

export async function sessionById(
  container: MedusaContainer,
  id: string
): Promise<any> {
  const payment = container.resolve(Modules.PAYMENT) as any
  const [s] = await payment.listPaymentSessions({ id }, {})
  return s
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 30000
): Promise<T> {
  const end = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < end) {
    try {
      const v = await fn()
      if (v) return v as T
    } catch (e) {
      last = e
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(
    `timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ""}`
  )
}
