import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentEvents, PaymentSessionStatus } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/core-flows"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import { verifiedSessionOf, type SvcCheckoutRead } from "../account/keys"
import { failureReason, FINAL_UNPAID, OPEN } from "../account/status"
import { svcFromContainer } from "../account/config"
import type { LedgerRow } from "../../modules/svc/checkout-ledger"
import { SVC_MODULE, type SvcModuleService } from "../../modules/svc"
import { withApplySlot, withCheckoutLock } from "../account/serialize"
import { placePaidOrder } from "./complete-paid"

export type { SvcCheckoutRead }

/**
 * Who settles a checkout: svc's `checkout.updated` webhook, the near-real-time
 * watcher (job svc-watch-checkouts) or the reconciliation job (svc-reconcile).
 * Recorded in the checkout's status history and in what its order placement
 * says, so the history tells how the payment came to be applied.
 */
export type SettleSource = "webhook" | "watcher" | "job"

export type SettleOutcome =
  | "captured"
  | "already_settled"
  | "failed_session"
  | "order_canceled"
  | "order_flagged"
  | "attention_refund"
  | "paid_no_order"
  | "order_pending"
  | "pending"
  | "foreign"
  | "ignored"

type Container = MedusaContainer
type Logger = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }
type Query = { graph: (q: unknown) => Promise<{ data: any[] }> }

/** Outcomes after which nothing is left to do for the checkout's final status. */
const SETTLED_OUTCOMES: ReadonlySet<SettleOutcome> = new Set([
  "captured",
  "already_settled",
  "failed_session",
  "order_canceled",
  "order_flagged",
  "attention_refund",
  // captured; the order is the watcher's and the job's to place (complete-paid.ts)
  "order_pending",
  "ignored",
])

/** The checkout ledger: the svc module's service, the one owner of `svc_checkout`. */
export function checkoutLedgerOf(container: Container): SvcModuleService {
  return container.resolve<SvcModuleService>(SVC_MODULE)
}

/**
 * A `checkout.updated` event (only its checkout id and, as a hint, its status
 * are taken from the body). What it costs:
 * - a checkout whose final status is already settled: nothing (no svc call, no lock);
 * - a checkout this store has no ledger row for: nothing (not ours, or forged);
 * - an event that says the checkout is still open (CREATED, PENDING,
 *   PROCESSING): nothing; an open status needs no action, so ignoring an
 *   untrusted body is always safe, and the COMPLETED or FAILED event (or the
 *   watcher and the job) brings the outcome;
 * - otherwise one shared read of svc, under the checkout's lock, then the
 *   settle path.
 *
 * `source` is the caller: the webhook subscriber, or the watcher and the job
 * when they settle again a final status a stopped run recorded but never
 * applied (waiting.ts settleUnsettled).
 */
export async function settleCheckoutEvent(
  container: Container,
  checkoutId: string,
  hintStatus: string | null,
  source: SettleSource
): Promise<{ outcome: SettleOutcome | "unknown_checkout" | "open_status_noted"; svcStatus?: string; timing?: string }> {
  const ledger = checkoutLedgerOf(container)
  const row = await ledger.checkoutRow(checkoutId)
  if (!row) return { outcome: "unknown_checkout" }
  if (row?.settled_status) return { outcome: "already_settled", svcStatus: row.settled_status }
  if (hintStatus && OPEN.has(hintStatus)) return { outcome: "open_status_noted" }
  const svc = svcFromContainer(container)
  const t0 = Date.now()
  return withCheckoutLock(container, checkoutId, async () => {
    const locked = Date.now()
    const again = await ledger.checkoutRow(checkoutId)
    if (again?.settled_status) return { outcome: "already_settled" as const, svcStatus: again.settled_status }
    const c = await svc.reads.read(checkoutId)
    const read = Date.now()
    const t: Timing = {}
    const outcome = await settleLocked(container, ledger, c, source, again, t)
    const timing =
      `lock ${locked - t0} ms, read ${read - locked} ms, apply ${Date.now() - read} ms` +
      (t.slot !== undefined ? ` (slot ${t.slot} ms${t.workflow !== undefined ? `, capture ${t.workflow} ms, order check ${t.order} ms` : ""})` : "")
    return { outcome, svcStatus: c.status, timing }
  })
}

