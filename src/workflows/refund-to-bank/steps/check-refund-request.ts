import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkRefundRequest, type CheckedRefund, type RefundRequest } from "../../../plugin/refunds/request-refund"

export type CheckRefundRequestInput = { request: RefundRequest; actor_id?: string }

/**
 * Every check that can be made before money moves (src/plugin/refunds/request-refund.ts,
 * checkRefundRequest), or the answer already given to the same request_id. It writes
 * nothing, so there is nothing to compensate.
 */
export const checkRefundRequestStep = createStep("svc-check-refund-request", async (input: CheckRefundRequestInput, { container }) => {
  return new StepResponse<CheckedRefund>(await checkRefundRequest(container, input.request, input.actor_id))
})
