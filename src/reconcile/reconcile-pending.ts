import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { svcFromContainer } from "../svc-account/config"
import { settleCheckout, type SettleOutcome, type SvcCheckoutRead } from "./settle-checkout"

type Container = { resolve: <T = unknown>(k: string) => T }

export type ReconcileReport = {
  waiting: number
  svcCalls: number
  outcomes: Record<string, number>
}

const SETTLED = ["COMPLETED", "FAILED", "CANCELLED", "REJECTED"] as const

/**
 * Sessions still waiting on svc (pending, pending_authorization): find what svc
 * knows and never told us (a lost webhook; CANCELLED and REJECTED send none; a
 * link that expired). It pages GET /v1/checkout by final status from the oldest
 * waiting session on, 100 a page, rather than one read per session: about
 * ⌈checkouts/100⌉ calls per status. A waiting session whose link expired and
 * that no list showed is read once by id.
 */
export async function reconcilePending(container: Container): Promise<ReconcileReport> {
  const query = container.resolve<{ graph: (q: unknown) => Promise<{ data: any[] }> }>(ContainerRegistrationKeys.QUERY)
  const { client } = svcFromContainer(container)
  const report: ReconcileReport = { waiting: 0, svcCalls: 0, outcomes: {} }

  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "data", "created_at", "provider_id"],
    filters: { status: ["pending", "pending_authorization", "requires_more"] },
  })
  const waiting = sessions.filter(
    (s) => /^pp_svc-(wallet|fpx|fpx-direct)_/.test(s.provider_id) && typeof s.data?.checkoutId === "string"
  )
  report.waiting = waiting.length
  if (!waiting.length) return report

  const byCheckout = new Map<string, any>(waiting.map((s) => [s.data.checkoutId as string, s]))
  const oldest = waiting.reduce((min, s) => Math.min(min, Date.parse(s.created_at)), Date.now())
  const startDt = new Date(oldest - 60_000).toISOString()
  const seen = new Set<string>()

  const count = (o: SettleOutcome) => (report.outcomes[o] = (report.outcomes[o] ?? 0) + 1)

  for (const status of SETTLED) {
    let cursor: string | undefined
    do {
      report.svcCalls++
      const page = (await client.checkout.list({ status, startDt, limit: 100, ...(cursor ? { cursor } : {}) } as never)) as unknown as {
        data: SvcCheckoutRead[]
        hasMore: boolean
        nextCursor: string | null
      }
      for (const c of page.data) {
        if (!byCheckout.has(c.checkoutId) || seen.has(c.checkoutId)) continue
        seen.add(c.checkoutId)
        count(await settleCheckout(container, c, "job"))
      }
      cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
    } while (cursor)
  }

  // Links past their expiry that no list showed as final: svc may still say
  // CREATED; read each once and let the settle path treat it as expired.
  for (const [checkoutId, s] of byCheckout) {
    if (seen.has(checkoutId)) continue
    const expiresAt = Date.parse(String(s.data.expiresAt ?? ""))
    if (!(expiresAt <= Date.now())) continue
    report.svcCalls++
    const c = (await client.checkout.retrieve(checkoutId)) as unknown as SvcCheckoutRead
    count(await settleCheckout(container, c, "job"))
  }
  return report
}