/**
 * The one path that turns a checkout read from svc into Medusa state, used by
 * the webhook subscriber, the watcher and the reconciliation job alike, one
 * run per checkout at a time (withCheckoutLock), and skipped once the
 * checkout's final status is settled.
 *
 * - COMPLETED for the session's current checkout and amount: recorded captured
 *   (a cart's: authorized and captured in one payment-module call under the
 *   cart's lock, then the order; a balance's: Medusa's processPaymentWorkflow),
 *   run here once (the plugin owns the webhook path; see docs/architecture.md). Paid but the order was canceled,
 *   the cart was paid another way, or the checkout is not the session's
 *   current one: flagged for a refund on the svc_checkout row (visible to
 *   admins), never dropped.
 * - FAILED, CANCELLED, REJECTED or expired: an order already placed awaiting
 *   payment is canceled or flagged (option `failedPaymentOrder`), with the
 *   reason recorded before the cancel; then the session goes to `error` with
 *   the reason (Medusa's core ignores failed webhooks, medusajs/medusa#16398),
 *   so the cart can be paid again.
 */
export async function settleCheckout(container: Container, c: SvcCheckoutRead, source: SettleSource): Promise<SettleOutcome> {
  const ledger = checkoutLedgerOf(container)
  svcFromContainer(container).reads.remember(c)
  return withCheckoutLock(container, c.checkoutId, async () => {
    const row = await ledger.checkoutRow(c.checkoutId)
    if (row?.settled_status) return "already_settled"
    return settleLocked(container, ledger, c, source, row)
  })
}

/** Where a settlement's time went, for the webhook log line. */
type Timing = { slot?: number; workflow?: number; order?: number }

async function settleLocked(
  container: Container,
  ledger: SvcModuleService,
  c: SvcCheckoutRead,
  source: SettleSource,
  /** the checkout's ledger row, read by the caller under the lock (its session owns the checkout now) */
  row: LedgerRow | undefined,
  timing?: Timing
): Promise<SettleOutcome> {
  const expired = !["COMPLETED", ...FINAL_UNPAID].includes(c.status) && Date.parse(c.expiresAt) <= Date.now()
  const ledgerStatus = expired && c.status !== "FAILED" ? "EXPIRED" : c.status
  const queued = Date.now()
  const outcome = await withApplySlot(() => {
    if (timing) timing.slot = Date.now() - queued
    return applyCheckout(container, ledger, c, source, expired, ledgerStatus, row, timing)
  })
  if (SETTLED_OUTCOMES.has(outcome) && (c.status === "COMPLETED" || FINAL_UNPAID.has(ledgerStatus))) {
    await ledger.markCheckoutSettled(c.checkoutId, ledgerStatus)
  }
  return outcome
}

