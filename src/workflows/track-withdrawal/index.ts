import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import {
  trackWithdrawalsStep,
  type TrackWithdrawalInput,
} from "./steps/track-withdrawals"

export * from "./steps/track-withdrawals"

export const trackWithdrawalWorkflowId = "svc-track-withdrawal"

/**
 * Follows settlements to their final status: started by the webhook subscriber for
 * `wallet.withdrawal.updated` (`{withdrawal_id}`: that withdrawal re-read from svc)
 * and by the reconciliation job (`{}`: the sweep). Answers `{outcome, report}`.
 */
export const trackWithdrawalWorkflow = createWorkflow(
  trackWithdrawalWorkflowId,
  (input: WorkflowData<TrackWithdrawalInput>) => {
    return new WorkflowResponse(trackWithdrawalsStep(input))
  }
)

/** One withdrawal re-read by svc's id (the webhook subscriber's use): its outcome. */
export async function trackWithdrawal(
  container: MedusaContainer,
  withdrawalId: string,
  source: string
) {
  const { result } = await trackWithdrawalWorkflow(container).run({
    input: { withdrawal_id: withdrawalId, source },
  })
  return result.outcome ?? "unchanged"
}
