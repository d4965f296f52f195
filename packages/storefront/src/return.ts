import type { StoreSdk } from "./sdk.js"
import type { StoreCart } from "./payment.js"
import type { SvcMessageKey } from "./i18n/en.js"
import { svcText, type SvcText, type SvcTextOptions } from "./i18n/text.js"
import { svcPaymentReference } from "./providers.js"

type Completed = Awaited<ReturnType<StoreSdk["store"]["cart"]["complete"]>>
/** The order as `@medusajs/js-sdk` returns it (`HttpTypes.StoreOrder`). */
export type StoreOrder = Extract<Completed, { type: "order" }>["order"]

/**
 * What the shopper's return from svc came to:
 * - `paid`: the order is placed and svc has the money (payment captured);
 * - `awaiting`: the order is placed, the payment is still processing (FPX can
 *   take a while; the webhook or the plugin's job confirms it, nothing to do);
 * - `placing`: the payment was received (the store recorded it), the order is
 *   not placed yet and the store is placing it (its cart was busy, say held by
 *   a completion a stopped server left for the rest of its lease): never a
 *   failure, the shopper must not pay again; the plugin's job places it;
 * - `failed`: no order and no payment; `reason` is a sentence for the shopper (in the kit's
 *   language) and the cart can be paid again; `code` says why in a word a storefront can
 *   write its own sentence for (`SvcFailureCode`, the reason's key in the kit's catalogues).
 *
 * `paymentReference` is what svc's page showed the shopper ("Order ARQR-DJ15-RKXH" → "ARQR-DJ15-RKXH"),
 * the handle they quote to the store; null when the store did not give it.
 */
export type SvcReturnResult =
  | { kind: "paid"; order: StoreOrder; paymentReference: string | null }
  | { kind: "awaiting"; order: StoreOrder; paymentReference: string | null }
  | { kind: "placing"; cart?: StoreCart; paymentReference?: string | null }
  | { kind: "failed"; code: SvcFailureCode; reason: string; cart?: StoreCart }

/**
 * Why a payment did not go through, stable across versions and languages (each is the key of
 * its sentence in the kit's catalogues): svc's answer (`expired`, `failed`, `cancelled`,
 * `rejected`), the payment not completed (`notCompleted`, a balance's `balanceNotCompleted`, no
 * svc payment for it `noBalancePayment`, a link the store closed `linkClosed`), a return link
 * without valid ids (`linkNoCart`, `linkNoOrder`, `linkNoPayment`, `linkWrongPayment`), or the
 * store unable to read the order (`orderUnreadable`, `orderNotFound`).
 */
export type SvcFailureCode = Extract<
  SvcMessageKey,
  | "expired"
  | "failed"
  | "cancelled"
  | "rejected"
  | "notCompleted"
  | "balanceNotCompleted"
  | "noBalancePayment"
  | "linkClosed"
  | "linkNoCart"
  | "linkNoOrder"
  | "linkNoPayment"
  | "linkWrongPayment"
  | "orderUnreadable"
  | "orderNotFound"
>

/**
 * The code of svc's failure as the plugin records it on the payment session (`data.svcStatus`,
 * `data.failureReason`), and the shopper's sentence for it: the plugin's own (English) in
 * English, the catalogue's in another language.
 */
export function svcFailure(
  data: Record<string, unknown> | null | undefined,
  text: SvcText
): { code: SvcFailureCode; reason: string } | null {
  const said =
    typeof data?.failureReason === "string" && data.failureReason
      ? data.failureReason
      : null
  const status = typeof data?.svcStatus === "string" ? data.svcStatus : ""
  if (!said && !["FAILED", "CANCELLED", "REJECTED", "EXPIRED"].includes(status))
    return null
  // svc's FAILED after the link's expiry is said as expired (the plugin's failureReason)
  const code: SvcFailureCode =
    status === "EXPIRED" || /expired/i.test(said ?? "")
      ? "expired"
      : status === "CANCELLED"
        ? "cancelled"
        : status === "REJECTED"
          ? "rejected"
          : "failed"
  return { code, reason: text.store(code, said) }
}

export type CompleteSvcReturnOptions = SvcTextOptions & {
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
  /**
   * A paid cart whose order is late, or a cart still busy: completed again every
   * `pollEveryMs` for this long (default 180000: Medusa's cart lock lasts 2 minutes
   * when the server holding it stopped) before `placing` is the answer.
   */
  waitForOrderMs?: number
  /**
   * Called once, as soon as the payment is known received while the order is
   * not placed yet (a completion still waiting after 3 s, or one that ended
   * without an order): the page can say so while this keeps trying.
   */
  onPlacing?: (cart: StoreCart) => void
}

// the payments' data: their title carries the payment reference the shopper saw on svc's page
const ORDER_FIELDS =
  "id,display_id,status,total,currency_code,payment_status,email,*payment_collections.payments"
