import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { trackStep } from "../transfer-out"
import {
  refreshTokenTransfer,
  sweepTokenTransfers,
} from "../transfer-tokens/token-transfers"

export type TrackTokenTransferInput = {
  /** The plugin's transfer id (svctt_…): re-read that one (or send an unanswered one again with its key). Without it: the sweep. */
  id?: string
  /** Who asked, written in the status history: "admin" (the default), "poll". */
  source?: string
  /** The sweep: at most this many open transfers, least recently updated first (default 10). */
  max?: number
}

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
  "transfer",
  (input: TrackTokenTransferInput) => input.id,
  (container, id, input) =>
    refreshTokenTransfer(container, id, input.source ?? "admin"),
  (container, input) => sweepTokenTransfers(container, input.max)
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
