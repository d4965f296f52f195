import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  finishPayoutRequest,
  finishRefund,
  type RefundResult,
} from "../request-refund"
import type { RecordedPayoutRequest } from "./record-payout-request"

export type SendRefundInput = {
  recorded: RecordedPayoutRequest
  actor_id?: string
  note?: string | null
}

/** What the refundSent hook is given: the payout svc made and the Medusa refund it is recorded as. */
export type RefundSentData = {
  /** the svc_payout row (the payout request) */
  payout_request_id: string
  /** svc's payout id */
  payout_id: string
  refund_id: string
  payment_id: string
  order_id: string | null
  amount_sen: number
}

export type SendRefundOutput = {
  result: RefundResult
  sent: RefundSentData | null
}

/**
 * Medusa's own refundPaymentWorkflow, run for the stored request: Medusa records the
 * refund under its lock against over-refunding and calls the provider, which claims
 * the request and sends the payout with its stored key (src/workflows/refund-to-bank/send-payout.ts).
 * Run as a workflow of its own inside this step, not as a nested step: when svc does
 * not answer Medusa removes its refund and fails, yet the request is kept (UNCERTAIN,
 * 202) for the job to finish with the same key, so that failure is an answer here,
 * not a failure of the refund to bank. A request stored earlier (the job finishing
 * an UNCERTAIN one) is finished with its own key (finishPayoutRequest), sent again
 * for its Medusa refund when that refund survived, so one payout is one refund.
 *
 * No compensation: after this step money may have moved. What became of the payout
 * is recorded on the request (sent, FAILED with svc's reason, UNCERTAIN) and a
 * payout that goes wrong later is flagged for an admin, never undone here.
 */
export const sendRefundStep = createStep(
  "svc-send-refund",
  async (input: SendRefundInput, { container }) => {
    const { rowId, replay, existing } = input.recorded
    // the same request_id again: its answer as it stands, nothing sent now
    if (replay)
      return new StepResponse<SendRefundOutput>({ result: replay, sent: null })
    if (!rowId)
      throw new Error(
        "svc: no payout request to send (the record step stored none)"
      )
    const result = existing
      ? await finishPayoutRequest(container, rowId)
      : await finishRefund(container, rowId, {
          actorId: input.actor_id,
          note: input.note,
        })
    const p = result.payout
    const sent =
      result.httpStatus === 200 &&
      typeof p.payout_id === "string" &&
      typeof p.refund_id === "string"
        ? {
            payout_request_id: String(p.id),
            payout_id: p.payout_id,
            refund_id: p.refund_id,
            payment_id: String(p.payment_id),
            order_id: typeof p.order_id === "string" ? p.order_id : null,
            amount_sen: Number(p.amount_sen),
          }
        : null
    return new StepResponse<SendRefundOutput>({ result, sent })
  }
)
