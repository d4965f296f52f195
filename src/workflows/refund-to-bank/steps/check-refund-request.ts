import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { invalidData } from "../../../lib/money/admin-input"
import {
  checkRefundRequest,
  type CheckedRefund,
  type RefundRequest,
} from "../request-refund"
import { refundRequest } from "../validators"

export type CheckRefundRequestInput = {
  request?: RefundRequest
  actor_id?: string
  payout_request_id?: string
}

/**
 * Every check that can be made before money moves (src/workflows/refund-to-bank/request-refund.ts,
 * checkRefundRequest), or the answer already given to the same request_id; for a
 * request stored earlier (payout_request_id: the job finishing it), that request as
 * it is, checked when it was made. It writes nothing, so there is nothing to compensate.
 */
export const checkRefundRequestStep = createStep(
  "svc-check-refund-request",
  async (input: CheckRefundRequestInput, { container }) => {
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