async function applyCheckout(
  container: Container,
  ledger: SvcModuleService,
  c: SvcCheckoutRead,
  source: SettleSource,
  expired: boolean,
  ledgerStatus: string,
  row: LedgerRow | undefined,
  timing?: Timing
): Promise<SettleOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const svc = svcFromContainer(container)
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const paymentModule = container.resolve<any>(Modules.PAYMENT)

  const t = verifiedSessionOf(svc.options.apiKey, c, row)
  if (!t) {
    logger.warn(`svc: checkout ${c.checkoutId} carries a title this store did not make; ignored`)
    return "foreign"
  }

  const reason = c.status === "COMPLETED" ? null : failureReason(c.status, expired)
  await ledger.recordCheckoutStatus(c.checkoutId, {
    status: ledgerStatus,
    source,
    paidAt: c.paidAt ?? null,
    txHash: c.txHash ?? null,
    failureReason: reason,
  })

  // The session that owns the checkout now: the one named in its title, or a later session of the
  // same collection that took it over (svc-base adoptOpenCheckout), as the ledger records.
  const owner = row?.payment_session_id ?? t.sessionId
  const session = await sessionOf(query, owner)
  const sessionData = (session?.data ?? {}) as Record<string, unknown>
  const isCurrent = !!session && sessionData.checkoutId === c.checkoutId
  // svc's amount is Medusa's rounded half-up to the sen (39.852 → 3985): that payment is this session's.
  const medusaAmount = session ? (session.raw_amount?.value ?? session.amount) : undefined
  const amountMatches = !!session && medusaAmountToSen(medusaAmount) === Number(c.amount)
  const ctx: CollectionContext = session ? await cartAndOrder(query, session.payment_collection_id, session.id) : { otherPaid: false }
  // The order this payment is for: the cart's (checkout), or, for a payment
  // collection with no cart, the order it belongs to (a balance after an order
  // edit, exchange, claim or draft order).
  const order = ctx.order ?? ctx.balanceOf

  if (c.status === "COMPLETED") {
    if (!session || !isCurrent || !amountMatches) {
      await ledger.flagCheckout(
        c.checkoutId,
        "refund_required",
        "Paid a checkout that is no longer this cart's current payment (amount or session changed); refund the buyer or reconcile by hand."
      )
      return "attention_refund"
    }
    if (order?.status === "canceled") {
      await ledger.flagCheckout(c.checkoutId, "refund_required", `Paid after order ${order.id} was canceled; refund the buyer.`, order.id)
      return "attention_refund"
    }
    if (ctx.otherPaid) {
      const what = ctx.balanceOf ? `The balance of order ${ctx.balanceOf.id}` : "The cart"
      await ledger.flagCheckout(c.checkoutId, "refund_required", `${what} was already paid with another payment session; refund the buyer.`, ctx.balanceOf?.id)
      return "attention_refund"
    }
    const captured = session.status === PaymentSessionStatus.CAPTURED || session.status === PaymentSessionStatus.AUTHORIZED
    if (captured && order) return "already_settled"
    const wf = Date.now()
    if (!captured) {
      try {
        if (ctx.cartId) await recordCapture(container, query, ctx.cartId, session.id)
        else
          await processPaymentWorkflow(container).run({
            input: { action: PaymentActions.SUCCESSFUL, data: { session_id: session.id, amount: medusaAmount } },
          })
      } catch (e) {
        // The storefront's own completion may have captured it meanwhile
        // (it holds the cart lock, not this checkout's): that is the outcome.
        const now = await sessionOf(query, session.id)
        if (now?.status !== PaymentSessionStatus.CAPTURED && now?.status !== PaymentSessionStatus.AUTHORIZED) throw e
        logger.info(`svc: checkout ${c.checkoutId}: captured by the storefront's completion meanwhile (${(e as Error).message})`)
      }
    }
    const ord = Date.now()
    const result = await ensureOrder(container, ledger, query, c.checkoutId, session.payment_collection_id, session.id, source)
    if (timing) Object.assign(timing, { workflow: ord - wf, order: Date.now() - ord })
    return result
  }

  if (FINAL_UNPAID.has(c.status) || expired) {
    if (!session || !isCurrent) return "ignored"
    if (session.status === PaymentSessionStatus.CAPTURED || session.status === PaymentSessionStatus.AUTHORIZED) return "ignored"
    let outcome: SettleOutcome = "failed_session"
    // Only an order placed awaiting this very payment is canceled or flagged: a
    // failed balance payment leaves its order as it is (it stays paid for what
    // it was; the balance can be asked for again).
    if (ctx.order) outcome = await failOrder(container, ledger, query, c.checkoutId, ctx.order, ledgerStatus, reason, logger)
    // Last: while the session still waits, the job finds the checkout again
    // should this run stop half way.
    if (session.status !== PaymentSessionStatus.ERROR) {
      await paymentModule.updatePaymentSessions({
        id: session.id,
        status: PaymentSessionStatus.ERROR,
        data: { ...sessionData, svcStatus: ledgerStatus, failureReason: reason },
      })
    }
    return outcome
  }
  return "pending"
}

/**
 * svc has the cart's money: Medusa records the payment authorized and captured in one call
 * (the provider's authorizePayment answers CAPTURED from the ledger's final status, with no svc
 * call, and Medusa's payment module records the capture with it), under the cart's lock: the
 * key Medusa's completeCartWorkflow takes, so the shopper's own completion cannot record the
 * payment a second time. This is the completion's own first step, without
 * processPaymentWorkflow's queries, capture workflow and nested completion around it (the order
 * follows in ensureOrder); payment.captured is emitted as capturePaymentWorkflow emits it.
 */
async function recordCapture(container: Container, query: Query, cartId: string, sessionId: string): Promise<void> {
  const paymentModule = container.resolve<any>(Modules.PAYMENT)
  const locking = container.resolve<{ execute: <T>(keys: string, job: () => Promise<T>, args?: { timeout?: number }) => Promise<T> }>(Modules.LOCKING)
  const recorded = await locking.execute(
    cartId,
    async () => {
      const now = await sessionOf(query, sessionId)
      if (now?.status === PaymentSessionStatus.AUTHORIZED || now?.status === PaymentSessionStatus.CAPTURED) return null
      return (await paymentModule.authorizePaymentSession(sessionId, {})) as { id: string } | null
    },
    { timeout: 30 }
  )
  if (recorded?.id) {
    await container.resolve<{ emit: (e: unknown) => Promise<void> }>(Modules.EVENT_BUS).emit({ name: PaymentEvents.CAPTURED, data: { id: recorded.id } })
  }
}

/**
 * The payment is captured: the cart must be an order. Completion can fail (it may have lost
 * the cart lock to the storefront's own completion, or to a process killed
 * inside one, whose lock lasts its 2-minute lease): look, complete once more if
 * the lock can be taken (src/plugin/settle/complete-paid.ts), and otherwise leave
 * the cart to the watcher and the job, which try again until it is an order
 *. Only a cart that cannot be completed is flagged.
 */
