import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { updateBalanceCollection } from "../order-balance"
import type { BalancePaymentLinkInput } from "./check-balance-request"

export const updateBalanceCollectionStepId = "svc-update-balance-collection"

/**
 * Medusa's createOrUpdateOrderPaymentCollectionWorkflow: the order's unpaid payment
 * collection gets Medusa's pending difference (or is created for it); answers its id.
 * A collection named in the request must be that one (400, nothing sent).
 *
 * No compensation: the collection now holds what the order really owes, true
 * whatever happens next; and once the svc checkout exists for that amount, putting
 * the old amount back would leave the collection short of the checkout it carries.
 */
export const updateBalanceCollectionStep = createStep(
  updateBalanceCollectionStepId,
  async (input: BalancePaymentLinkInput, { container }) => {
    return new StepResponse(
      await updateBalanceCollection(container, input.order_id, input)
    )
  }
)
