import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SVC_MODULE } from "../../../lib/svc-runtime/module-key"
import type SvcModuleService from "../../../modules/svc/service"
import {
  storePayoutRequest,
  type CheckedRefund,
  type RefundRequest,
  type RefundResult,
} from "../request-refund"

export type RecordPayoutRequestInput = {
  checked: CheckedRefund
  request?: RefundRequest
}
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
  async (input: RecordPayoutRequestInput, { container }) => {
    const { checked } = input
    if (checked.existing)
      return new StepResponse<RecordedPayoutRequest, string | null>(
        { rowId: checked.existing, replay: null, existing: true },
        null
      )
    if (checked.replay || !checked.request || !input.request)
      return new StepResponse<RecordedPayoutRequest, string | null>(
        { rowId: null, replay: checked.replay ?? null, existing: false },
        null
      )
    const stored = await storePayoutRequest(
      container,
      checked.request,
      input.request
    )
    if (stored.replay)
      return new StepResponse<RecordedPayoutRequest, string | null>(
        { rowId: null, replay: stored.replay, existing: false },
        null
      )
    return new StepResponse<RecordedPayoutRequest, string | null>(
      { rowId: stored.rowId, replay: null, existing: false },
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
