import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readBalanceLink } from "../order-balance"

export const readBalanceLinkStepId = "svc-read-balance-link"

/** The order's balance as it now stands and the svc link on the collection (`reused`: the same checkout as before). Reads only. */
export const readBalanceLinkStep = createStep(
  readBalanceLinkStepId,
  async (input: { order_id: string; collection_id: string; before_checkout_id: string | null }, { container }) => {
    return new StepResponse(await readBalanceLink(container, input.order_id, input.collection_id, input.before_checkout_id))
  }
)
