import {
  type OutInput,
  outWorkflow,
  type TrackInput,
  trackWorkflow,
} from "../transfer-out"
import {
  refreshTokenTransfer,
  sweepTokenTransfers,
  tokenTransfer,
  type TokenTransferRequest,
  type TokenTransferRow,
} from "./token-transfers"

/** The request as POST /admin/svc/token-transfers takes it: `{request_id, network_id, token_id, address_to, amount ("150.00"), reference?}`; `actor_id` stored as `requested_by`. */
export type TransferTokensWorkflowInput = OutInput<TokenTransferRequest>

/** What a `tokenTransferRequested` handler receives: the stored transfer (`id`, `amount_sen`, `address_to`, `status`, svc's `transfer_id` once known), and `first`: true when this run recorded it, false for the same request_id again. */
export type TokenTransferRequestedData = {
  transfer: TokenTransferRow
  first: boolean
}

export const transferTokensWorkflowId = "svc-transfer-tokens"
export const recordTokenTransferStepId = "svc-record-token-transfer"
export const sendTokenTransferStepId = "svc-send-token-transfer"
export const transferTokensWorkflowHooks = ["tokenTransferRequested"] as const

/**
 * A token transfer from the svc wallet to an external address (the shape of
 * src/workflows/transfer-out). The answer is `{kept, transfer, message}`
 * (sent or already sent, or kept with its key). svc sends no event for
 * token transfers: svc-track-token-transfer polls them to a final status.
 *
 * Hook `tokenTransferRequested` ({transfer, first}) runs once the transfer is recorded
 * and sent (or kept with its key). A handler that throws fails the run, but the
 * transfer is never undone.
 */
export const {
  workflow: transferTokensWorkflow,
  recordStep: recordTokenTransferStep,
  sendStep: sendTokenTransferStep,
} = outWorkflow(
  tokenTransfer,
  {
    workflow: transferTokensWorkflowId,
    record: recordTokenTransferStepId,
    send: sendTokenTransferStepId,
    flow: "transfer",
  },
  "tokenTransferRequested",
  (answer, plan) => ({ transfer: answer.transfer, first: plan.created })
)

/**
 * `id`: the plugin's transfer id (svctt_…), that one re-read, or an unanswered
 * one sent again with its key (source "admin" by default); without it, the
 * sweep over at most `max` open transfers, least recently updated first
 * (default 10).
 */
export type TrackTokenTransferInput = Pick<TrackInput, "id" | "source" | "max">

export const trackTokenTransfersStepId = "svc-track-token-transfers"
export const trackTokenTransferWorkflowId = "svc-track-token-transfer"

/**
 * svc-track-token-transfer follows token transfers to their final status:
 * `{id}` re-reads one (the admin's refresh), `{}` sweeps the open ones (the
 * reconciliation job). Answers `{transfer, report}`.
 * Brings token transfers up to date from svc, which sends no event for them:
 * one by id (`transfer`: the row re-read), or the sweep over open ones
 * (`report`: refreshed, errors logged, not thrown). An unsent or unanswered one
 * is sent again with its stored key; a final status is never changed. No
 * compensation: it only records what svc says has happened.
 */
export const {
  step: trackTokenTransfersStep,
  workflow: trackTokenTransferWorkflow,
} = trackWorkflow(
  { workflow: trackTokenTransferWorkflowId, step: trackTokenTransfersStepId },
  async (container, { id, source = "admin", max }) => ({
    transfer: id ? await refreshTokenTransfer(container, id, source) : null,
    report: id ? null : await sweepTokenTransfers(container, max),
  })
)
