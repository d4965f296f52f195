import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SVC_MODULE } from "../../../modules/svc"
import type SvcModuleService from "../../../modules/svc/service"
import {
  recordWithdrawal,
  type WithdrawalPlan,
  type WithdrawalRequest,
} from "../withdrawals"

export type RecordWithdrawalStepInput = {
  request: WithdrawalRequest
  actor_id?: string
}

export const recordWithdrawalStepId = "svc-record-withdrawal"

/**
 * Checks the request by field (amount, the linked bank account, the balance), then
 * stores the withdrawal with its Idempotency-Key (CREATING) before any svc request.
 * The same request_id again plans no new row: its withdrawal is answered, or sent
 * again with its own key when svc's answer was lost.
 *
 * Compensation: a row this step recorded is removed only while nothing was sent for
 * it (still CREATING, no svc id; the service checks both in one statement). Once
 * svc may have been asked, the send step has moved it on (or flagged it), so it stays.
 */
export const recordWithdrawalStep = createStep(
  recordWithdrawalStepId,
  async (input: RecordWithdrawalStepInput, { container }) => {
    const plan = await recordWithdrawal(
      container,
      input.request,
      input.actor_id
    )
    return new StepResponse<WithdrawalPlan, string | null>(
      plan,
      plan.created && plan.send ? plan.send.id : null
    )
  },
  async (createdId, { container }) => {
    if (!createdId) return
    await container
      .resolve<SvcModuleService>(SVC_MODULE)
      .deleteUnsentSvcRequest("svc_withdrawal", createdId)
  }
)
