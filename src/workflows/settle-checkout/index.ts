import type { MedusaContainer } from "@medusajs/framework/types"
import { PaymentEvents } from "@medusajs/framework/utils"
import { emitEventStep } from "@medusajs/core-flows"
import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { SvcCheckoutRead } from "../../lib/svc-runtime/keys"
import {
  failPaymentStep,
  findCheckoutStep,
  flagForRefundStep,
  freeApplySlotStep,
  judgeCheckoutStep,
  markSettledStep,
  placeOrderStep,
  readCheckoutStep,
  recordCaptureStep,
  takeApplySlotStep,
  type Plan,
  type SettleCheckoutInput,
  type SettleOutcome,
  type SettleSource,
} from "./steps"
import { svcInstruments } from "../../client/telemetry"
import { giveCheckoutLock, takeCheckoutLock } from "./checkout-lock"

export type { SettleCheckoutInput, SettleOutcome, SettleSource }
export {
  completePaidCartWorkflow,
  completePaidCarts,
  placePaidOrder,
  permanentReason,
  type PaidCartsReport,
} from "./place-order"

/** Waited for the checkout's lock at most: a settlement (capture and order) queued behind another (held at most CHECKOUT_LOCK_HOLD_MAX_S, then a lease). */
const LOCK_WAIT_S = 120

export type SettleCheckoutResult = {
  outcome: SettleOutcome
  /** svc's status of the checkout, when it was read */
  svc_status?: string
  /** the order the payment is for, when one is known */
  order_id?: string | null
  /** the status recorded in the ledger (EXPIRED for a link that expired unpaid) */
  ledger_status?: string
  /** the order was recorded on the checkout's row, with its final status settled */
  order_recorded?: boolean
  /** where the time went, for the log line */
  timing?: string
  /** when svc says the buyer paid (its paidAt), when it was read */
  paid_at?: string | null
}

/**
 * Settle a checkout: the one path that turns svc's word about a checkout into Medusa
 * state, started by the webhook subscriber, the watcher and the reconciliation job
 * alike (a store can run it too: `settleCheckoutWorkflow(container).run({ input })`).
 *
 * 1. find: an event saying "still open" costs nothing (no lock, no read);
 * 2. under the checkout's lock (Medusa's locking module, in every process): the ledger
 *    row, read once (a checkout the store never made, or one already settled, stops
 *    here: no svc call), then svc (never the event's body), in one of a few apply slots
 *    per process;
 * 3. judge: verify the checkout is this store's, record the status, read Medusa's
 *    session, cart and order (one Query), and plan;
 * 4. capture then place the order; or flag the payment for a refund; or fail the
 *    session and the order placed awaiting it;
 * 5. mark the final status settled, free the slot and the lock.
 *
 * Hook `checkoutSettled` runs last with `{ checkout_id, outcome, svc_status, order_id,
 * source }` (every outcome, "already_settled" and "pending" included; the webhook subscriber
 * starts no run for an event that says "still open" or for a checkout settled already): a store's
 * handler (src/workflows/hooks/*.ts) can notify, sync an ERP, and so on. The checkout is
 * marked settled before the hook, so a handler that throws fails this run without the
 * payment being applied twice.
 */
