import type { MedusaContainer } from "@medusajs/framework/types"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import {
  completePaidCarts,
  settleCheckout,
  type PaidCartsReport,
} from "../settle-checkout"
import {
  counter,
  settleListed,
  settleUnsettled,
  waitingSvcSessions,
} from "./waiting"

export type ReconcileReport = {
  waiting: number
  svcCalls: number
  outcomes: Record<string, number>
  /** paid carts without an order, completed again */
  paidCarts?: PaidCartsReport
}

/** Paid carts without an order completed again per run (oldest first; each has its own back-off). */
const PAID_CARTS_PER_RUN = 20

/**
 * Sessions still waiting on svc (pending, pending_authorization): find what svc
 * knows and never told us (a lost webhook; CANCELLED and REJECTED send none; a
 * link that expired). It pages GET /v1/checkout by final status from the oldest
 * waiting session on, 100 a page, rather than one read per session: about
 * ⌈checkouts/100⌉ calls per status. A waiting session whose link expired and
 * that no list showed is read once by id. Before that, paid carts without an
 * order are completed again (src/workflows/settle-checkout/place-order.ts).
 */
export async function reconcilePending(
  container: MedusaContainer
): Promise<ReconcileReport> {
  const { client, reads } = svcFromContainer(container)
  const report: ReconcileReport = { waiting: 0, svcCalls: 0, outcomes: {} }
  const count = counter(report.outcomes)
  // final statuses a dead process recorded but never applied (the watcher does this too, when it runs)
  await settleUnsettled(container, "job", count)
  // paid carts that are not an order yet: a page, oldest first (the watcher does this too, when it runs)
  const paidCarts = await completePaidCarts(container, {
    limit: PAID_CARTS_PER_RUN,
    source: "job",
  })
  if (paidCarts.found) report.paidCarts = paidCarts

  const waiting = await waitingSvcSessions(container)
  report.waiting = waiting.length
  if (!waiting.length) return report
  const unseen = new Set(waiting.map((s) => s.checkout_id))
  report.svcCalls += await settleListed(
    container,
    client,
    {
      statuses: ["COMPLETED", "FAILED", "CANCELLED", "REJECTED"],
      waiting,
      wanted: unseen,
      source: "job",
    },
    count
  )

  // Links past their expiry that no list showed as final: svc may still say
  // CREATED; read each once and let the settle path treat it as expired.
  for (const s of waiting) {
    if (!unseen.has(s.checkout_id) || !(s.expires_at <= Date.now())) continue
    unseen.delete(s.checkout_id)
    report.svcCalls++
    const c = await reads.read(s.checkout_id)
    count(await settleCheckout(container, c, "job"))
  }
  return report
}
