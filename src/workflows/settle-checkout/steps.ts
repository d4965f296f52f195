import pLimit from "p-limit"
import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  Modules,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  cancelOrderWorkflow,
  capturePaymentWorkflow,
} from "@medusajs/core-flows"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import {
  verifiedSessionOf,
  type SvcCheckoutRead,
} from "../../lib/svc-runtime/keys"
import { failureReason, FINAL_UNPAID, OPEN } from "../../lib/svc-runtime/status"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import { SVC_MODULE, type SvcModuleService } from "../../modules/svc"
import type { LedgerRow } from "../../modules/svc/checkout-ledger"
import {
  cartCannotComplete,
  cartCheckFields,
  checkoutLockKey,
  placePaidOrder,
  type CartFacts,
} from "./place-order"
import { english, say, type Said } from "../../lib/texts"
import {
  PAYMENT_AMOUNTS,
  paymentTouched,
  type PaymentAmounts,
} from "../../lib/medusa-data/medusa-reads"
import { messageOf } from "./checkout-lock"
import type { SettleCheckoutResult } from "."

/**
 * The steps of the settle workflow (index.ts), in the order it runs them. Each step
 * passes plain data (ids, strings, numbers) to the next; none compensates a
 * change to money: once svc has been paid or a capture recorded, a step records and
 * flags for a person instead (DESIGN.md, invariants).
 */

/** Who started the settlement, as the status history records it: svc's webhook, the watcher, the reconciliation job, "admin" (Medusa's "Check status" banner) or "payment_link" (a buyer opened a lasting payment link). */
export type SettleSource =
  "webhook" | "watcher" | "job" | "admin" | "payment_link"

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
  | "unknown_checkout"
  | "open_status_noted"

export type SettleCheckoutInput = {
  checkout_id: string
  source: SettleSource
  /** the status an event's body claims: only an open one is used, to do nothing */
  hint_status?: string | null
  /** the checkout as svc's list returned it (the watcher, the job): not read again */
  checkout?: SvcCheckoutRead | null
}

const ledgerOf = (c: MedusaContainer) =>
  c.resolve<SvcModuleService>(SVC_MODULE).checkouts
const queryOf = (c: MedusaContainer) =>
  c.resolve(ContainerRegistrationKeys.QUERY)
const recorded = (status?: string) =>
  status === PaymentSessionStatus.CAPTURED ||
  status === PaymentSessionStatus.AUTHORIZED

// ------------------------------------------------------------------ find

export type Found = {
  go: boolean
  /** the checkout's lock, and this run's own name as its holder (only the holder releases it) */
  lock_key: string
  lock_owner: string
}

/**
 * What the event costs before any lock: nothing for an event that says the checkout is
 * still open (an untrusted body saying "still open" can only mean "do nothing"). Every
 * other question (is it this store's, is it settled) is the ledger row's, read once,
 * under the lock (readCheckoutStep): read before the lock it would have to be read again
 * under it, since a run that held the lock before may have settled it.
 */
export const findCheckoutStep = createStep(
  "svc-find-checkout",
  async (input: SettleCheckoutInput) => {
    return new StepResponse<Found>({
      // an event saying "still open": nothing to do (index.ts: outcome open_status_noted)
      go:
        !!input.checkout || !input.hint_status || !OPEN.has(input.hint_status),
      lock_key: checkoutLockKey(input.checkout_id),
      lock_owner: `svc-settle:${randomUUID()}`,
    })
  }
)

// ------------------------------------------------------------------ read

export type Read = {
  checkout: SvcCheckoutRead | null
  /** the ledger row (as its one statement returned it: plain data) */
  row: LedgerRow | null
  outcome?: SettleOutcome
  svc_status?: string
  read_ms: number
}

/**
 * Under the checkout's lock: the ledger row, the one read of it in a settlement (a checkout
 * this store never made, or one whose final status is applied, stops here: no svc call),
 * then svc's checkout, read once and shared with any read of the same checkout in this
 * process (never the event's body).
 */
