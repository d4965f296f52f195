import type { FpxBankList } from "./banks.js"
import { listFpxBanks } from "./banks.js"
import {
  SvcInputError,
  SvcStoreError,
  inputError,
  storeError,
} from "./errors.js"
import { svcText, type SvcText, type SvcTextOptions } from "./i18n/text.js"
import {
  checkFpxDirectChoice,
  amountToSen,
  startedSession,
  type StartSvcPaymentInput,
  type StorePaymentSession,
} from "./payment.js"
import { svcMethodOf, isSvcProvider } from "./providers.js"
import { svcFailure, type StoreOrder, type SvcFailureCode } from "./return.js"
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
const ORDER_FIELDS =
  "id,display_id,status,currency_code,payment_status,email,total,summary,*payment_collections"
const RETURN_FIELDS = `${ORDER_FIELDS},*payment_collections.payment_sessions`

export type StartSvcBalancePaymentInput = StartSvcPaymentInput & {
  /** The collection to pay (from the store's link); default: the order's unpaid one. */
  paymentCollectionId?: string
}

/**
 * The order's payment collection still to be paid, and its amount in sen (as
 * the svc checkout will be), checked before any call: the order is not
 * canceled, is in MYR, and has an unpaid collection with an amount (the named
 * one, when `paymentCollectionId` is given). Errors name the field
 * (`orderId`, `paymentCollectionId`) in a sentence for the shopper (in the
 * language of `opts`) and carry its `code`.
 */
export function outstandingPaymentCollection(
  order: OrderWithCollections,
  paymentCollectionId?: string,
  opts: SvcTextOptions = {}
): { collection: StoreOrderPaymentCollection; amountSen: number } {
  const text = svcText(opts)
  if (!order?.id) throw inputError(text, "orderId", "noOrder")
  if (order.status === "canceled")
    throw inputError(text, "orderId", "orderCanceled")
  if (order.currency_code && order.currency_code.toLowerCase() !== "myr") {
    throw inputError(text, "orderId", "orderCurrency", {
      currency: order.currency_code.toUpperCase(),
    })
  }
  const collections = (order.payment_collections ?? []).filter(
    (c): c is StoreOrderPaymentCollection => !!c?.id
  )
  let collection: StoreOrderPaymentCollection | undefined
  if (paymentCollectionId !== undefined) {
    if (!COLLECTION_ID.test(paymentCollectionId))
      throw inputError(text, "paymentCollectionId", "paymentLinkInvalid")
    collection = collections.find((c) => c.id === paymentCollectionId)
    if (!collection)
      throw inputError(text, "paymentCollectionId", "notThisOrder")
    if (!UNPAID.has(collection.status ?? ""))
      throw inputError(
        text,
        "paymentCollectionId",
        PAID.has(collection.status ?? "") ? "balancePaid" : "linkClosed"
      )
  } else {
    collection = collections.find((c) => UNPAID.has(c.status ?? ""))
    if (!collection) {
      // owed, but no collection to pay it on (a converted draft order): the store opens it ("Request payment")
      const due = amountToSen(order.summary?.pending_difference)
      if (due !== null && due > 0)
        throw inputError(text, "orderId", "balanceNotOpen")
      throw inputError(text, "orderId", "nothingToPay")
    }
  }
  const amountSen = amountToSen(collection.amount)
  if (amountSen === null || amountSen <= 0)
    throw inputError(text, "paymentCollectionId", "nothingToPay")
  return { collection, amountSen }
}

/**
 * Pays an order's balance with svc: reads the order, finds its unpaid payment
 * collection, creates the svc payment session on it with only the fields the
 * provider accepts, and returns where to send the shopper (`redirectUrl`,
 * svc's page). The provider's `redirectUrl` brings the shopper back with
 * `payment_collection_id` and `order_id` (there is no cart): hand them to
 * `completeSvcBalanceReturn`. FPX direct's choice is checked as for a cart;
 * errors in the language of `opts`.
 */
export async function startSvcBalancePayment(
  sdk: StoreSdk,
  orderId: string,
  input: StartSvcBalancePaymentInput,
  opts: SvcTextOptions = {}
): Promise<{
  redirectUrl: string
  session: StorePaymentSession
  paymentCollectionId: string
  amountSen: number
}> {
  const text = svcText(opts)
  const method = svcMethodOf(input.providerId)
  if (!method)
    throw inputError(text, "providerId", "notSvcProvider", {
      id: input.providerId,
    })
  if (!ORDER_ID.test(orderId ?? ""))
    throw inputError(text, "orderId", "noOrderId")
  const direct = method === "fpxDirect"
  let banks: FpxBankList | undefined = input.banks
  if (direct) {
    // the shopper's own choice first: a wrong one costs no call (the amount's cap is checked below)
    if (!banks && typeof input.bank === "string")
      banks = await listFpxBanks(sdk, { ...opts, includeInactive: true })
    checkFpxDirectChoice({ ...input }, banks, opts)
  }
  const order = await readOrder(sdk, orderId, ORDER_FIELDS, text)
  const { collection, amountSen } = outstandingPaymentCollection(
    order as OrderWithCollections,
    input.paymentCollectionId,
    opts
  )
  const data: Record<string, unknown> = {}
  if (direct) {
    const choice = checkFpxDirectChoice({ ...input, amountSen }, banks, opts)
    Object.assign(data, {
      bank: choice.bank.code,
      bankType: choice.bankType,
      buyerName: choice.buyerName,
    })
  }
  let paid: { payment_collection: StoreOrderPaymentCollection }
  try {
    paid = await sdk.client.fetch<{
      payment_collection: StoreOrderPaymentCollection
    }>(
      `/store/payment-collections/${encodeURIComponent(collection.id)}/payment-sessions`,
      {
        method: "POST",
        body: { provider_id: input.providerId, data },
      }
    )
  } catch (e) {
    throw storeError(e, "startFailed", text)
  }
  return {
    ...startedSession(
      paid.payment_collection?.payment_sessions,
      input.providerId,
      text
    ),
    paymentCollectionId: collection.id,
    amountSen,
  }
}

