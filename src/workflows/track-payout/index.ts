import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createHook,
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import {
  readPayout,
  recordPayoutStatus,
  type PayoutNotDelivered,
  type PayoutOutcome,
  type PayoutRead,
  type PayoutStatusRecorded,
} from "../refund-to-bank/track-payout"

export type { PayoutNotDelivered, PayoutOutcome }

/** The payout as svc has it now (never a webhook body), for a payout this store made; null for one it did not. Reads only. */
export const readPayoutStep = createStep(
  "svc-read-payout",
  async (input: { payout_id: string }, { container }) =>
    new StepResponse<PayoutRead | null>(
      await readPayout(container, input.payout_id)
    )
)

/**
 * svc's status recorded on the payout request (never an earlier status over a
 * later one); REVERSED or RETURNED flag it `refund_not_delivered` for an admin.
 * No compensation: what svc says happened to the money is a fact to keep.
 */
export const recordPayoutStatusStep = createStep(
  "svc-record-payout-status",
  async (input: { read: PayoutRead | null; source: string }, { container }) =>
    new StepResponse<PayoutStatusRecorded>(
      input.read
        ? await recordPayoutStatus(container, input.read, input.source)
        : { outcome: "unknown_payout", notDelivered: null }
    )
)

export type TrackPayoutInput = {
  /** svc's payout id */
  payout_id: string
  /** what asked: "webhook", "job", "admin" (kept in the request's status history) */
  source: string
}

export const trackPayoutWorkflowId = "svc-track-payout"
/** The names of the workflow's hooks, for `trackPayoutWorkflow.hooks[name]`. */
export const trackPayoutHooks = ["payoutNotDelivered"] as const

/**
 * A refund payout brought up to date: read from svc (svc-read-payout), its
 * status recorded on the payout request (svc-record-payout-status). Started by
 * the webhook subscriber (payout.created / payout.updated) and by the
 * reconciliation job's sweep. Result: "updated", "unchanged", or
 * "unknown_payout" (not a payout this store made: svc is not asked).
 *
 * Hook `payoutNotDelivered`, when svc says REVERSED or RETURNED (the buyer was
 * not paid although Medusa shows the refund; the request is flagged for an
 * admin): `{payout_request_id, payout_id, status, refund_id, order_id,
 * amount_sen, reason}`, e.g. for a store to tell the buyer or open a ticket.
 */
export const trackPayoutWorkflow = createWorkflow(
  trackPayoutWorkflowId,
  (input: WorkflowData<TrackPayoutInput>) => {
    const read = readPayoutStep({ payout_id: input.payout_id })
    const recorded = recordPayoutStatusStep({ read, source: input.source })
    // read only when the hook runs, i.e. when the payout was not delivered (the condition below)
    const notDelivered = transform(
      { recorded },
      ({ recorded }) => recorded.notDelivered as PayoutNotDelivered
    )
    const payoutNotDelivered = when(
      "svc-payout-was-not-delivered",
      { recorded },
      ({ recorded }) => recorded.notDelivered !== null
    ).then(() => createHook("payoutNotDelivered", notDelivered))
    const outcome = transform(
      { recorded },
      ({ recorded }): PayoutOutcome => recorded.outcome
    )
    return new WorkflowResponse(outcome, { hooks: [payoutNotDelivered] })
  }
)

/** One payout re-read by svc's id (the webhook subscriber's use): its outcome. */
export async function trackPayout(
  container: MedusaContainer,
  payoutId: string,
  source: string
): Promise<PayoutOutcome> {
  const { result } = await trackPayoutWorkflow(container).run({
    input: { payout_id: payoutId, source },
  })
  return result
}
