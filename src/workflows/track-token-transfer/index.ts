import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { type TrackInput, trackStep } from "../transfer-out"
import {
  refreshTokenTransfer,
  sweepTokenTransfers,
} from "../transfer-tokens/token-transfers"

/**
 * `id`: the plugin's transfer id (svctt_…), that one re-read, or an unanswered
 * one sent again with its key (source "admin" by default); without it, the
 * sweep over at most `max` open transfers, least recently updated first
 * (default 10).
 */
export type TrackTokenTransferInput = TrackInput<"id", { max?: number }>

export const trackTokenTransfersStepId = "svc-track-token-transfers"
export const trackTokenTransferWorkflowId = "svc-track-token-transfer"

/**
 * Brings token transfers up to date from svc, which sends no event for them:
 * one by id (`transfer`: the row re-read), or the sweep over open ones
 * (`report`: refreshed, errors logged, not thrown). An unsent or unanswered one
 * is sent again with its stored key; a final status is never changed.
 */
export const trackTokenTransfersStep = trackStep(
  trackTokenTransfersStepId,
  "id",
  "transfer",
  (container, id, source = "admin") =>
    refreshTokenTransfer(container, id, source),
  (container, input: TrackTokenTransferInput) =>
    sweepTokenTransfers(container, input.max)
)

/**
 * Follows token transfers to their final status: `{id}` re-reads one (the admin's
 * refresh), `{}` sweeps the open ones (the reconciliation job). Answers `{transfer, report}`.
 */
export const trackTokenTransferWorkflow = createWorkflow(
  trackTokenTransferWorkflowId,
  (input: WorkflowData<TrackTokenTransferInput>) =>
    new WorkflowResponse(trackTokenTransfersStep(input))
)
