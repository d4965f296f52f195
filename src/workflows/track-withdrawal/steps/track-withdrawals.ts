import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refreshWithdrawal, sweepWithdrawals } from "../../withdraw/withdrawals"

export type TrackWithdrawalInput = {
  /** svc's withdrawal id (a `wallet.withdrawal.updated` event): re-read that one. Without it: the sweep. */
  withdrawal_id?: string
  /** Who asked, written in the status history: "webhook", "job", "admin". */
  source?: string
  /** The sweep only finishes unanswered sends (the watcher), without polling open withdrawals. */
  finish_only?: boolean
}

export type TrackWithdrawalResult = {
  /** One withdrawal re-read: "updated", "unchanged" (final, or svc says the same), "unknown_withdrawal". */
  outcome: Awaited<ReturnType<typeof refreshWithdrawal>> | null
  /** The sweep: sends finished, withdrawals refreshed, errors (logged, not thrown). */
  report: Awaited<ReturnType<typeof sweepWithdrawals>> | null
}

export const trackWithdrawalsStepId = "svc-track-withdrawals"

/**
 * Brings withdrawals up to date from svc (never from an event's body): one by svc's
 * id, or the sweep (UNCERTAIN sends and CREATING ones a dead process left finished
 * with their own key, open ones re-read). A final status is never changed. No
 * compensation: it only records what svc says has happened.
 */
export const trackWithdrawalsStep = createStep(
  trackWithdrawalsStepId,
  async (input: TrackWithdrawalInput, { container }) => {
    const source = input.source ?? (input.withdrawal_id ? "webhook" : "job")
    const result: TrackWithdrawalResult = input.withdrawal_id
      ? {
          outcome: await refreshWithdrawal(
            container,
            input.withdrawal_id,
            source
          ),
          report: null,
        }
      : {
          outcome: null,
          report: await sweepWithdrawals(container, {
            finishOnly: input.finish_only,
          }),
        }
    return new StepResponse(result)
  }
)
