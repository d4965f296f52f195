/** One shopper's payment, step by step, with the time each step took. */
import { sleep } from "./report"
import { payCheckout } from "./sandbox-api"
import { HttpError, type CompleteResult, type StoreApi } from "./store-api"

export const SVC_PROVIDERS = {
  wallet: "pp_svc-wallet_svc",
  fpx: "pp_svc-fpx_svc",
  "fpx-direct": "pp_svc-fpx-direct_svc",
} as const
export type SvcProviderName = keyof typeof SVC_PROVIDERS
export const SYSTEM_PROVIDER = "pp_system_default"
/** The demo seed's 33 % code (demo/seed.ts DEMO_PROMO_CODE; the bench does not import Medusa's workflows). */
export const PROMO_CODE = "RAYA33"
/**
 * Which shoppers type the code: three in a row with, three without, so every provider and
 * both kinds of shopper (complete the cart, close the tab) pay carts with and without it.
 * All carts carry SST 8 % (the demo seed); with the code the batik shirt is RM87.1938.
 */
export const usesPromo = (i: number): boolean =>
  i >= 0 && Math.floor(i / 3) % 2 === 1

/** Session data a storefront sends per provider (FPX direct needs the bank chosen on the store's page). */
export function sessionData(
  providerId: string,
  cartId: string
): Record<string, unknown> {
  if (providerId === SVC_PROVIDERS["fpx-direct"])
    return {
      cart_id: cartId,
      bank: "MBB0228",
      bankType: "RETAIL",
      buyerName: "Siti Aminah",
    }
  if (providerId === SYSTEM_PROVIDER) return {}
  return { cart_id: cartId }
}

export interface PaymentTimings {
  sessionMs: number
  payMs: number
  completeMs: number
  /** session + pay + complete */
  totalMs: number
  result: CompleteResult
}

/**
 * The payment part of a checkout for a cart that exists: create the payment session,
 * pay on svc's page (svc providers only), complete the cart.
 */
export async function payAndComplete(
  api: StoreApi,
  sandboxUrl: string,
  paymentCollectionId: string,
  cartId: string,
  providerId: string
): Promise<PaymentTimings> {
  const t0 = performance.now()
  const session = await api.initiateSession(
    paymentCollectionId,
    providerId,
    sessionData(providerId, cartId)
  )
  const t1 = performance.now()
  if (providerId !== SYSTEM_PROVIDER) {
    if (!session.data.checkoutId)
      throw new Error(`session ${session.id} has no checkoutId`)
    await payCheckout(sandboxUrl, session.data.checkoutId)
  }
  const t2 = performance.now()
  const result = await api.complete(cartId)
  const t3 = performance.now()
  return {
    sessionMs: t1 - t0,
    payMs: t2 - t1,
    completeMs: t3 - t2,
    totalMs: t3 - t0,
    result,
  }
}

export interface Shopper {
  i: number
  provider: string
  completes: boolean
  startedAt?: number
  sessionMs?: number
  /** time spent waiting in line for svc's checkout budget (in sessionMs) */
  lineMs?: number
  cartId?: string
  /** Medusa's cart total when created (SST, and the code when `usesPromo`) */
  cartTotal?: string
  paidAt?: number
  completeMs?: number
  completeType?: string
  error?: string
}

/**
 * The cart's payment session; at svc's ceiling (the store's 503: the cart has
 * a place in line) the shopper waits in line as the kit does (asks every 4 s,
 * at most `LINE_PATIENCE_MS`) and starts again at its turn (`lineMs`).
 */
async function sessionInLine(
  api: StoreApi,
  s: Shopper,
  paymentCollectionId: string,
  cartId: string
) {
  const gaveUpAt = Date.now() + LINE_PATIENCE_MS
  for (;;) {
    try {
      return await api.initiateSession(
        paymentCollectionId,
        s.provider,
        sessionData(s.provider, cartId)
      )
    } catch (e) {
      if (
        !(e instanceof HttpError && e.status === 503) ||
        Date.now() > gaveUpAt
      )
        throw e
      const t = Date.now()
      // a second first: at a turn at once (svc itself refused, or another server took the room)
      await sleep(1000)
      while ((await api.line(cartId)).status !== "turn") {
        if (Date.now() > gaveUpAt) throw e
        await sleep(4000)
      }
      s.lineMs = (s.lineMs ?? 0) + Date.now() - t
    }
  }
}

/** How long a shopper waits in line before giving up (the last refusal is their error). */
const LINE_PATIENCE_MS = 180_000

/**
 * A shopper: cart, payment session, pay on svc's page in the sandbox (svc providers),
 * then completes the cart or (completes: false) closes the tab. Never throws: `error`.
 */
export async function shop(
  api: StoreApi,
  sandboxUrl: string,
  s: Shopper
): Promise<void> {
  s.startedAt = Date.now()
  try {
    const { cartId, paymentCollectionId, total } = await api.newCart({
      promoCode: usesPromo(s.i) ? PROMO_CODE : undefined,
    })
    s.cartId = cartId
    s.cartTotal = total
    const t0 = performance.now()
    const session = await sessionInLine(api, s, paymentCollectionId, cartId)
    s.sessionMs = performance.now() - t0
    if (s.provider !== SYSTEM_PROVIDER) {
      if (!session.data.checkoutId)
        throw new Error(`session ${session.id} has no checkoutId`)
      await payCheckout(sandboxUrl, session.data.checkoutId)
    }
    // pp_system_default has no payment step: "paid" is when its session exists
    s.paidAt = Date.now()
    if (!s.completes) return // closes the tab on svc's page
    const t = performance.now()
    const r = await api.complete(cartId)
    s.completeMs = performance.now() - t
    s.completeType = r.type
  } catch (e) {
    s.error = (e as Error).message
  }
}
