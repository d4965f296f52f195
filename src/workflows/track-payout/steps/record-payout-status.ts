import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  recordPayoutStatus,
  type PayoutRead,
  type PayoutStatusRecorded,
} from "../../refund-to-bank/track-payout"

export type RecordPayoutStatusInput = {
  read: PayoutRead | null
  source: string
}

/**
 * svc's status recorded on the payout request (never an earlier status over a
 * later one); REVERSED or RETURNED flag it `refund_not_delivered` for an admin.
 * No compensation: what svc says happened to the money is a fact to keep.
 */
export const recordPayoutStatusStep = createStep(
  "svc-record-payout-status",
  async (input: RecordPayoutStatusInput, { container }) => {
    const recorded: PayoutStatusRecorded = input.read
      ? await recordPayoutStatus(container, input.read, input.source)
      : { outcome: "unknown_payout", notDelivered: null }
    return new StepResponse<PayoutStatusRecorded>(recorded)
  }
)
