import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { createBalanceSession } from "../order-balance"

export const createBalanceSessionStepId = "svc-create-balance-session"

/**
 * Medusa's createPaymentSessionsWorkflow on the collection: the svc provider makes the
 * checkout (or adopts the open one for the same collection, method and amount).
 *
 * No compensation: the checkout exists at svc once this ran, and a link the buyer
 * may already hold (an adopted one) must stay payable and be captured when paid.
 */
export const createBalanceSessionStep = createStep(
  createBalanceSessionStepId,
  async (
    input: { collection_id: string; provider_id: string },
    { container }
  ) => {
    await createBalanceSession(
      container,
      input.collection_id,
      input.provider_id
    )
    return new StepResponse(input.collection_id)
  }
)
