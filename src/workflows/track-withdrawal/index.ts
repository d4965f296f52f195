import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { type TrackInput, trackStep } from "../transfer-out"
import { refreshWithdrawal, sweepWithdrawals } from "../withdraw/withdrawals"

/**
 * `withdrawal_id`: svc's id (a `wallet.withdrawal.updated` event), that one
 * re-read (source "webhook" by default); without it, the sweep, which with
 * `finish_only` only finishes unanswered sends (the watcher), without polling
 * open withdrawals.
 */
export type TrackWithdrawalInput = TrackInput<
  "withdrawal_id",
  { finish_only?: boolean }
>

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
  "withdrawal_id",
  "outcome",
  (container, id, source = "webhook") =>
    refreshWithdrawal(container, id, source),
  (container, input: TrackWithdrawalInput) =>
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
