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
/** svc calls a run at most, whatever the sale: pages of the listing, and reads of expired links. */
const PAGES_PER_RUN = 10
const READS_PER_RUN = 10

/**
 * Sessions still waiting on svc (pending, pending_authorization): find what svc
 * knows and never told us (a lost webhook; CANCELLED and REJECTED send none; a
 * link that expired). It pages GET /v1/checkout by final status from the oldest
 * waiting session on, 100 a page, rather than one read per session: about
 * ⌈checkouts/100⌉ calls per status, at most PAGES_PER_RUN a run: a listing that
 * stops there returns its `mark`, and the next run (given it: `from`) goes on
 * from that page. A waiting session whose link expired and that no list showed
 * is read once by id, READS_PER_RUN a run at most: the listing and the reads
 * take 20 calls a run at most, whatever the sale. Before that,
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
  // CREATED; read each once and let the settle path treat it as expired.
  let readsLeft = READS_PER_RUN
  for (const s of waiting) {
    if (!unseen.has(s.checkout_id) || !(s.expires_at <= Date.now())) continue
    if (readsLeft-- === 0) break
    report.svcCalls++
    const c = await reads.read(s.checkout_id)
    counter(report.outcomes)(await settleCheckout(container, c, "job"))
  }
  return { ...report, ...(mark ? { mark } : {}) }
}
