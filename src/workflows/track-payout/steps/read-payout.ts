import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readPayout, type PayoutRead } from "../../refund-to-bank/track-payout"

export type ReadPayoutInput = { payout_id: string }

/** The payout as svc has it now (never a webhook body), for a payout this store made; null for one it did not. Reads only. */
export const readPayoutStep = createStep(
  "svc-read-payout",
  async (input: ReadPayoutInput, { container }) => {
    return new StepResponse<PayoutRead | null>(
      await readPayout(container, input.payout_id)
    )
  }
)