async function ensureOrder(
  container: Container,
  ledger: SvcModuleService,
  query: Query,
  checkoutId: string,
  paymentCollectionId: string,
  sessionId: string,
  source: SettleSource
): Promise<SettleOutcome> {
  const ctx = await cartAndOrder(query, paymentCollectionId, sessionId)
  // No cart (an order's balance): the order exists, there is nothing to complete.
  if (ctx.order || !ctx.cartId) return "captured"
  const r = await placePaidOrder(container, ledger, { checkoutId, cartId: ctx.cartId, sessionId }, source)
  if (r.outcome === "placed") return "captured"
  return r.outcome === "later" ? "order_pending" : "paid_no_order"
}

/** The payment of an order placed awaiting payment failed: cancel it (or flag it), the reason recorded first. */
async function failOrder(
  container: Container,
  ledger: SvcModuleService,
  query: Query,
  checkoutId: string,
  o: { id: string; status: string; metadata?: Record<string, unknown> },
  ledgerStatus: string,
  reason: string | null,
  logger: Logger
): Promise<SettleOutcome> {
  const svc = svcFromContainer(container)
  const canceledReason = `Order ${o.id} was canceled: ${reason}`
  if (o.status === "canceled") {
    // Canceled by an earlier run that stopped before its flag, or by an admin:
    // the reason is recorded either way.
    const row = await ledger.checkoutRow(checkoutId)
    if (!row?.attention) await ledger.flagCheckout(checkoutId, "order_canceled", canceledReason, o.id)
    return "order_canceled"
  }
  if (svc.options.failedPaymentOrder === "cancel") {
    await ledger.flagCheckout(checkoutId, "order_canceled", canceledReason, o.id)
    try {
      await cancelOrderWorkflow(container).run({ input: { order_id: o.id } as never })
      return "order_canceled"
    } catch (e) {
      const { data: now } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: o.id } })
      if (now[0]?.status === "canceled") return "order_canceled"
      logger.warn(`svc: could not cancel order ${o.id} after its payment failed: ${(e as Error).message}; flagging it instead`)
    }
  }
  const orderModule = container.resolve<any>(Modules.ORDER)
  await orderModule.updateOrders({ id: o.id, metadata: { ...(o.metadata ?? {}), svc_payment_failed: reason, svc_checkout_id: checkoutId } })
  await ledger.flagCheckout(checkoutId, "payment_failed_after_order", `Order ${o.id} was placed awaiting payment, and the payment ${ledgerStatus.toLowerCase()}: ${reason}`, o.id)
  return "order_flagged"
}

async function sessionOf(query: Query, id: string): Promise<any | undefined> {
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "amount", "raw_amount", "status", "data", "payment_collection_id", "provider_id"],
    filters: { id },
  })
  return data[0]
}

type OrderRef = { id: string; status: string; metadata?: Record<string, unknown> }
type CollectionContext = {
  cartId?: string
  /** The cart's order (a checkout's payment). */
  order?: OrderRef
  /** The order of a payment collection that has no cart: an order's balance, never completed as a cart. */
  balanceOf?: OrderRef
  otherPaid: boolean
}

async function cartAndOrder(query: Query, paymentCollectionId: string, sessionId: string): Promise<CollectionContext> {
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const cartId = links[0]?.cart_id as string | undefined
  const { data: pcs } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "payments.id", "payments.payment_session_id", "payments.captured_at", "payments.canceled_at"],
    filters: { id: paymentCollectionId },
  })
  // The cart was paid through another session of the same collection.
  const payments = (pcs[0]?.payments ?? []) as { payment_session_id?: string; canceled_at?: string | null }[]
  const otherPaid = payments.some((p) => p.payment_session_id && p.payment_session_id !== sessionId && !p.canceled_at)
  if (!cartId) {
    const { data: opc } = await query.graph({
      entity: "order_payment_collection",
      fields: ["order_id"],
      filters: { payment_collection_id: paymentCollectionId },
    })
    const balanceOrderId = opc[0]?.order_id as string | undefined
    if (!balanceOrderId) return { otherPaid }
    const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status", "metadata"], filters: { id: balanceOrderId } })
    return { balanceOf: orders[0], otherPaid }
  }
  const { data: oc } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderId = oc[0]?.order_id as string | undefined
  if (!orderId) return { cartId, otherPaid }
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status", "metadata"], filters: { id: orderId } })
  return { cartId, order: orders[0], otherPaid }
}
