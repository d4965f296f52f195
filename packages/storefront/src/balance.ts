import type { FpxBankList } from "./banks.js"
import { listFpxBanks } from "./banks.js"
import { SvcInputError, SvcStoreError, storeError } from "./errors.js"
import { checkFpxDirectChoice, amountToSen, type StartSvcPaymentInput, type StorePaymentSession } from "./payment.js"
import { svcMethodOf, isSvcProvider } from "./providers.js"
import type { StoreOrder } from "./return.js"
import type { StoreSdk } from "./sdk.js"

/**
 * An order's balance: an amount due after checkout (an order edit that added
 * an item, an exchange or claim with a difference, a draft order converted
 * unpaid) sits on a payment collection of the order that has no cart. It is
 * paid with a payment session on that collection (Medusa's store route
 * `POST /store/payment-collections/:id/payment-sessions`), and its return is
 * read from the order: there is no cart to complete.
 */

/** A payment collection of an order as the store API gives it (`order.payment_collections[]`). */
export type StoreOrderPaymentCollection = {
  id: string
  status?: string
  amount?: unknown
  currency_code?: string
  payment_sessions?: StorePaymentSession[]
}

type OrderWithCollections = {
  id: string
  status?: string
  currency_code?: string
  summary?: { pending_difference?: unknown } | null
  payment_collections?: (StoreOrderPaymentCollection | null)[] | null
}

/** Collections Medusa still expects money on. */
const UNPAID = new Set(["not_paid", "awaiting"])
const PAID = new Set(["completed", "partially_captured"])
const ORDER_ID = /^order_[0-9A-Za-z]+$/
const COLLECTION_ID = /^pay_col_[0-9A-Za-z]+$/
const ORDER_FIELDS = "id,display_id,status,currency_code,payment_status,email,total,summary,*payment_collections"
const RETURN_FIELDS = `${ORDER_FIELDS},*payment_collections.payment_sessions`
const FAILED_DEFAULT = "The payment was not completed; you can pay the balance again."

export type StartSvcBalancePaymentInput = StartSvcPaymentInput & {
  /** The collection to pay (from the store's link); default: the order's unpaid one. */
  paymentCollectionId?: string
}

/**
 * The order's payment collection still to be paid, and its amount in sen (as
 * the svc checkout will be), checked before any call: the order is not
 * canceled, is in MYR, and has an unpaid collection with an amount (the named
 * one, when `paymentCollectionId` is given). Errors name the field
 * (`orderId`, `paymentCollectionId`) in a sentence for the shopper.
 */
export function outstandingPaymentCollection(order: OrderWithCollections, paymentCollectionId?: string): { collection: StoreOrderPaymentCollection; amountSen: number } {
  if (!order?.id) throw new SvcInputError("orderId", "There is no order to pay.")
  if (order.status === "canceled") throw new SvcInputError("orderId", "This order was canceled; there is nothing to pay.")
  if (order.currency_code && order.currency_code.toLowerCase() !== "myr") {
    throw new SvcInputError("orderId", `svc accepts Malaysian ringgit (MYR) only; this order is in ${order.currency_code.toUpperCase()}.`)
  }
  const collections = (order.payment_collections ?? []).filter((c): c is StoreOrderPaymentCollection => !!c?.id)
  let collection: StoreOrderPaymentCollection | undefined
  if (paymentCollectionId !== undefined) {
    if (!COLLECTION_ID.test(paymentCollectionId)) throw new SvcInputError("paymentCollectionId", "The payment link is not valid (no payment collection id).")
    collection = collections.find((c) => c.id === paymentCollectionId)
    if (!collection) throw new SvcInputError("paymentCollectionId", "This payment is not one of this order's.")
    if (!UNPAID.has(collection.status ?? "")) {
      throw new SvcInputError(
        "paymentCollectionId",
        PAID.has(collection.status ?? "") ? "This balance is already paid." : "This payment can no longer be paid; ask the store for a new link."
      )
    }
  } else {
    collection = collections.find((c) => UNPAID.has(c.status ?? ""))
    if (!collection) {
      // owed, but no collection to pay it on (a converted draft order): the store opens it ("Request payment")
      const due = amountToSen(order.summary?.pending_difference)
      if (due !== null && due > 0) throw new SvcInputError("orderId", "This order's balance is not open for payment yet; the store will send you a payment link.")
      throw new SvcInputError("orderId", "This order has nothing left to pay.")
    }
  }
  const amountSen = amountToSen(collection.amount)
  if (amountSen === null || amountSen <= 0) throw new SvcInputError("paymentCollectionId", "This order has nothing left to pay.")
  return { collection, amountSen }
}

