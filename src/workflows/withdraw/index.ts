import type { OutInput, OutRequested } from "../transfer-out"
import { outWorkflow } from "../transfer-out"
import {
  withdrawal,
  type WithdrawalRequest,
  type WithdrawalRow,
} from "./withdrawals"

/** The request as POST /admin/svc/withdrawals takes it: `{request_id?, bank_account_id, amount ("1500.00"), reference?}`; `actor_id` stored as `requested_by`. */
export type WithdrawWorkflowInput = OutInput<WithdrawalRequest>

/** What a `withdrawalRequested` handler receives: the stored withdrawal (`id`, `amount_sen`, `status`, svc's `withdrawal_id` once known), and `first`: true when this run recorded it, false for the same request_id again. */
export type WithdrawalRequestedData = OutRequested<"withdrawal", WithdrawalRow>

export const withdrawWorkflowId = "svc-withdraw"
export const recordWithdrawalStepId = "svc-record-withdrawal"
export const sendWithdrawalStepId = "svc-send-withdrawal"
export const withdrawWorkflowHooks = ["withdrawalRequested"] as const

/**
 * Settle: send (part of) the svc wallet balance to a bank account linked to the
 * svc account (the shape of src/workflows/transfer-out). The answer is
 * `{httpStatus, withdrawal, message}` (200 sent or already sent, 202 kept with
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
  "withdrawalRequested"
)
