import type { MedusaContainer } from "@medusajs/framework/types"
import {
  sweepPayouts,
  type PayoutSweepReport,
} from "../refund-to-bank/track-payout"
import { trackPayoutWorkflow } from "."
import { refundToBankWorkflow } from "../refund-to-bank"

/**
 * The reconciliation job's part for refunds (src/workflows/refund-to-bank/track-payout.ts,
 * sweepPayouts) with each money move started as its workflow: an UNCERTAIN
 * request finished by svc-refund-to-bank (so refundSent is heard), a payout
 * re-read by svc-track-payout (so payoutNotDelivered is).
 */
export function sweepRefundPayouts(
  container: MedusaContainer,
  opts: { finishOnly?: boolean } = {}
): Promise<PayoutSweepReport> {
  return sweepPayouts(container, {
    ...opts,
    finish: async (rowId) =>
      (
        await refundToBankWorkflow(container).run({
          input: { payout_request_id: rowId },
        })
      ).result.httpStatus === 200,
    track: async (payoutId, source) =>
      (
        await trackPayoutWorkflow(container).run({
          input: { payout_id: payoutId, source },
        })
      ).result,
  })
}