/**
 * Pays an order's balance with svc: reads the order, finds its unpaid payment
 * collection, creates the svc payment session on it with only the fields the
 * provider accepts, and returns where to send the shopper (`redirectUrl`,
 * svc's page). The provider's `redirectUrl` brings the shopper back with
 * `payment_collection_id` and `order_id` (there is no cart): hand them to
 * `completeSvcBalanceReturn`. FPX direct's choice is checked as for a cart.
 */
export async function startSvcBalancePayment(
  sdk: StoreSdk,
  orderId: string,
  input: StartSvcBalancePaymentInput
): Promise<{ redirectUrl: string; session: StorePaymentSession; paymentCollectionId: string; amountSen: number }> {
  const method = svcMethodOf(input.providerId)
  if (!method) throw new SvcInputError("providerId", `"${input.providerId}" is not an svc payment provider (pp_svc-wallet_…, pp_svc-fpx_… or pp_svc-fpx-direct_…).`)
  if (!ORDER_ID.test(orderId ?? "")) throw new SvcInputError("orderId", "There is no valid order id to pay.")
  const direct = method === "fpxDirect"
  let banks: FpxBankList | undefined = input.banks
  if (direct) {
    // the shopper's own choice first: a wrong one costs no call (the amount's cap is checked below)
    if (!banks && typeof input.bank === "string") banks = await listFpxBanks(sdk, { includeInactive: true })
    checkFpxDirectChoice({ ...input }, banks)
  }
  const order = await readOrder(sdk, orderId, ORDER_FIELDS)
  const { collection, amountSen } = outstandingPaymentCollection(order as OrderWithCollections, input.paymentCollectionId)
  const data: Record<string, unknown> = {}
  if (direct) {
    const choice = checkFpxDirectChoice({ ...input, amountSen }, banks)
    Object.assign(data, { bank: choice.bank.code, bankType: choice.bankType, buyerName: choice.buyerName })
  }
  let paid: { payment_collection: StoreOrderPaymentCollection }
  try {
    paid = await sdk.client.fetch<{ payment_collection: StoreOrderPaymentCollection }>(`/store/payment-collections/${encodeURIComponent(collection.id)}/payment-sessions`, {
      method: "POST",
      body: { provider_id: input.providerId, data },
    })
  } catch (e) {
    throw storeError(e, "The payment could not be started; please try again.")
  }
  const session = paid.payment_collection?.payment_sessions?.find((s) => s.provider_id === input.providerId)
  const url = session?.data?.checkoutUrl
  if (!session || typeof url !== "string" || !url) {
    const reason = session?.data?.failureReason
    throw new SvcStoreError(typeof reason === "string" && reason ? reason : "The payment could not be started; please try again.")
  }
  return { redirectUrl: url, session, paymentCollectionId: collection.id, amountSen }
}

/** The ids the provider's `redirectUrl` brings back for a balance (`?order_id=…&payment_collection_id=…`), or null when they are missing or malformed. */
export function balanceReturnParams(search: string | URLSearchParams): { orderId: string; paymentCollectionId?: string } | null {
  const p = typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search
  const orderId = p.get("order_id") ?? ""
  const pc = p.get("payment_collection_id")
  if (!ORDER_ID.test(orderId)) return null
  if (pc !== null && pc !== "" && !COLLECTION_ID.test(pc)) return null
  return pc ? { orderId, paymentCollectionId: pc } : { orderId }
}

/**
 * What the shopper's return from paying a balance came to:
 * - `paid`: svc has the money and the store recorded it (the balance is captured);
 * - `awaiting`: the payment is still processing (FPX can take a while; svc's
 *   webhook or the plugin's watcher confirms it, nothing to do);
 * - `failed`: not paid; `reason` is a sentence for the shopper, and the balance
 *   can be paid again (`startSvcBalancePayment`).
 * The order exists in every case; nothing is completed or canceled.
 */