export const readCheckoutStep = createStep(
  "svc-read-checkout",
  async (
    { input, found }: { input: SettleCheckoutInput; found: Found },
    { container }
  ) => {
    const stop = (outcome?: SettleOutcome, svc_status?: string) =>
      new StepResponse<Read>({
        checkout: null,
        row: null,
        outcome,
        svc_status,
        read_ms: 0,
      })
    if (!found.go) return stop()
    const row = await ledgerOf(container).byCheckoutId(input.checkout_id)
    if (!row) return stop("unknown_checkout")
    if (row.settled_status) return stop("already_settled", row.settled_status)
    const { reads } = svcFromContainer(container)
    if (input.checkout) reads.remember(input.checkout)
    const t0 = Date.now()
    const checkout = input.checkout ?? (await reads.read(input.checkout_id))
    return new StepResponse<Read>({ checkout, row, read_ms: Date.now() - t0 })
  }
)

// ------------------------------------------------------------------ apply slot

/**
 * Settlements applied at once in this process (a capture and a cart completion each).
 * Unbounded, fifty webhook settlements share two cores fairly and all finish together
 * at the end (measured: every webhook-only order ~10 s after payment at 100 shoppers);
 * a few at a time, first come first served, the first are done in a second and the
 * queue drains in order. The slot is a step so a failing step frees it (compensation).
 */
const applySlots = pLimit(4)
/** The slots held, each by the function that frees it (p-limit's turn ends when it is called). */
const holders = new Map<string, () => void>()
let tokens = 0

function freeSlot(token: string | null | undefined): void {
  if (!token) return
  holders.get(token)?.() // a second call (the step, then its compensation) finds none
  holders.delete(token)
}

export const takeApplySlotStep = createStep(
  "svc-take-apply-slot",
  async ({ go }: { go: boolean }) => {
    const queued = Date.now()
    const token = go ? `slot-${++tokens}` : null
    if (token)
      await new Promise<void>((taken) => {
        void applySlots(
          () =>
            new Promise<void>((free) => {
              holders.set(token, free)
              taken()
            })
        )
      })
    const waited_ms = token ? Date.now() - queued : 0
    return new StepResponse({ token, waited_ms }, token)
  },
  async (token) => freeSlot(token)
)

export const freeApplySlotStep = createStep(
  "svc-free-apply-slot",
  async (slot: { token: string | null }) => {
    freeSlot(slot.token)
    return new StepResponse(undefined)
  }
)

// ------------------------------------------------------------------ judge

type OrderRef = {
  id: string
  status: string
  metadata: Record<string, unknown> | null
}

type Statuses = { svc_status: string; ledger_status: string }

/**
 * What Medusa must do for this checkout, decided from svc's answer, the ledger and Medusa's data;
 * with the checkout and the settlement's source, for the step that does it.
 */
export type Plan = Pick<SettleCheckoutInput, "checkout_id" | "source"> &
  Decision
type Decision =
  | ({ action: "done"; outcome: SettleOutcome } & Partial<Statuses>)
  | ({ action: "flag"; reason: string; order_id?: string } & Statuses)
  | ({
      action: "capture"
      payment_session_id: string
      /** the session's amount in Medusa (decimal text), which svc was paid in sen */
      paid: string
      cart_id: string | null
      /** already authorized or captured in Medusa (the storefront's completion got there first) */
      recorded: boolean
      /** attempts at the order a run already left for later (for the history) */
      order_attempts: number
      order_id: string | null
      /** why the cart cannot become an order as paid (cartCannotComplete, from the judge's read), or null */
      cannot: string | null
    } & Statuses)
  | ({
      action: "fail"
      reason: string | null
      session_id: string
      session_status: string
      session_data: Record<string, unknown>
      /** the order placed awaiting this payment (a cart's), to cancel or flag */
      order: OrderRef | null
      /** what the ledger row already asks of an admin (read under the lock) */
      attention: string | null
    } & Statuses)

export type FlagPlan = Extract<Plan, { action: "flag" }>
export type CapturePlan = Extract<Plan, { action: "capture" }>
export type FailPlan = Extract<Plan, { action: "fail" }>

type SessionGraph = {
  id: string
  status: string
  amount: unknown
  raw_amount?: { value?: unknown } | null
  data: Record<string, unknown> | null
  payment_collection_id: string
  payment_collection?:
    | (PaymentAmounts & {
        cart?: (CartFacts & { order?: OrderRef | null }) | null
      })
    | null
}