export const settleCheckoutWorkflow = createWorkflow(
  "svc-settle-checkout",
  (input: SettleCheckoutInput) => {
    const found = findCheckoutStep(input)
    // (Medusa's `when` does not nest: each branch below is its own condition; the steps between
    // them do nothing for a checkout the find step let go.)
    when("svc-settle-lock", { found }, ({ found }) => found.go).then(() =>
      takeCheckoutLock(
        { key: found.lock_key, owner_id: found.lock_owner },
        LOCK_WAIT_S
      )
    )
    const read = readCheckoutStep({ input, found })
    const slot = takeApplySlotStep(
      transform({ read }, ({ read }) => ({ go: read.checkout !== null }))
    )
    const plan = judgeCheckoutStep({ read, input })

    const flagged = onPlan(plan, "flag", "svc-settle-flag", flagForRefundStep)
    const capture = onPlan(
      plan,
      "capture",
      "svc-settle-capture",
      recordCaptureStep
    )
    when(
      "svc-settle-captured",
      { capture },
      ({ capture }) => !!capture?.captured_payment_id
    ).then(() =>
      emitEventStep({
        eventName: PaymentEvents.CAPTURED,
        data: transform({ capture }, ({ capture }) => ({
          id: capture?.captured_payment_id,
        })),
      })
    )
    const order = onPlan(plan, "capture", "svc-settle-order", placeOrderStep)
    const failed = onPlan(plan, "fail", "svc-settle-fail", failPaymentStep)

    const result = transform(
      { found, plan, flagged, capture, order, failed, read, slot },
      (r): SettleCheckoutResult => {
        const { plan, order } = r
        if (!r.found.go) return { outcome: "open_status_noted" }
        return {
          outcome:
            r.flagged ??
            order?.outcome ??
            r.failed ??
            (plan.action === "done" ? plan.outcome : "pending"),
          order_id:
            order?.order_id ??
            (plan.action === "flag"
              ? (plan.order_id ?? null)
              : plan.action === "fail"
                ? (plan.order?.id ?? null)
                : null),
          svc_status: plan.svc_status,
          ledger_status: plan.ledger_status,
          order_recorded: !!order?.order_recorded,
          timing:
            `read ${r.read.read_ms} ms, slot ${r.slot.waited_ms} ms` +
            (order
              ? `, capture ${r.capture?.capture_ms ?? 0} ms, order ${order.order_ms} ms`
              : ""),
          paid_at: r.read.checkout?.paidAt ?? null,
        }
      }
    )
    markSettledStep({ checkout_id: input.checkout_id, result })
    freeApplySlotStep(slot)
    when("svc-settle-unlock", { found }, ({ found }) => found.go).then(() =>
      giveCheckoutLock({ key: found.lock_key, owner_id: found.lock_owner })
    )

    const checkoutSettled = createHook("checkoutSettled", {
      checkout_id: input.checkout_id,
      source: input.source,
      outcome: result.outcome,
      svc_status: result.svc_status,
      order_id: result.order_id,
    })
    return new WorkflowResponse(result, { hooks: [checkoutSettled] })
  }
)

/** `step` in branch `name`, run when the plan is `action`'s, with its plan narrowed (`when` passes no narrowing to `then`). */
function onPlan<A extends Plan["action"], R>(
  plan: WorkflowData<Plan>,
  action: A,
  name: string,
  step: (args: WorkflowData<Extract<Plan, { action: A }> | null>) => R
) {
  const is = (p: Plan): p is Extract<Plan, { action: A }> => p.action === action
  const args = transform({ plan }, ({ plan }) => (is(plan) ? plan : null))
  return when(name, { args }, ({ args }) => !!args).then(() => step(args))
}

/**
 * A `checkout.updated` event (its checkout id and, as a hint, its status) or a sweep's
 * unsettled row: run the settle workflow for it. `source` is recorded in the history.
 */
export function settleCheckoutEvent(
  container: MedusaContainer,
  checkoutId: string,
  hintStatus: string | null,
  source: SettleSource
): Promise<SettleCheckoutResult> {
  return settle(container, {
    checkout_id: checkoutId,
    hint_status: hintStatus,
    source,
  })
}

/** A checkout already read from svc (a page of svc's list): settled without reading it again. */
export async function settleCheckout(
  container: MedusaContainer,
  c: SvcCheckoutRead,
  source: SettleSource
): Promise<SettleOutcome> {
  return (
    await settle(container, { checkout_id: c.checkoutId, checkout: c, source })
  ).outcome
}

async function settle(
  container: MedusaContainer,
  input: SettleCheckoutInput
): Promise<SettleCheckoutResult> {
  const { result } = await settleCheckoutWorkflow(container).run({ input })
  // the run's outcome counted, and the lag from paid at svc to the order when this run placed it (OpenTelemetry metrics)
  const { source } = input
  const m = svcInstruments()
  m.settlements.add(1, {
    "svc.settle.outcome": result.outcome,
    "svc.settle.source": source,
  })
  const paidAt =
    result.order_recorded && result.paid_at ? Date.parse(result.paid_at) : NaN
  if (Number.isFinite(paidAt))
    m.settleLag.record(Math.max(0, Date.now() - paidAt) / 1000, {
      "svc.settle.source": source,
    })
  return result
}