export type SvcBalanceReturnResult = { kind: "paid"; order: StoreOrder } | { kind: "awaiting"; order: StoreOrder } | { kind: "failed"; reason: string; order?: StoreOrder }

export type CompleteSvcBalanceReturnOptions = {
  /** Keep reading the order this long while the payment is still processing (default 0: answer at once). */
  waitForPaymentMs?: number
  /** Between reads (default 1000). */
  pollEveryMs?: number
}

const hasSvcSession = (c: StoreOrderPaymentCollection) => (c.payment_sessions ?? []).some((s) => isSvcProvider(s.provider_id))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Outcome = { kind: "paid" } | { kind: "failed"; reason: string } | { kind: "open" }

/** The balance collection's state: paid, failed (with the shopper's reason) or still open. */
export function balanceOutcome(collection: StoreOrderPaymentCollection): Outcome {
  const sessions = (collection.payment_sessions ?? []).filter((s) => isSvcProvider(s.provider_id))
  if (PAID.has(collection.status ?? "") || sessions.some((s) => s.status === "captured" || s.status === "authorized")) return { kind: "paid" }
  if (!sessions.length) return { kind: "failed", reason: "No svc payment was started for this balance; you can pay it now." }
  const failed = sessions.find((s) => s.status === "error" || (typeof s.data?.failureReason === "string" && s.data.failureReason))
  if (failed && !sessions.some((s) => s !== failed && (s.status === "pending" || s.status === "requires_more"))) {
    const reason = failed.data?.failureReason
    return { kind: "failed", reason: typeof reason === "string" && reason ? reason : FAILED_DEFAULT }
  }
  if (collection.status === "canceled" || collection.status === "failed") return { kind: "failed", reason: "This payment can no longer be paid; ask the store for a new link." }
  return { kind: "open" }
}

/**
 * On the return page of a balance payment (the provider's `redirectUrl`, with
 * `order_id` and `payment_collection_id` in the query: `balanceReturnParams`):
 * reads the order and its payment collection and says whether the balance is
 * paid, still processing or not paid. No cart is completed, nothing canceled.
 */
export async function completeSvcBalanceReturn(
  sdk: StoreSdk,
  ids: { orderId: string; paymentCollectionId?: string },
  opts: CompleteSvcBalanceReturnOptions = {}
): Promise<SvcBalanceReturnResult> {
  if (!ORDER_ID.test(ids?.orderId ?? "")) return { kind: "failed", reason: "The link back from the payment has no valid order id." }
  if (ids.paymentCollectionId !== undefined && !COLLECTION_ID.test(ids.paymentCollectionId)) {
    return { kind: "failed", reason: "The link back from the payment has no valid payment id." }
  }
  const end = Date.now() + (opts.waitForPaymentMs ?? 0)
  for (;;) {
    let order: StoreOrder
    try {
      order = await readOrder(sdk, ids.orderId, RETURN_FIELDS)
    } catch (e) {
      return { kind: "failed", reason: (e as Error).message }
    }
    const collections = ((order as OrderWithCollections).payment_collections ?? []).filter((c): c is StoreOrderPaymentCollection => !!c?.id)
    const collection = ids.paymentCollectionId
      ? collections.find((c) => c.id === ids.paymentCollectionId)
      : // no id in the link: the unpaid collection with an svc session, else the last one with one
        (collections.find((c) => UNPAID.has(c.status ?? "") && hasSvcSession(c)) ?? [...collections].reverse().find(hasSvcSession))
    if (!collection) return { kind: "failed", reason: "The link back from the payment names a payment that is not this order's.", order }
    const outcome = balanceOutcome(collection)
    if (outcome.kind === "paid") return { kind: "paid", order }
    if (outcome.kind === "failed") return { kind: "failed", reason: outcome.reason, order }
    if (Date.now() >= end) return { kind: "awaiting", order }
    await sleep(opts.pollEveryMs ?? 1000)
  }
}

async function readOrder(sdk: StoreSdk, orderId: string, fields: string): Promise<StoreOrder> {
  try {
    return (await sdk.store.order.retrieve(orderId, { fields })).order
  } catch (e) {
    const err = storeError(e, "The order cannot be read right now; please try again.")
    if (err.status === 404) throw new SvcInputError("orderId", "This order was not found.")
    throw err
  }
}
