import type { MedusaContainer } from "@medusajs/framework/types"
import {
  type OutInput,
  outWorkflow,
  type TrackInput,
  trackWorkflow,
} from "../transfer-out"
import {
  refreshWithdrawal,
  sweepWithdrawals,
  withdrawal,
  type WithdrawalRequest,
  type WithdrawalRow,
} from "./withdrawals"

/** The request as POST /admin/svc/withdrawals takes it: `{request_id?, bank_account_id, amount ("1500.00"), reference?}`; `actor_id` stored as `requested_by`. */
export type WithdrawWorkflowInput = OutInput<WithdrawalRequest>

/** What a `withdrawalRequested` handler receives: the stored withdrawal (`id`, `amount_sen`, `status`, svc's `withdrawal_id` once known), and `first`: true when this run recorded it, false for the same request_id again. */
export type WithdrawalRequestedData = {
  withdrawal: WithdrawalRow
  first: boolean
}

export const withdrawWorkflowId = "svc-withdraw"
export const recordWithdrawalStepId = "svc-record-withdrawal"
export const sendWithdrawalStepId = "svc-send-withdrawal"
export const withdrawWorkflowHooks = ["withdrawalRequested"] as const

/**
 * Settle: send (part of) the svc wallet balance to a bank account linked to the
 * svc account (the shape of src/workflows/transfer-out). The answer is
 * `{kept, withdrawal, message}` (sent or already sent, or kept with
 * its key for the job). Webhooks and the reconciliation job follow it to
 * COMPLETED (svc-track-withdrawal).
 *
 * Hook `withdrawalRequested` ({withdrawal, first}) runs once the withdrawal is
 * recorded and sent (or kept for the job), e.g. to notify finance. A handler that
 * throws fails the run, but the withdrawal is never undone.
 */
export const {
  workflow: withdrawWorkflow,
  recordStep: recordWithdrawalStep,
  sendStep: sendWithdrawalStep,
} = outWorkflow(
  withdrawal,
  {
    workflow: withdrawWorkflowId,
    record: recordWithdrawalStepId,
    send: sendWithdrawalStepId,
    flow: "withdraw",
  },
  "withdrawalRequested",
  (answer, plan) => ({ withdrawal: answer.withdrawal, first: plan.created })
)

/**
 * `withdrawal_id`: svc's id (a `wallet.withdrawal.updated` event), that one
 * re-read (source "webhook" by default); without it, the sweep, which with
 * `finish_only` only finishes unanswered sends (the watcher), without polling
 * open withdrawals.
 */
export type TrackWithdrawalInput = Pick<
  TrackInput,
  "withdrawal_id" | "source" | "finish_only"
>

export const trackWithdrawalsStepId = "svc-track-withdrawals"
export const trackWithdrawalWorkflowId = "svc-track-withdrawal"

/**
 * svc-track-withdrawal follows settlements to their final status: started by
 * the webhook subscriber for `wallet.withdrawal.updated` (`{withdrawal_id}`)
 * and by the reconciliation job (`{}`: the sweep). Answers `{outcome, report}`.
 * Brings withdrawals up to date from svc (never from an event's body): one by
 * svc's id (`outcome`: "updated", "unchanged" (final, or svc says the same),
 * "unknown_withdrawal"), or the sweep (`report`: UNCERTAIN sends and CREATING
 * ones a dead process left finished with their own key, open ones re-read;
 * errors logged, not thrown). A final status is never changed. No
 * compensation: it only records what svc says has happened.
 */
export const { step: trackWithdrawalsStep, workflow: trackWithdrawalWorkflow } =
  trackWorkflow(
    { workflow: trackWithdrawalWorkflowId, step: trackWithdrawalsStepId },
    async (container, { withdrawal_id: id, source = "webhook", ...o }) => ({
      outcome: id ? await refreshWithdrawal(container, id, source) : null,
      report: id
        ? null
        : await sweepWithdrawals(container, { finishOnly: o.finish_only }),
    })
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
