import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { fromSen } from "../../client"
import { svcFromContainer } from "../account/config"
import { SVC_MODULE } from "../core/module-key"
import type SvcModuleService from "../../modules/svc/service"
import { appendEntry } from "../core/admin-input"
import { sweepStep } from "../core/sweep"
import { longestSendMs } from "../account/send-window"
import { finishRefund } from "./request-refund"
import { PayoutLedger } from "./payout-ledger"
import { resendForRecordedRefund } from "./send-payout"
import { MedusaReads } from "../core/medusa-reads"

type Container = MedusaContainer

// Order of svc's payout statuses: a status is never replaced by an earlier one
// (a late payout.updated INITIATED after SETTLED changes nothing).
const RANK: Record<string, number> = { INITIATED: 1, SETTLED: 2, REVERSED: 3, RETURNED: 3 }
const NOT_DELIVERED: Record<string, string> = {
  REVERSED: "the bank reversed the payout: the buyer was not paid; amount and fee are back in the prefund balance",
  RETURNED: "the bank returned the payout after settling it: the buyer was not paid; the amount is back in the prefund balance (svc keeps the fee)",
}

export type PayoutOutcome = "updated" | "unchanged" | "unknown_payout"

/**
 * Read a payout from svc (never from a webhook body) and bring its request up
 * to date. REVERSED or RETURNED mean the buyer did not get the money although
 * Medusa shows the refund: the request is flagged `refund_not_delivered` for
 * an admin, with what happened.
 */
export async function refreshPayout(container: Container, payoutId: string, source: string): Promise<PayoutOutcome> {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const [row] = await svcModule.listSvcPayouts({ payout_id: payoutId })
  if (!row) return "unknown_payout"
  const { client } = svcFromContainer(container)
  const p = await client.payouts.retrieve(payoutId)
  const current = RANK[row.status] ?? 0
  const next = RANK[p.status]
  if (p.status === row.status || (next !== undefined && next <= current && current > 0)) return "unchanged"
  const notDelivered = NOT_DELIVERED[p.status]
  await svcModule.updateSvcPayouts({
    id: row.id,
    status: p.status,
    fee_sen: p.fee && /^\d+$/.test(p.fee) ? Number(p.fee) : row.fee_sen,
    status_history: appendEntry(row.status_history, p.status, source),
    ...(notDelivered
      ? {
          attention: "refund_not_delivered",
          attention_reason: `${notDelivered}. Refund RM${fromSen(row.amount_sen)} again to a corrected account.`,
        }
      : {}),
  })
  if (notDelivered) {
    container.resolve<{ warn: (m: string) => void }>(ContainerRegistrationKeys.LOGGER).warn(`svc: payout ${payoutId} (refund ${row.refund_id}) ${p.status}: ${notDelivered}`)
  }
  return "updated"
}

export type PayoutSweepReport = { refreshed: number; finished: number; abandoned: number; errors: number }

const RETURN_WATCH_MS = 7 * 24 * 3600 * 1000

/**
 * The job's part for refunds:
 * - UNCERTAIN requests (svc did not answer): ask Medusa for the refund again,
 *   which sends the payout with the same key; svc replays the payout it made
 *   or makes the one it never did; when Medusa's refund survived (the process
 *   died mid-send, so nothing removed it), the payout is sent again for that
 *   refund instead (resendForRecordedRefund): one payout, one refund;
 * - REQUESTED requests older than the longest send (the admin request died
 *   before Medusa was asked): nothing was sent; closed as FAILED;
 * - SENDING requests older than the longest send (src/plugin/account/send-window.ts:
 *   the process died mid-send): back to UNCERTAIN, finished as above;
 * - INITIATED payouts, and SETTLED ones for a week (a bank may return them):
 *   re-read from svc, as a lost payout.updated webhook would have.
 */
export async function sweepPayouts(container: Container, opts: { finishOnly?: boolean } = {}): Promise<PayoutSweepReport> {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const report: PayoutSweepReport = { refreshed: 0, finished: 0, abandoned: 0, errors: 0 }
  const now = Date.now()
  const staleMs = longestSendMs(svcFromContainer(container).options)
  const stale = (r: { updated_at: Date | string }) => now - new Date(r.updated_at).getTime() > staleMs

  for (const r of await svcModule.listSvcPayouts({ status: ["REQUESTED", "SENDING"] }, { take: 100 })) {
    if (!stale(r)) continue
    if (r.status === "REQUESTED") {
      await svcModule.updateSvcPayouts({
        id: r.id,
        status: "FAILED",
        failure_reason: "the refund request stopped before it was sent to svc; nothing was sent",
        status_history: appendEntry(r.status_history, "FAILED", "job"),
      })
      report.abandoned++
    } else {
      await svcModule.updateSvcPayouts({ id: r.id, status: "UNCERTAIN", status_history: appendEntry(r.status_history, "UNCERTAIN", "job", "sending stopped midway") })
    }
  }
  const medusa = new MedusaReads(container)
  for (const r of await svcModule.listSvcPayouts({ status: "UNCERTAIN" }, { take: 50, order: { created_at: "ASC" } })) {
    const finished = await sweepStep(report, logger, `finishing payout request ${r.id}`, async () => {
      // Medusa's refund survived (the process died mid-send): send again for it, never a second refund
      if (await medusa.refundExists(r.refund_id)) {
        const svc = svcFromContainer(container)
        const deps = { client: svc.client, payouts: new PayoutLedger(container), logger }
        return (await resendForRecordedRefund(deps, r.id, r.refund_id!)) === "sent"
      }
      return (await finishRefund(container, r.id)).httpStatus === 200
    })
    if (finished) report.finished++
  }
  if (opts.finishOnly) return report
  const watch = await svcModule.listSvcPayouts({ status: ["INITIATED", "SETTLED"] }, { take: 200, order: { updated_at: "ASC" } })
  for (const r of watch) {
    if (!r.payout_id) continue
    if (r.status === "SETTLED" && now - new Date(r.updated_at).getTime() > RETURN_WATCH_MS) continue
    const payoutId = r.payout_id
    if (await sweepStep(report, logger, `reading payout ${payoutId}`, async () => (await refreshPayout(container, payoutId, "job")) === "updated")) report.refreshed++
  }
  return report
}