const ORDER_FIELDS = ["id", "status", "metadata"]
const SESSION_FIELDS = [
  "id",
  "amount",
  "raw_amount",
  "status",
  "data",
  "payment_collection_id",
  "payment_collection.cart.id",
  ...PAYMENT_AMOUNTS,
  ...ORDER_FIELDS.map((f) => `payment_collection.cart.order.${f}`),
]

/** A payment of the session's collection through another of its sessions, not canceled (one read, none for a collection no payment touched; through the collection, two). */
async function paidThroughAnother(
  container: MedusaContainer,
  session: SessionGraph
): Promise<boolean> {
  if (!paymentTouched(session.payment_collection)) return false
  const { data } = await queryOf(container).graph({
    entity: "payment",
    fields: ["payment_session_id"],
    filters: {
      payment_collection_id: session.payment_collection_id,
      canceled_at: null,
    },
  })
  const live: { payment_session_id: string | null }[] = data
  return live.some(
    (p) => p.payment_session_id && p.payment_session_id !== session.id
  )
}

/** The order whose balance a payment collection with no cart is (Medusa's order ↔ payment collection link). */
async function balanceOrder(
  container: MedusaContainer,
  collectionId: string
): Promise<OrderRef | null> {
  const { data } = await queryOf(container).graph({
    entity: "order_payment_collection",
    fields: ORDER_FIELDS.map((f) => `order.${f}`),
    filters: { payment_collection_id: collectionId },
  })
  const link: { order?: OrderRef | null } | undefined = data[0]
  return link?.order ?? null
}

/**
 * svc's answer is checked against what this store made (the title's MAC, the session
 * that owns the checkout now, the amount in sen) and recorded with its source; then one
 * Query read gives the session, its cart and the cart's order (for a collection with no
 * cart, a second the order whose balance it is; a paid one, one more: a payment of
 * another session), and the plan
 * follows:
 * - COMPLETED for the session's current checkout and amount: capture (then the order);
 * - COMPLETED otherwise (amount or session changed, order canceled, paid another way):
 *   flag for a refund, never dropped;
 * - FAILED, CANCELLED, REJECTED or expired: fail the session (and the order placed
 *   awaiting it);
 * - still open: nothing.
 */
