import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkBalanceRequest, type PaymentLinkBody } from "../order-balance"

export type BalancePaymentLinkInput = PaymentLinkBody & { order_id: string }

export const checkBalanceRequestStepId = "svc-check-balance-request"

/**
 * Every check before anything is written or sent: the order can owe through svc (not
 * canceled, not a draft, MYR, no order change in progress, an amount in svc's range),
 * the method is enabled in its region, a named collection is this order's unpaid one.
 * Reads only: nothing to compensate.
 */
export const checkBalanceRequestStep = createStep(
  checkBalanceRequestStepId,
  async (input: BalancePaymentLinkInput, { container }) => {
    return new StepResponse(
      await checkBalanceRequest(container, input.order_id, input)
    )
  }
)