const CART_FIELDS = "*payment_collection,*payment_collection.payment_sessions"
/** A completion still waiting this long: look whether the payment is in (the cart is probably busy). */
const LOOK_AFTER_MS = 3000

const isPaid = (o: { payment_status?: string }) =>
  o.payment_status === "captured"
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The store recorded the payment (authorized or captured): the money is in, whatever the order. */
function paymentReceived(cart: StoreCart | undefined): boolean {
  return (cart?.payment_collection?.payment_sessions ?? []).some(
    (s) => s.status === "authorized" || s.status === "captured"
  )
}

/**
 * On the return page (the provider's `redirectUrl`): completes the cart whose
 * id came back in the URL (the cart cookie may not survive the redirect) and
 * says what happened. Never cancels anything: a paid order is final, and
 * completing a completed cart again gives the same order. A cart whose payment
 * the store recorded is never reported failed: while its order is late it is
 * completed again until it is one (`placing`, `onPlacing`).
 */
export async function completeSvcReturn(
  sdk: StoreSdk,
  cartId: string,
  opts: CompleteSvcReturnOptions = {}
): Promise<SvcReturnResult> {
  const text = svcText(opts)
  if (!/^cart_[0-9A-Za-z]+$/.test(cartId ?? ""))
    return { kind: "failed", code: "linkNoCart", reason: text.t("linkNoCart") }
  const every = opts.pollEveryMs ?? 1000
  const deadline = Date.now() + (opts.waitForOrderMs ?? 180_000)
  let conflicts = opts.conflictRetries ?? 5
  let told = false
  const readCart = async (): Promise<StoreCart | undefined> => {
    try {
      return (await sdk.store.cart.retrieve(cartId, { fields: CART_FIELDS }))
        .cart
    } catch {
      return undefined
    }
  }
  const tellPlacing = (cart: StoreCart) => {
    if (told) return
    told = true
    opts.onPlacing?.(cart)
  }

  for (;;) {
    let completed: Completed | undefined
    let errorText: string | undefined
    let busy = false
    // a completion that waits (Medusa's cart lock held): look whether the payment is in meanwhile
    const look = setTimeout(() => {
      void readCart().then((c) => {
        if (c && paymentReceived(c)) tellPlacing(c)
      })
    }, LOOK_AFTER_MS)
    try {
      completed = await sdk.store.cart.complete(cartId)
    } catch (e) {
      errorText = (e as { message?: string })?.message
      const status = (e as { status?: number })?.status ?? 0
      // not "failed" while the cart is busy being made an order by the payment itself
      busy = status === 409 || status >= 500 || status === 0
    } finally {
      clearTimeout(look)
    }
    if (completed?.type === "order")
      return orderOutcome(sdk, completed.order, opts)
    if (completed?.type === "cart" && completed.error)
      errorText = completed.error.message || errorText

    const cart = await readCart()
    if (paymentReceived(cart)) {
      // paid, no order yet: never "failed"; complete again until it is an order
      tellPlacing(cart!)
      if (Date.now() >= deadline)
        return {
          kind: "placing",
          cart: cart!,
          paymentReference: svcPaymentReference(cart),
        }
      await sleep(every)
      continue
    }
    const sessions = cart?.payment_collection?.payment_sessions ?? []
    const failed = sessions.find(
      (s) => typeof s.data?.failureReason === "string" && s.data.failureReason
    )
    if (busy && !failed && (conflicts-- > 0 || Date.now() < deadline)) {
      await sleep(every)
      continue
    }
    // svc's reason; else what the store said (in English) or the kit's sentence
    const why = svcFailure(failed?.data, text) ?? {
      code: "notCompleted" as const,
      reason: text.store("notCompleted", errorText),
    }
    return { kind: "failed", ...why, ...(cart ? { cart } : {}) }
  }
}

async function orderOutcome(
  sdk: StoreSdk,
  placed: StoreOrder,
  opts: CompleteSvcReturnOptions
): Promise<SvcReturnResult> {
  let order = placed
  const read = async () => {
    try {
      order = {
        ...order,
        ...(await sdk.store.order.retrieve(order.id, { fields: ORDER_FIELDS }))
          .order,
      }
    } catch {
      // keep the last answer; the order exists
    }
  }
  // an already completed cart answers with the order as it was placed: read its payment (and reference) now
  if (!isPaid(order) || !svcPaymentReference(order)) await read()
  const end = Date.now() + (opts.waitForPaymentMs ?? 0)
  while (!isPaid(order) && Date.now() < end) {
    await sleep(opts.pollEveryMs ?? 1000)
    await read()
  }
  return {
    kind: isPaid(order) ? "paid" : "awaiting",
    order,
    paymentReference: svcPaymentReference(order),
  }
}
