import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { WithdrawalAnswer, WithdrawalRequest } from "./withdrawals"
import { recordWithdrawalStep } from "./steps/record-withdrawal"
import { sendWithdrawalStep } from "./steps/send-withdrawal"

export * from "./steps/record-withdrawal"
export * from "./steps/send-withdrawal"

export type WithdrawWorkflowInput = {
  /** The request as POST /admin/svc/withdrawals takes it: `{request_id?, bank_account_id, amount ("1500.00"), reference?}`. */
  request: WithdrawalRequest
  /** Who asked (the admin user's id), stored as `requested_by`. */
  actor_id?: string
}

/** What a `withdrawalRequested` handler receives. */
export type WithdrawalRequestedData = {
  /** The stored withdrawal: `id`, `amount_sen`, `status` (PENDING, UNCERTAIN…), svc's `withdrawal_id` once known. */
  withdrawal: WithdrawalAnswer["withdrawal"]
  /** True when this run recorded the withdrawal; false for the same request_id again. */
  first: boolean
}

export const withdrawWorkflowId = "svc-withdraw"
export const withdrawWorkflowHooks = ["withdrawalRequested"] as const

/**
 * Settle: send (part of) the svc wallet balance to a bank account linked to the
 * svc account. The request is checked and recorded with its Idempotency-Key,
 * then sent with that key; the answer is `{httpStatus, withdrawal, message}` (200
 * sent or already sent, 202 kept with its key for the job). Webhooks and the
 * reconciliation job follow it to COMPLETED (svc-track-withdrawal).
 *
 * Hook `withdrawalRequested` ({withdrawal, first}) runs once the withdrawal is
 * recorded and sent (or kept for the job), e.g. to notify finance. A handler that
 * throws fails the run, but the withdrawal is never undone.
 */
export const withdrawWorkflow = createWorkflow(
  withdrawWorkflowId,
  (input: WorkflowData<WithdrawWorkflowInput>) => {
    const plan = recordWithdrawalStep(input)
    const answer = sendWithdrawalStep(plan)
    const requested = transform(
      { answer, plan },
      ({ answer, plan }): WithdrawalRequestedData => ({
        withdrawal: answer.withdrawal,
        first: plan.created,
      })
    )
    const withdrawalRequested = createHook("withdrawalRequested", requested)
    return new WorkflowResponse(answer, { hooks: [withdrawalRequested] })
  }
)
