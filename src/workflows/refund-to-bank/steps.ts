import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { invalidData } from "../../lib/svc-runtime/errors"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"
import {
  checkRefundRequest,
  finishPayoutRequest,
  finishRefund,
  storePayoutRequest,
  type CheckedRefund,
  type RefundRequest,
  type RefundResult,
} from "./request-refund"
import { refundRequest } from "./validators"

/**
 * Every check that can be made before money moves (request-refund.ts,
 * checkRefundRequest), or the answer already given to the same request_id; for a
 * request stored earlier (payout_request_id: the job finishing it), that request as
 * it is, checked when it was made. It writes nothing, so there is nothing to compensate.
 */
export const checkRefundRequestStep = createStep(
  "svc-check-refund-request",
  async (
    input: {
      request?: RefundRequest
      actor_id?: string
      payout_request_id?: string
    },
    { container }
  ) => {
    if (input.payout_request_id)
      return new StepResponse<CheckedRefund>({
        existing: input.payout_request_id,
      })
    if (!input.request)
      throw invalidData(
        "request: the refund to make, or payout_request_id: the stored request to finish"
      )
    // the route checked it already; a store running the workflow from its own code gets the same words
    const parsed = refundRequest.safeParse(input.request)
    if (!parsed.success)
      throw invalidData(
        `Invalid request: ${parsed.error.issues.map((i) => (i.message.includes(":") ? i.message : `${i.path.join(".")}: ${i.message}`)).join("; ")}`
      )
    return new StepResponse<CheckedRefund>(
      await checkRefundRequest(container, parsed.data, input.actor_id)
    )
  }
)

/** `existing`: a request stored earlier, finished with its own key (never closed by this workflow's compensation). */
export type RecordedPayoutRequest = {
  rowId: string | null
  replay: RefundResult | null
  existing: boolean
}

/**
 * The payout request, REQUESTED, with its Idempotency-Key, stored before anything
 * is sent to svc. Compensation (a later step failed): the request is closed as
 * FAILED only while it is still REQUESTED, i.e. nothing was sent for it; a request
 * the provider claimed or sent is left as it stands, since money may have moved.
 */
export const recordPayoutRequestStep = createStep(
  "svc-record-payout-request",
  async (
    input: { checked: CheckedRefund; request?: RefundRequest },
    { container }
  ) => {
    const { checked, request } = input
    // a request stored earlier, or the same request_id's answer: nothing stored now
    if (!checked.request || !request)
      return new StepResponse<RecordedPayoutRequest, string | null>(
        {
          rowId: checked.existing ?? null,
          replay: checked.replay ?? null,
          existing: !!checked.existing,
        },
        null
      )
    const stored = await storePayoutRequest(container, checked.request, request)
    return new StepResponse<RecordedPayoutRequest, string | null>(
      { ...stored, existing: false },
      stored.rowId
    )
  },
  async (rowId, { container }) => {
    if (!rowId) return
    await container
      .resolve<SvcModuleService>(SVC_MODULE)
      .abandonPayoutRequest(
        rowId,
        "the refund stopped before it was sent to svc; nothing was sent",
        "refund"
      )
  }
)

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

/**
 * Medusa's own refundPaymentWorkflow, run for the stored request: Medusa records the
 * refund under its lock against over-refunding and calls the provider, which claims
 * the request and sends the payout with its stored key (send-payout.ts).
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
  async (
    input: {
      recorded: RecordedPayoutRequest
      actor_id?: string
      request?: RefundRequest
    },
    { container }
  ) => {
    const { rowId, replay, existing } = input.recorded
    type Sent = { result: RefundResult; sent: RefundSentData | null }
    // the same request_id again: its answer as it stands, nothing sent now
    if (replay) return new StepResponse<Sent>({ result: replay, sent: null })
    if (!rowId)
      throw new Error(
        "svc: no payout request to send (the record step stored none)"
      )
    const result = existing
      ? await finishPayoutRequest(container, rowId)
      : await finishRefund(container, rowId, {
          actorId: input.actor_id,
          note: input.request?.note,
        })
    const { id, payout_id, refund_id, order_id, ...p } = result.payout
    const sent =
      !result.kept && payout_id && refund_id
        ? {
            payout_request_id: id,
            payout_id,
            refund_id,
            payment_id: String(p.payment_id),
            order_id,
            amount_sen: Number(p.amount_sen),
          }
        : null
    return new StepResponse<Sent>({ result, sent })
  }
)