export const judgeCheckoutStep = createStep(
  "svc-judge-checkout",
  async (
    { read, input }: { read: Read; input: SettleCheckoutInput },
    { container }
  ) => {
    const { checkout: c, row } = read
    const { checkout_id, source } = input
    const plan = (p: Decision) =>
      new StepResponse<Plan>({ ...p, checkout_id, source })
    if (!c)
      return plan({
        action: "done",
        outcome: read.outcome ?? "already_settled",
        svc_status: read.svc_status,
      })
    const svc = svcFromContainer(container)
    const expired =
      !["COMPLETED", ...FINAL_UNPAID].includes(c.status) &&
      Date.parse(c.expiresAt) <= Date.now()
    const st: Statuses = {
      svc_status: c.status,
      ledger_status: expired && c.status !== "FAILED" ? "EXPIRED" : c.status,
    }
    const done = (outcome: SettleOutcome) =>
      plan({ action: "done", outcome, ...st })

    const t = verifiedSessionOf(svc.options.apiKey, c, row)
    if (!t) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `svc: checkout ${c.checkoutId} carries a title this store did not make; ignored`
        )
      return done("foreign")
    }
    const reason =
      c.status === "COMPLETED" ? null : failureReason(c.status, expired)
    await ledgerOf(container).recordStatus(c.checkoutId, {
      status: st.ledger_status,
      source,
      paidAt: c.paidAt ?? null,
      txHash: c.txHash ?? null,
      failureReason: reason,
    })
    svc.reads.markRecorded(c.checkoutId)

    // The session that owns the checkout now: the one named in its title, or a later session of the
    // same collection that took it over (svc-base adoptOpenCheckout), as the ledger records.
    // A paid checkout's cart: what the completion checks (its total, its region) is read here too,
    // in the same Query, so placing the order reads the cart no more (placePaidOrder's `cannot`).
    const { data } = await queryOf(container).graph({
      entity: "payment_session",
      fields: [
        ...SESSION_FIELDS,
        ...(c.status === "COMPLETED"
          ? cartCheckFields("payment_collection.cart.")
          : []),
      ],
      filters: { id: row?.payment_session_id ?? t.sessionId },
    })
    // (none: Medusa deleted it, as it does a collection's older sessions when a new one starts)
    const session: SessionGraph | undefined = data[0]
    const sessionData = session?.data ?? {}
    const isCurrent = !!session && sessionData.checkoutId === c.checkoutId
    // svc's amount is Medusa's rounded half-up to the sen (39.852 → 3985): that payment is this session's.
    const amount = String(session?.raw_amount?.value ?? session?.amount)
    const pc = session?.payment_collection ?? {}
    const cartId = pc.cart?.id ?? null
    // The order this payment is for: the cart's (a checkout), or, for a payment collection with no
    // cart, the order it belongs to (a balance after an order edit, exchange, claim or draft order),
    // read only for such a collection.
    const cartOrder = cartId ? (pc.cart?.order ?? null) : null
    const balanceOf =
      session && !cartId
        ? await balanceOrder(container, session.payment_collection_id)
        : null
    const order = cartOrder ?? balanceOf

    if (c.status === "COMPLETED") {
      const flag = (why: Said, order_id?: string) =>
        plan({ action: "flag", reason: english(why), order_id, ...st })
      if (
        !session ||
        !isCurrent ||
        medusaAmountToSen(amount) !== Number(c.amount)
      )
        return flag(say("attention.notCurrentPayment"))
      if (order?.status === "canceled")
        return flag(
          say("attention.paidAfterCancel", { order: order.id }),
          order.id
        )
      // paid through another session of the same collection
      if (await paidThroughAnother(container, session))
        return flag(
          balanceOf
            ? say("attention.balancePaidTwice", { order: balanceOf.id })
            : say("attention.cartPaidTwice"),
          balanceOf?.id
        )
      if (recorded(session.status) && order) return done("already_settled")
      return plan({
        action: "capture",
        ...st,
        payment_session_id: session.id,
        paid: amount,
        cart_id: cartId,
        recorded: recorded(session.status),
        order_id: order?.id ?? null,
        order_attempts: row?.order_attempts ?? 0,
        cannot: cartId
          ? cartCannotComplete(pc.cart, {
              cart_id: cartId,
              payment_session_id: session.id,
              paid: amount,
            })
          : null,
      })
    }
    if (FINAL_UNPAID.has(c.status) || expired) {
      if (!session || !isCurrent || recorded(session.status))
        return done("ignored")
      return plan({
        action: "fail",
        ...st,
        reason,
        session_id: session.id,
        session_status: session.status,
        session_data: sessionData,
        // only an order placed awaiting this very payment: a failed balance payment leaves its order as it is
        order: cartOrder,
        attention: row?.attention ?? null,
      })
    }
    return done("pending")
  }
)

// ------------------------------------------------------------------ flag

/** Paid, but not for what Medusa now expects: flagged for a refund, visible to admins (the money is never dropped). */
export const flagForRefundStep = createStep(
  "svc-flag-for-refund",
  async (input: FlagPlan, { container }) => {
    await ledgerOf(container).flag(
      input.checkout_id,
      "refund_required",
      input.reason,
      input.order_id
    )
    return new StepResponse<SettleOutcome>("attention_refund")
  }
)

// ------------------------------------------------------------------ capture

/**
 * svc has the money: Medusa records it. The payment module authorizes the session (the
 * provider's authorizePayment answers CAPTURED from the ledger's final status, with no
 * svc call, so the module records the capture). A cart's session is authorized under the
 * cart's lock, the key Medusa's completeCartWorkflow takes, so the shopper's own
 * completion cannot record it a second time; the order's transaction comes with the
 * order (completeCartWorkflow records a captured payment's), and the workflow emits
 * `payment.captured` with Medusa's emitEventStep (the step answers the payment's id).
 * A balance's order exists: Medusa's capturePaymentWorkflow (a no-op capture on the
 * captured payment) records the order's transaction and emits `payment.captured`.
 * Nothing to compensate: the money is svc's fact; a failure leaves the checkout
 * unsettled for the watcher and the job.
 */
