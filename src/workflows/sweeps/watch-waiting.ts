import type { MedusaContainer } from "@medusajs/framework/types"
import { CHECKOUT_FINAL_STATUSES, type KnownCheckoutStatus } from "../../client"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { settleCheckout } from "../settle-checkout"
import {
  counter,
  settleListed,
  sweepLeftovers,
  waitingSvcSessions,
  type SweepReport,
  type WaitingSession,
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
  skipped?: "nothing_waiting" | "nothing_due" | "rate_budget" | "watch_budget"
  /** sessions due for a look this tick (young links often, old ones rarely) */
  due?: number
  /** how this tick looked: one read per due session, or a listing */
  mode?: "read" | "list"
  /** how long each part of the tick took (ms): a slow tick delays the next one, and says where */
  ms?: Record<string, number>
}

/** Share of the account's rate ceiling above which the watcher leaves the room to shoppers. */
const RATE_SHARE = 0.6
/**
 * The watcher's own svc calls a minute, whatever the sale: this share of the
 * account's ceiling (10 on svc's sandbox, 100 in production). Webhooks are the
 * primary signal; the watcher finds a lost one within seconds while the store
 * is quiet, and within minutes at svc's ceiling, where the calls belong to
 * shoppers.
 */
const CALL_SHARE = 0.1
/** A FAILED list every this many listings (a shopper who returns sees the failure anyway: authorize reads it). */
const FAILED_EVERY = 4
/** Paid carts without an order completed again per tick (oldest first; each has its own back-off). */
const PAID_CARTS_PER_TICK = 5
/** A link lives 20 minutes; sessions past their expiry by this much are the 5-minute job's. */
const EXPIRED_GRACE_MS = 2 * 60 * 1000
/**
 * A session is looked at again once half its age has passed since the last
 * look (at about 5, 10, 20, 40, 80 s…), never more often than every 5 s nor
 * less often than every 2 minutes.
 */
const gapFor = (ageMs: number) => Math.min(120_000, Math.max(5_000, ageMs / 2))
/** svc's clock and ours may differ by this much when a listing's reach is compared with a session's age. */
const SKEW_MS = 5_000

let listings = 0
let lastSendSweep = 0
/** The send sweep runs at most this often (an UNCERTAIN request asks svc again each time). */
const SEND_SWEEP_MS = 15_000
const now0 = () => Date.now()
/** When the watcher last learned each waiting checkout's status (this process). */
const lookedAt = new Map<string, number>()
/** The watcher's svc calls in the last minute (times). */
const calls: number[] = []
/** Up to this many sessions due, one read each; more, a listing (a page shows 100). */
const READS_MAX = 2

/**
 * The near-real-time watcher of sessions awaiting payment (job
 * svc-watch-checkouts, every `watchEverySeconds`). Webhooks can be lost; the
 * reconciliation job finds those within minutes, this within seconds:
 *
 * - paid carts without an order (Medusa's cart lock was held when they were
 *   captured) are completed again, a few a tick, oldest first, each after its
 *   back-off (src/workflows/settle-checkout/place-order.ts): database queries only;
 * - nothing waits, or nothing is due a look (young links often, old ones
 *   rarely: `gapFor`): no svc call;
 * - the client used over 60 % of the account's rate ceiling in the current
 *   window, or the watcher its own tenth of it in the last minute: this tick
 *   is skipped, shoppers first;
 * - otherwise one `GET /v1/checkout/{id}` per due session (two or fewer) or
 *   `GET /v1/checkout?status=COMPLETED&startDt=…&endDt=…` over the due
 *   sessions' creation times (100 a page, newest first; every 4th listing
 *   FAILED as well), within what is left of the watcher's calls. Its svc calls
 *   are bounded by its share of the ceiling, not by the sale. Each final
 *   checkout of a waiting session goes through the one settle path, under its
 *   lock, once per final status.
 */
export async function watchWaiting(
  container: MedusaContainer
): Promise<WatchReport> {
  const svc = svcFromContainer(container)
  const ms: Record<string, number> = {}
  const report: WatchReport = { waiting: 0, svcCalls: 0, outcomes: {}, ms }
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
  const alive = new Set(waiting.map((s) => s.checkout_id))
  for (const id of lookedAt.keys()) if (!alive.has(id)) lookedAt.delete(id)
  while (calls.length && calls[0] <= now - 60_000) calls.shift()
  lap("waiting")
  if (!waiting.length) {
    report.skipped = "nothing_waiting"
    return report
  }
  // most overdue first, by the share of its gap (a young link's gap is short)
  const overdue = (s: WaitingSession) =>
    (now - (lookedAt.get(s.checkout_id) ?? s.created_at)) /
    gapFor(now - s.created_at)
  const due = waiting
    .filter((s) => overdue(s) >= 1)
    .sort((a, b) => overdue(b) - overdue(a))
  report.due = due.length
  if (!due.length) {
    report.skipped = "nothing_due"
    return report
  }
  const usage = svc.client.rateUsage()
  const budget =
    Math.max(1, Math.floor(usage.limit * CALL_SHARE)) - calls.length
  if (usage.used >= usage.limit * RATE_SHARE) report.skipped = "rate_budget"
  else if (budget <= 0) report.skipped = "watch_budget"
  if (report.skipped) return report

  const last = Math.max(...due.map((s) => s.created_at))
  const before = report.svcCalls
  if (due.length <= READS_MAX) {
    report.mode = "read"
    const count = counter(report.outcomes)
    for (const s of due.slice(0, budget)) {
      report.svcCalls++
      calls.push(Date.now())
      const c = await svc.reads.read(s.checkout_id)
      lookedAt.set(s.checkout_id, Date.now())
      if (isFinal(c.status))
        count(await settleCheckout(container, c, "watcher"))
    }
  } else {
    report.mode = "list"
    const statuses: KnownCheckoutStatus[] =
      ++listings % FAILED_EVERY === 0 ? ["COMPLETED", "FAILED"] : ["COMPLETED"]
    const listed = await settleListed(container, svc.client, report, {
      statuses,
      waiting: due,
      source: "watcher",
      maxCalls: budget,
      endDt: new Date(last + 60_000).toISOString(),
    })
    for (let i = before; i < report.svcCalls; i++) calls.push(Date.now())
    // a due session the pages reached (or every page read) is not final at svc yet
    for (const s of due)
      if (listed.complete || s.created_at >= listed.reached + SKEW_MS)
        lookedAt.set(s.checkout_id, now)
  }
  lap("settle")
  return report
}

const isFinal = (status: string) => CHECKOUT_FINAL_STATUSES.includes(status)
