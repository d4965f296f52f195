import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { trackStep } from "../transfer-out"
import { refreshWithdrawal, sweepWithdrawals } from "../withdraw/withdrawals"

export type TrackWithdrawalInput = {
  /** svc's withdrawal id (a `wallet.withdrawal.updated` event): re-read that one. Without it: the sweep. */
  withdrawal_id?: string
  /** Who asked, written in the status history: "webhook" (the default), "job", "admin". */
  source?: string
  /** The sweep only finishes unanswered sends (the watcher), without polling open withdrawals. */
  finish_only?: boolean
}

export const trackWithdrawalsStepId = "svc-track-withdrawals"
export const trackWithdrawalWorkflowId = "svc-track-withdrawal"

/**
 * Brings withdrawals up to date from svc (never from an event's body): one by
 * svc's id (`outcome`: "updated", "unchanged" (final, or svc says the same),
 * "unknown_withdrawal"), or the sweep (`report`: UNCERTAIN sends and CREATING
 * ones a dead process left finished with their own key, open ones re-read;
 * errors logged, not thrown). A final status is never changed.
 */
export const trackWithdrawalsStep = trackStep(
  trackWithdrawalsStepId,
  "outcome",
  (input: TrackWithdrawalInput) => input.withdrawal_id,
  (container, id, input) =>
    refreshWithdrawal(container, id, input.source ?? "webhook"),
  (container, input) =>
    sweepWithdrawals(container, { finishOnly: input.finish_only })
)

/**
 * Follows settlements to their final status: started by the webhook subscriber for
 * `wallet.withdrawal.updated` (`{withdrawal_id}`: that withdrawal re-read from svc)
 * and by the reconciliation job (`{}`: the sweep). Answers `{outcome, report}`.
 */
export const trackWithdrawalWorkflow = createWorkflow(
  trackWithdrawalWorkflowId,
  (input: WorkflowData<TrackWithdrawalInput>) =>
    new WorkflowResponse(trackWithdrawalsStep(input))
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
