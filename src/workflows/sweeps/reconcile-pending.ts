import type { MedusaContainer } from "@medusajs/framework/types"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { settleCheckout } from "../settle-checkout"
import {
  counter,
  settleListed,
  sweepLeftovers,
  waitingSvcSessions,
  type ListMark,
  type SweepReport,
} from "./waiting"

/** Paid carts without an order completed again per run (oldest first; each has its own back-off). */
const PAID_CARTS_PER_RUN = 20
/** Pages of the listing a run at most, whatever the sale. */
const PAGES_PER_RUN = 10
/** Reads of expired links a run at most: a tenth of the account's ceiling (each link is read once, then closed). */
const READ_SHARE = 0.1

/**
 * Sessions still waiting on svc (pending, pending_authorization): find what svc
 * knows and never told us (a lost webhook; CANCELLED and REJECTED send none; a
 * link that expired). It pages GET /v1/checkout by final status from the oldest
 * waiting session on, 100 a page, rather than one read per session: about
 * ⌈checkouts/100⌉ calls per status, at most PAGES_PER_RUN a run: a listing that
 * stops there returns its `mark`, and the next run (given it: `from`) goes on
 * from that page. A waiting session whose link expired and that no list showed
 * is read once by id, a tenth of the account's ceiling a run at most (10 on
 * svc's sandbox, 100 in production). Before that,
 * paid carts without an order are completed again
 * (src/workflows/settle-checkout/place-order.ts).
 */
export async function reconcilePending(
  container: MedusaContainer,
  from?: ListMark
): Promise<SweepReport & { mark?: ListMark }> {
  const { client, reads } = svcFromContainer(container)
  const report: SweepReport = { waiting: 0, svcCalls: 0, outcomes: {} }
  // final statuses a dead process recorded but never applied, then paid carts that are not
  // an order yet (the watcher does this too, when it runs)
  await sweepLeftovers(container, report, {
    limit: PAID_CARTS_PER_RUN,
    source: "job",
  })
  const waiting = await waitingSvcSessions(container)
  report.waiting = waiting.length
  const { unseen, mark } = await settleListed(container, client, report, {
    statuses: ["COMPLETED", "FAILED", "CANCELLED", "REJECTED"],
    waiting,
    source: "job",
    maxCalls: PAGES_PER_RUN,
    ...(from ? { from } : {}),
  })

  // Links past their expiry that no list showed as final: svc may still say
  // CREATED; read each once (oldest first: the listing's window shrinks) and let the settle
  // path treat it as expired.
  let readsLeft = Math.max(
    10,
    Math.floor(client.rateUsage().limit * READ_SHARE)
  )
  for (const s of waiting.sort((a, b) => a.created_at - b.created_at)) {
    if (!unseen.has(s.checkout_id) || !(s.expires_at <= Date.now())) continue
    if (readsLeft-- === 0) break
    report.svcCalls++
    const c = await reads.read(s.checkout_id)
    counter(report.outcomes)(await settleCheckout(container, c, "job"))
  }
  return { ...report, ...(mark ? { mark } : {}) }
}
