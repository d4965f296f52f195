import type { MedusaContainer } from "@medusajs/framework/types"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { adminDeps } from "../../lib/svc-admin/context"
import { longestSendMs } from "../../lib/svc-runtime/send-window"
import { refundToBankWorkflow } from "../refund-to-bank"
import { eachRow } from "../transfer-out"
import { trackPayout } from "."

export type PayoutSweepReport = {
  refreshed: number
  finished: number
  abandoned: number
  errors: number
}

const RETURN_WATCH_MS = 7 * 24 * 3600 * 1000

/**
 * The job's part for refunds:
 * - UNCERTAIN requests (svc did not answer): finished with the same key by the
 *   svc-refund-to-bank workflow (request-refund.ts, finishPayoutRequest), so a
 *   store's refundSent hook hears of it;
 * - REQUESTED requests older than the longest send (the admin request died
 *   before Medusa was asked): nothing was sent; closed as FAILED;
 * - SENDING requests older than the longest send (src/lib/svc-runtime/send-window.ts:
 *   the process died mid-send): back to UNCERTAIN, finished as above;
 * - INITIATED payouts, and SETTLED ones for a week (a bank may return them):
 *   re-read from svc by the svc-track-payout workflow (so payoutNotDelivered
 *   is heard), as a lost payout.updated webhook would have.
 */
export async function sweepRefundPayouts(
  container: MedusaContainer,
  opts: { finishOnly?: boolean } = {}
): Promise<PayoutSweepReport> {
  const { svcModule } = adminDeps(container)
  const report: PayoutSweepReport = {
    refreshed: 0,
    finished: 0,
    abandoned: 0,
    errors: 0,
  }
  const now = Date.now()
  const staleMs = longestSendMs(svcFromContainer(container).options)
  const age = (r: { updated_at: Date | string }) =>
    now - new Date(r.updated_at).getTime()

  for (const r of await svcModule.listSvcPayouts(
    { status: ["REQUESTED", "SENDING"] },
    { take: 100 }
  )) {
    if (age(r) <= staleMs) continue
    if (r.status === "REQUESTED") {
      // only while still REQUESTED (atomic): a request claimed meanwhile is being sent
      if (
        await svcModule.abandonPayoutRequest(
          r.id,
          "the refund request stopped before it was sent to svc; nothing was sent",
          "job"
        )
      )
        report.abandoned++
    } else {
      // only while still SENDING (atomic): a send that got svc's answer meanwhile keeps it
      await svcModule.recordPayoutNotSent(
        r.id,
        "UNCERTAIN",
        "sending stopped midway",
        "job"
      )
    }
  }
  report.finished = await eachRow(
    container,
    report,
    await svcModule.listSvcPayouts(
      { status: "UNCERTAIN" },
      { take: 50, order: { created_at: "ASC" } }
    ),
    (r) => `finishing payout request ${r.id}`,
    async (r) => {
      const input = { payout_request_id: r.id }
      const { result } = await refundToBankWorkflow(container).run({ input })
      return result.kept === false
    }
  )
  if (opts.finishOnly) return report
  const watch = await svcModule.listSvcPayouts(
    { status: ["INITIATED", "SETTLED"] },
    { take: 200, order: { updated_at: "ASC" } }
  )
  report.refreshed = await eachRow(
    container,
    report,
    watch.flatMap((r) =>
      r.payout_id && (r.status !== "SETTLED" || age(r) <= RETURN_WATCH_MS)
        ? [r.payout_id]
        : []
    ),
    (payoutId) => `reading payout ${payoutId}`,
    async (payoutId) =>
      (await trackPayout(container, payoutId, "job")) === "updated"
  )
  return report
}