export const recordCaptureStep = createStep(
  "svc-record-capture",
  async (input: CapturePlan, { container }) => {
    const t0 = Date.now()
    let captured_payment_id: string | null = null
    if (input.recorded)
      return new StepResponse({ capture_ms: 0, captured_payment_id })
    const payments = container.resolve(Modules.PAYMENT)
    const statusOf = async () =>
      (
        await queryOf(container).graph({
          entity: "payment_session",
          fields: ["status"],
          filters: { id: input.payment_session_id },
        })
      ).data[0]?.status
    const authorize = () =>
      payments.authorizePaymentSession(input.payment_session_id, {})
    try {
      if (input.cart_id) {
        // Under the cart's lock no completion runs: the module authorizes the session once (an
        // authorized one answers its payment, with no provider call), so its status is not read first.
        // (A completion before the lock that authorized it emitted no payment.captured: this does.)
        const payment = await container
          .resolve(Modules.LOCKING)
          .execute(input.cart_id, authorize, { timeout: 30 })
        captured_payment_id = payment?.id ?? null
      } else {
        // a balance's capture records the order's transaction: only once, so never for a session
        // authorized since the judge read it
        const payment = recorded(await statusOf()) ? null : await authorize()
        // run, not runAsStep: its order transaction is the order's record of money captured, which a
        // later step or a store's hook that throws must not compensate away (the capture never is)
        if (payment)
          await capturePaymentWorkflow(container).run({
            input: { payment_id: payment.id },
          })
      }
    } catch (e) {
      // The storefront's own completion may have captured it meanwhile (it holds the cart
      // lock, not this checkout's): that is the outcome.
      if (!recorded(await statusOf())) throw e
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(
          `svc: checkout ${input.checkout_id}: captured by the storefront's completion meanwhile (${messageOf(e)})`
        )
    }
    return new StepResponse({
      capture_ms: Date.now() - t0,
      captured_payment_id,
    })
  }
)

// ------------------------------------------------------------------ order

/**
 * The payment is captured: a cart must become an order (a balance's order exists
 * already). Completion can fail (the cart lock held by the storefront's own completion
 * or by a process killed inside one): the cart is then left to the watcher and the job,
 * which try again until it is an order (place-order.ts). Only a cart that cannot be
 * completed is flagged.
 */
export const placeOrderStep = createStep(
  "svc-place-order",
  async (input: CapturePlan, { container }) => {
    const t0 = Date.now()
    // (none: a balance's order, or a cart's order known already)
    const r =
      !input.cart_id || input.order_id
        ? null
        : await placePaidOrder(
            container,
            { ...input, cart_id: input.cart_id },
            input.source
          )
    // placed: the row has its order and its final status settled in the same write (recordOrderPlaced)
    const placed = r?.outcome === "placed"
    return new StepResponse({
      outcome:
        !r || placed
          ? ("captured" as const)
          : r.outcome === "later"
            ? ("order_pending" as const)
            : ("paid_no_order" as const),
      order_id: r ? (placed ? r.orderId : null) : input.order_id,
      order_recorded: placed,
      order_ms: r ? Date.now() - t0 : 0,
    })
  }
)

// ------------------------------------------------------------------ fail

/**
 * The payment failed (or its link expired): an order placed awaiting it is canceled or
 * flagged (option `failedPaymentOrder`), its reason recorded before the cancel; then the
 * session goes to `error` with the reason (Medusa's core ignores failed webhooks,
 * medusajs/medusa#16398), so the cart can be paid again. The session is last: while it
 * still waits, the job finds the checkout again should this run stop half way.
 */
export const failPaymentStep = createStep(
  "svc-fail-payment",
  async (input: FailPlan, { container }) => {
    const outcome = input.order
      ? await failOrder(container, input, input.order)
      : "failed_session"
    if (input.session_status !== PaymentSessionStatus.ERROR)
      // the module's generated update (no provider call); updatePaymentSession would call the provider
      await container
        .resolve<{
          updatePaymentSessions: (d: object) => Promise<unknown>
        }>(Modules.PAYMENT)
        .updatePaymentSessions({
          id: input.session_id,
          status: PaymentSessionStatus.ERROR,
          data: {
            ...input.session_data,
            svcStatus: input.ledger_status,
            failureReason: input.reason,
          },
        })
    return new StepResponse<SettleOutcome>(outcome)
  }
)

/** The flags that say an order's payment failed after it was placed (the event is emitted by the run that sets the first). */
const FAILED_AFTER_ORDER = new Set([
  "order_canceled",
  "payment_failed_after_order",
])

