import type { MedusaContainer } from "@medusajs/framework/types"
import type { KnownCheckoutStatus } from "../../client"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import {
  settleListed,
  sweepLeftovers,
  waitingSvcSessions,
  type SweepReport,
} from "./waiting"
import { sweepRefundPayouts } from "../track-payout/sweep-payouts"
import { trackWithdrawalWorkflow } from "../withdraw"

export type WatchReport = SweepReport & {
  /** refund payouts and withdrawals finished after a crash or an unanswered send */
  sends?: {
    payoutsFinished: number
    payoutsAbandoned: number
    withdrawalsFinished: number
  }
  skipped?: "nothing_waiting" | "rate_budget"
  /** how long each part of the tick took (ms): a slow tick delays the next one, and says where */
  ms?: Record<string, number>
}

/** Share of the account's rate ceiling above which the watcher leaves the room to shoppers. */
const RATE_SHARE = 0.6
/** A FAILED list every this many ticks (a shopper who returns sees the failure anyway: authorize reads it). */
const FAILED_EVERY = 4
/** Paid carts without an order completed again per tick (oldest first; each has its own back-off). */
const PAID_CARTS_PER_TICK = 5
/** A link lives 20 minutes; sessions past their expiry by this much are the 5-minute job's. */
const EXPIRED_GRACE_MS = 2 * 60 * 1000

let tick = 0
let lastSendSweep = 0
/** The send sweep runs at most this often (an UNCERTAIN request asks svc again each time). */
const SEND_SWEEP_MS = 15_000
const now0 = () => Date.now()

/**
 * The near-real-time watcher of sessions awaiting payment (job
 * svc-watch-checkouts, every `watchEverySeconds`). Webhooks can be lost; the
 * reconciliation job finds those within minutes, this within seconds:
 *
 * - paid carts without an order (Medusa's cart lock was held when they were
 *   captured) are completed again, a few a tick, oldest first, each after its
 *   back-off (src/workflows/settle-checkout/place-order.ts): database queries only;
 * - nothing waits (no svc session pending on a link still alive): no svc call;
 * - the client used over 60 % of the account's rate ceiling in the current
 *   window: this tick is skipped, shoppers first;
 * - otherwise `GET /v1/checkout?status=COMPLETED&startDt=<oldest waiting - 1 min>`,
 *   100 a page (every 4th tick FAILED as well): the calls per tick grow with
 *   the checkouts svc returns (1 per 100), not with the sessions waiting (the
 *   spec's reconciliation guidance: poll while PROCESSING). Each listed
 *   checkout of a waiting session goes through the one settle path, under its
 *   lock, once per final status.
 */
export async function watchWaiting(
  container: MedusaContainer
): Promise<WatchReport> {
  const svc = svcFromContainer(container)
  const ms: Record<string, number> = {}
  const report: WatchReport = { waiting: 0, svcCalls: 0, outcomes: {}, ms }
  tick++
  let mark = now0()
  const lap = (part: string) => {
    const t = now0()
    ms[part] = t - mark
    mark = t
  }
  // Paid carts whose order is not placed yet (Medusa's cart lock was held, say by a killed
  // process): a cart is completed again once its back-off is due and the lock is free.
  await sweepLeftovers(
    container,
    report,
    { limit: PAID_CARTS_PER_TICK, source: "watcher", scope: "due" },
    lap
  )
  // Refund payouts and withdrawals a dead process left mid-send (or svc left
  // unanswered): finished with their stored keys within seconds, not at the
  // 5-minute job; a few database queries, svc only for such a request.
  if (now0() - lastSendSweep >= SEND_SWEEP_MS) {
    lastSendSweep = now0()
    // the same workflows as the job's (a refund finished here is a refundSent like any other)
    const p = await sweepRefundPayouts(container, { finishOnly: true })
    const w = (
      await trackWithdrawalWorkflow(container).run({
        input: { source: "watcher", finish_only: true },
      })
    ).result.report ?? { finished: 0 }
    if (p.finished + p.abandoned + w.finished)
      report.sends = {
        payoutsFinished: p.finished,
        payoutsAbandoned: p.abandoned,
        withdrawalsFinished: w.finished,
      }
    lap("sends")
  }

  const now = Date.now()
  // Links still alive (or just expired): older ones are the 5-minute job's.
  const waiting = (await waitingSvcSessions(container)).filter(
    (s) => !(s.expires_at + EXPIRED_GRACE_MS < now)
  )
  report.waiting = waiting.length
  lap("waiting")
  if (!waiting.length) {
    report.skipped = "nothing_waiting"
    return report
  }
  const usage = svc.client.rateUsage()
  if (usage.used >= usage.limit * RATE_SHARE) {
    report.skipped = "rate_budget"
    return report
  }

  const statuses: KnownCheckoutStatus[] =
    tick % FAILED_EVERY === 0 ? ["COMPLETED", "FAILED"] : ["COMPLETED"]
  await settleListed(container, svc.client, report, {
    statuses,
    waiting,
    source: "watcher",
  })
  lap("settle")
  return report
}
