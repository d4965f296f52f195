import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { RefundRequest } from "./request-refund"
import {
  checkRefundRequestStep,
  recordPayoutRequestStep,
  sendRefundStep,
  type RefundSentData,
} from "./steps"

export { checkRefundRequestStep, recordPayoutRequestStep, sendRefundStep }
export type { RefundSentData }

/** A new refund (`request`, as the admin route starts it), or a stored request to finish (`payout_request_id`, as the job does). */
export type RefundToBankInput = {
  /** the refund as the admin asked it (./validators.ts checks its shape, the admin route's too) */
  request?: RefundRequest
  /** the admin user who asked */
  actor_id?: string
  /** a payout request stored earlier that svc did not answer for (UNCERTAIN): finished with its own key */
  payout_request_id?: string
}

export const refundToBankWorkflowId = "svc-refund-to-bank"
/** The names of the workflow's hooks, for `refundToBankWorkflow.hooks[name]`. */
export const refundToBankHooks = ["refundSent"] as const

/**
 * A refund to the buyer's bank account or DuitNow proxy, as an svc payout from
 * the merchant's prefund balance (svc has no checkout refund):
 * 1. svc-check-refund-request: every check that can be made before money moves
 *    (or the answer already given to the same request_id);
 * 2. svc-record-payout-request: the payout request stored, REQUESTED, with its
 *    Idempotency-Key, before svc is called; compensated by closing it as FAILED
 *    while nothing was sent for it;
 * 3. svc-send-refund: Medusa's refundPaymentWorkflow, whose provider call sends
 *    the payout with that key; never compensated (money may have moved).
 * Result: `kept` (svc did not answer: the job finishes it with the same key; the
 * admin route answers 202, else 200), the payout request as an admin may see it
 * (account number masked), and a message.
 *
 * Started with `payout_request_id` (the reconciliation job), step 1 takes the
 * stored request as it is and step 3 finishes it with its own key.
 *
 * Hook `refundSent`, after svc made the payout and Medusa recorded the refund
 * (also when the job finishes a request svc had not answered for; not for a
 * request_id sent again, nor for a 202): `{payout_request_id,
 * payout_id, refund_id, payment_id, order_id, amount_sen}`. A store registers
 * it as `refundToBankWorkflow.hooks.refundSent(async (data, { container }) => ...)`,
 * in a file its Medusa app loads (e.g. src/workflows/hooks/refund-sent.ts). Should
 * its handler throw, the admin is answered with that error, but the payout and the
 * refund stand: a handler that may fail should record its own failure and return.
 */
export const refundToBankWorkflow = createWorkflow(
  refundToBankWorkflowId,
  (input: WorkflowData<RefundToBankInput>) => {
    const checked = checkRefundRequestStep(input)
    const recorded = recordPayoutRequestStep({
      checked,
      request: input.request,
    })
    const sent = sendRefundStep({
      recorded,
      actor_id: input.actor_id,
      request: input.request,
    })
    // read only when the hook runs, i.e. when something was sent (the condition below)
    const refundSentData = transform(
      { sent },
      ({ sent }) => sent.sent as RefundSentData
    )
    const refundSent = when(
      "svc-refund-was-sent",
      { sent },
      ({ sent }) => sent.sent !== null
    ).then(() => createHook("refundSent", refundSentData))
    return new WorkflowResponse(sent.result, { hooks: [refundSent] })
  }
)
