import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  refreshTokenTransfer,
  sweepTokenTransfers,
} from "../../transfer-tokens/token-transfers"

export type TrackTokenTransferInput = {
  /** The plugin's transfer id (svctt_…): re-read that one (or send an unanswered one again with its key). Without it: the sweep. */
  id?: string
  /** Who asked, written in the status history: "admin", "poll". */
  source?: string
  /** The sweep: at most this many open transfers, least recently updated first (default 10). */
  max?: number
}

export type TrackTokenTransferResult = {
  /** The transfer re-read (one by id). */
  transfer: Awaited<ReturnType<typeof refreshTokenTransfer>> | null
  /** The sweep: transfers refreshed, errors (logged, not thrown). */
  report: Awaited<ReturnType<typeof sweepTokenTransfers>> | null
}

export const trackTokenTransfersStepId = "svc-track-token-transfers"

/**
 * Brings token transfers up to date from svc, which sends no event for them: one by
 * id, or the sweep over open ones. An unsent or unanswered one is sent again with
 * its stored key; a final status is never changed. No compensation: it only records
 * what svc says has happened.
 */
export const trackTokenTransfersStep = createStep(
  trackTokenTransfersStepId,
  async (input: TrackTokenTransferInput, { container }) => {
    const result: TrackTokenTransferResult = input.id
      ? {
          transfer: await refreshTokenTransfer(
            container,
            input.id,
            input.source ?? "admin"
          ),
          report: null,
        }
      : {
          transfer: null,
          report: await sweepTokenTransfers(container, input.max),
        }
    return new StepResponse(result)
  }
)