/** A final status in the words of a reason ("the payment failed"); another status as it is, in lower case. */
const STATUS_WORDS: Record<string, Said> = {
  FAILED: say("status.failed"),
  CANCELLED: say("status.cancelled"),
  REJECTED: say("status.rejected"),
  EXPIRED: say("status.expired"),
}

async function failOrder(
  container: MedusaContainer,
  input: FailPlan,
  o: OrderRef
): Promise<SettleOutcome> {
  const { checkout_id, reason, ledger_status } = input
  const ledger = ledgerOf(container)
  const canceledReason = english(
    say("attention.orderCanceled", { order: o.id, reason: reason ?? "" })
  )
  // Told once (runs are one at a time under the checkout's lock): by the run whose cancel
  // succeeded (Medusa cancels an order once), else by the run whose flag was the first of its
  // kind on the row (the flag statement reads the row locked and returns what it was).
  const tell = async (first: boolean, order_action: "canceled" | "flagged") => {
    if (first)
      await emitSvcEvent(container, SvcEvents.PAYMENT_FAILED_AFTER_ORDER, {
        order_id: o.id,
        checkout_id,
        payment_session_id: input.session_id,
        status: ledger_status,
        order_action,
      })
  }
  const firstFlag = async (what: string, why: string) =>
    !FAILED_AFTER_ORDER.has(
      (await ledger.flag(checkout_id, what, why, o.id)) ?? ""
    )
  let status = o.status
  let first: boolean | null = null
  if (
    status !== "canceled" &&
    svcFromContainer(container).options.failedPaymentOrder === "cancel"
  ) {
    first = await firstFlag("order_canceled", canceledReason)
    try {
      // run, not runAsStep: its failure is judged here (canceled meanwhile, or flagged instead)
      await cancelOrderWorkflow(container).run({ input: { order_id: o.id } })
      first = true
      status = "canceled"
    } catch (e) {
      const { data } = await queryOf(container).graph({
        entity: "order",
        fields: ["status"],
        filters: { id: o.id },
      })
      status = data[0]?.status
      if (status !== "canceled")
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `svc: could not cancel order ${o.id} after its payment failed: ${messageOf(e)}; flagging it instead`
          )
    }
  }
  if (status === "canceled") {
    // Canceled here, or by an earlier run that stopped before its flag, or by an admin: the reason
    // is recorded either way (an order canceled before this run, with the row's attention set, is told already).
    if (first !== null || !input.attention)
      await tell(
        first ?? (await firstFlag("order_canceled", canceledReason)),
        "canceled"
      )
    return "order_canceled"
  }
  // (id, data): one object alone would be read as a selector, and nothing written
  await container.resolve(Modules.ORDER).updateOrders(o.id, {
    metadata: {
      ...(o.metadata ?? {}),
      svc_payment_failed: reason,
      svc_checkout_id: checkout_id,
    },
  })
  const flaggedFirst = await firstFlag(
    "payment_failed_after_order",
    english(
      say("attention.failedAfterOrder", {
        order: o.id,
        status: STATUS_WORDS[ledger_status] ?? ledger_status.toLowerCase(),
        reason: reason ?? "",
      })
    )
  )
  await tell(first ?? flaggedFirst, "flagged")
  return "order_flagged"
}

// ------------------------------------------------------------------ mark settled

/** Outcomes after which nothing is left to do for the checkout's final status. */
const SETTLED_OUTCOMES: ReadonlySet<SettleOutcome> = new Set([
  "captured",
  "already_settled",
  "failed_session",
  "order_canceled",
  "order_flagged",
  "attention_refund",
  // captured; the order is the watcher's and the job's to place (place-order.ts)
  "order_pending",
  "ignored",
])

/** The final status is applied in Medusa: later events for it cost no svc call (one read of the row, under the lock). */
export const markSettledStep = createStep(
  "svc-mark-settled",
  async (
    input: { checkout_id: string; result: SettleCheckoutResult },
    { container }
  ) => {
    const { svc_status, ledger_status, outcome, order_recorded } = input.result
    if (
      svc_status &&
      ledger_status &&
      SETTLED_OUTCOMES.has(outcome) &&
      !order_recorded &&
      (svc_status === "COMPLETED" || FINAL_UNPAID.has(ledger_status))
    )
      await ledgerOf(container).markSettled(input.checkout_id, ledger_status)
    return new StepResponse(undefined)
  }
)
