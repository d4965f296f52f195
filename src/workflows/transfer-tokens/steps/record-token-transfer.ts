import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SVC_MODULE } from "../../../modules/svc"
import type SvcModuleService from "../../../modules/svc/service"
import {
  recordTokenTransfer,
  type TokenTransferPlan,
  type TokenTransferRequest,
} from "../token-transfers"

export type RecordTokenTransferStepInput = {
  request: TokenTransferRequest
  actor_id?: string
}

export const recordTokenTransferStepId = "svc-record-token-transfer"

/**
 * Checks the request by field (amount, the network and token svc lists, the address
 * on that network, the balance), then stores the transfer with its Idempotency-Key
 * (CREATING) before any svc request. The same request_id again plans no new row: its
 * transfer is answered, or sent again with its own key when it was left unsent.
 *
 * Compensation: a row this step recorded is removed only while nothing was sent for
 * it (still CREATING, no svc id; one statement in the service). Once svc may have
 * been asked, the send step has moved it on (or flagged it), so it stays.
 */
export const recordTokenTransferStep = createStep(
  recordTokenTransferStepId,
  async (input: RecordTokenTransferStepInput, { container }) => {
    const plan = await recordTokenTransfer(
      container,
      input.request,
      input.actor_id
    )
    return new StepResponse<TokenTransferPlan, string | null>(
      plan,
      plan.created && plan.send ? plan.send.id : null
    )
  },
  async (createdId, { container }) => {
    if (!createdId) return
    await container
      .resolve<SvcModuleService>(SVC_MODULE)
      .deleteUnsentSvcRequest("svc_token_transfer", createdId)
  }
)
