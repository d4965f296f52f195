import type { StoreSdk } from "./sdk.js"
import type { StoreCart } from "./payment.js"

type Completed = Awaited<ReturnType<StoreSdk["store"]["cart"]["complete"]>>
/** The order as `@medusajs/js-sdk` returns it (`HttpTypes.StoreOrder`). */
export type StoreOrder = Extract<Completed, { type: "order" }>["order"]

/**
 * What the shopper's return from svc came to:
 * - `paid`: the order is placed and svc has the money (payment captured);
 * - `awaiting`: the order is placed, the payment is still processing (FPX can
 *   take a while; the webhook or the plugin's job confirms it, nothing to do);
 * - `failed`: no order; `reason` is a sentence for the shopper and the cart can be paid again.
 */
export type SvcReturnResult =
  | { kind: "paid"; order: StoreOrder }
  | { kind: "awaiting"; order: StoreOrder }
  | { kind: "failed"; reason: string; cart?: StoreCart }

export type CompleteSvcReturnOptions = {
  /** Keep reading the order this long while its payment is still processing (default 0: answer at once). */
  waitForPaymentMs?: number
  /** Between reads (default 1000). */
  pollEveryMs?: number
  /**
   * Completion answered 409 or 5xx (default 5 more tries, `pollEveryMs` apart): the
   * payment's own settlement (svc's webhook, on the server) may be completing this
   * cart at that very moment and holds its lock; trying again gives the order.
   */
  conflictRetries?: number
}

const ORDER_FIELDS = "id,display_id,status,total,currency_code,payment_status,email"
const FAILED_DEFAULT = "The payment was not completed; please choose a payment method and try again."

const isPaid = (o: { payment_status?: string }) => o.payment_status === "captured"

/**
 * On the return page (the provider's `redirectUrl`): completes the cart whose
 * id came back in the URL (the cart cookie may not survive the redirect) and
 * says what happened. Never cancels anything: a paid order is final, and
 * completing a completed cart again gives the same order.
 */
export async function completeSvcReturn(sdk: StoreSdk, cartId: string, opts: CompleteSvcReturnOptions = {}): Promise<SvcReturnResult> {
  if (!/^cart_[0-9A-Za-z]+$/.test(cartId ?? "")) return { kind: "failed", reason: "The link back from the payment has no valid cart id." }
  let completed: Completed | undefined
  let errorText: string | undefined
  for (let tries = opts.conflictRetries ?? 5; ; tries--) {
    try {
      completed = await sdk.store.cart.complete(cartId)
      errorText = undefined
      break
    } catch (e) {
      errorText = (e as { message?: string })?.message
      const status = (e as { status?: number })?.status ?? 0
      // not "failed" while the cart is busy being made an order by the payment itself
      if (tries <= 0 || !(status === 409 || status >= 500)) break
      await new Promise((r) => setTimeout(r, opts.pollEveryMs ?? 1000))
    }
  }
  if (completed?.type === "order") {
    let order = completed.order
    const read = async () => {
      try {
        order = { ...order, ...(await sdk.store.order.retrieve(order.id, { fields: ORDER_FIELDS })).order }
      } catch {
        // keep the last answer; the order exists
      }
    }
    // an already completed cart answers with the order as it was placed: read its payment now
    if (!isPaid(order)) await read()
    const end = Date.now() + (opts.waitForPaymentMs ?? 0)
    while (!isPaid(order) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, opts.pollEveryMs ?? 1000))
      await read()
    }
    return { kind: isPaid(order) ? "paid" : "awaiting", order }
  }
  if (completed?.type === "cart" && completed.error) errorText = completed.error.message || errorText
  // Not placed: the provider put the reason on the failed session.
  let cart: StoreCart | undefined
  try {
    cart = (await sdk.store.cart.retrieve(cartId, { fields: "*payment_collection,*payment_collection.payment_sessions" })).cart
  } catch {
    // the reason from the completion is all there is
  }
  const sessions = cart?.payment_collection?.payment_sessions ?? []
  const failed = sessions.find((s) => typeof s.data?.failureReason === "string" && s.data.failureReason)
  const reason = (failed?.data?.failureReason as string | undefined) ?? errorText ?? FAILED_DEFAULT
  return { kind: "failed", reason, ...(cart ? { cart } : {}) }
}
