import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type {
  TokenTransferAnswer,
  TokenTransferRequest,
} from "./token-transfers"
import { recordTokenTransferStep } from "./steps/record-token-transfer"
import { sendTokenTransferStep } from "./steps/send-token-transfer"

export * from "./steps/record-token-transfer"
export * from "./steps/send-token-transfer"

export type TransferTokensWorkflowInput = {
  /** The request as POST /admin/svc/token-transfers takes it: `{request_id, network_id, token_id, address_to, amount ("150.00"), reference?}`. */
  request: TokenTransferRequest
  /** Who asked (the admin user's id), stored as `requested_by`. */
  actor_id?: string
}

/** What a `tokenTransferRequested` handler receives. */
export type TokenTransferRequestedData = {
  /** The stored transfer: `id`, `amount_sen`, `address_to`, `status`, svc's `transfer_id` once known. */
  transfer: TokenTransferAnswer["transfer"]
  /** True when this run recorded the transfer; false for the same request_id again. */
  first: boolean
}

export const transferTokensWorkflowId = "svc-transfer-tokens"
export const transferTokensWorkflowHooks = ["tokenTransferRequested"] as const

/**
 * A token transfer from the svc wallet to an external address: checked and recorded
 * with its Idempotency-Key, then sent with that key; the answer is `{httpStatus,
 * transfer, message}` (200 sent or already sent, 202 kept with its key). svc sends no
 * event for token transfers: svc-track-token-transfer polls them to a final status.
 *
 * Hook `tokenTransferRequested` ({transfer, first}) runs once the transfer is recorded
 * and sent (or kept with its key). A handler that throws fails the run, but the
 * transfer is never undone.
 */
export const transferTokensWorkflow = createWorkflow(
  transferTokensWorkflowId,
  (input: WorkflowData<TransferTokensWorkflowInput>) => {
    const plan = recordTokenTransferStep(input)
    const answer = sendTokenTransferStep(plan)
    const requested = transform(
      { answer, plan },
      ({ answer, plan }): TokenTransferRequestedData => ({
        transfer: answer.transfer,
        first: plan.created,
      })
    )
    const tokenTransferRequested = createHook(
      "tokenTransferRequested",
      requested
    )
    return new WorkflowResponse(answer, { hooks: [tokenTransferRequested] })
  }
)