/** The ids the provider's `redirectUrl` brings back for a balance (`?order_id=…&payment_collection_id=…`), or null when they are missing or malformed. */
export function balanceReturnParams(
  search: string | URLSearchParams
): { orderId: string; paymentCollectionId?: string } | null {
  const p =
    typeof search === "string"
      ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)
      : search
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
 * - `failed`: not paid; `reason` is a sentence for the shopper (in the kit's language),
 *   `code` says why (`SvcFailureCode`), and the balance can be paid again (`startSvcBalancePayment`).
 * The order exists in every case; nothing is completed or canceled.
 */
export type SvcBalanceReturnResult =
  | { kind: "paid"; order: StoreOrder }
  | { kind: "awaiting"; order: StoreOrder }
  | { kind: "failed"; code: SvcFailureCode; reason: string; order?: StoreOrder }

export type CompleteSvcBalanceReturnOptions = SvcTextOptions & {
  /** Keep reading the order this long while the payment is still processing (default 0: answer at once). */
  waitForPaymentMs?: number
  /** Between reads (default 1000). */
  pollEveryMs?: number
}

const hasSvcSession = (c: StoreOrderPaymentCollection) =>
  (c.payment_sessions ?? []).some((s) => isSvcProvider(s.provider_id))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Outcome =
  | { kind: "paid" }
  | { kind: "failed"; code: SvcFailureCode; reason: string }
  | { kind: "open" }

/** The balance collection's state: paid, failed (with the shopper's reason and its code) or still open. */
export function balanceOutcome(
  collection: StoreOrderPaymentCollection,
  opts: SvcTextOptions = {}
): Outcome {
  const text = svcText(opts)
  const sessions = (collection.payment_sessions ?? []).filter((s) =>
    isSvcProvider(s.provider_id)
  )
  if (
    PAID.has(collection.status ?? "") ||
    sessions.some((s) => s.status === "captured" || s.status === "authorized")
  )
    return { kind: "paid" }
  if (!sessions.length) return failure(text, "noBalancePayment")
  const failed = sessions.find(
    (s) =>
      s.status === "error" ||
      (typeof s.data?.failureReason === "string" && s.data.failureReason)
  )
  if (
    failed &&
    !sessions.some(
      (s) =>
        s !== failed && (s.status === "pending" || s.status === "requires_more")
    )
  ) {
    return {
      kind: "failed",
      ...(svcFailure(failed.data, text) ?? {
        code: "balanceNotCompleted",
        reason: text.t("balanceNotCompleted"),
      }),
    }
  }
  if (collection.status === "canceled" || collection.status === "failed")
    return failure(text, "linkClosed")
  return { kind: "open" }
}

const failure = (text: SvcText, code: SvcFailureCode) => ({
  kind: "failed" as const,
  code,
  reason: text.t(code),
})

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
  const text = svcText(opts)
  if (!ORDER_ID.test(ids?.orderId ?? "")) return failure(text, "linkNoOrder")
  if (
    ids.paymentCollectionId !== undefined &&
    !COLLECTION_ID.test(ids.paymentCollectionId)
  )
    return failure(text, "linkNoPayment")
  const end = Date.now() + (opts.waitForPaymentMs ?? 0)
  for (;;) {
    let order: StoreOrder
    try {
      order = await readOrder(sdk, ids.orderId, RETURN_FIELDS, text)
    } catch (e) {
      const code =
        (e as SvcInputError | SvcStoreError).code === "orderNotFound"
          ? "orderNotFound"
          : "orderUnreadable"
      return { kind: "failed", code, reason: (e as Error).message }
    }
    const collections = (
      (order as OrderWithCollections).payment_collections ?? []
    ).filter((c): c is StoreOrderPaymentCollection => !!c?.id)
    const collection = ids.paymentCollectionId
      ? collections.find((c) => c.id === ids.paymentCollectionId)
      : // no id in the link: the unpaid collection with an svc session, else the last one with one
        (collections.find(
          (c) => UNPAID.has(c.status ?? "") && hasSvcSession(c)
        ) ?? [...collections].reverse().find(hasSvcSession))
    if (!collection) return { ...failure(text, "linkWrongPayment"), order }
    const outcome = balanceOutcome(collection, opts)
    if (outcome.kind === "paid") return { kind: "paid", order }
    if (outcome.kind === "failed") return { ...outcome, order }
    if (Date.now() >= end) return { kind: "awaiting", order }
    await sleep(opts.pollEveryMs ?? 1000)
  }
}

async function readOrder(
  sdk: StoreSdk,
  orderId: string,
  fields: string,
  text: SvcText
): Promise<StoreOrder> {
  try {
    return (await sdk.store.order.retrieve(orderId, { fields })).order
  } catch (e) {
    const err = storeError(e, "orderUnreadable", text)
    if (err.status === 404) throw inputError(text, "orderId", "orderNotFound")
    throw err
  }
}
