import {
  createWorkflow,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import {
  trackTokenTransfersStep,
  type TrackTokenTransferInput,
} from "./steps/track-token-transfers"

export * from "./steps/track-token-transfers"

export const trackTokenTransferWorkflowId = "svc-track-token-transfer"

/**
 * Follows token transfers to their final status: `{id}` re-reads one (the admin's
 * refresh), `{}` sweeps the open ones (the reconciliation job). Answers `{transfer, report}`.
 */
export const trackTokenTransferWorkflow = createWorkflow(
  trackTokenTransferWorkflowId,
  (input: WorkflowData<TrackTokenTransferInput>) => {
    return new WorkflowResponse(trackTokenTransfersStep(input))
  }
)
