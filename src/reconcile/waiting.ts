import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SvcClient } from "../svc"
import { settleCheckout, type SettleOutcome, type SvcCheckoutRead } from "./settle-checkout"

type Container = { resolve: <T = unknown>(k: string) => T }

export type WaitingSession = { id: string; status: string; data: Record<string, any>; created_at: string; provider_id: string }

const SVC_PROVIDER = /^pp_svc-(wallet|fpx|fpx-direct)_/

/** svc payment sessions still waiting on svc (pending, pending_authorization, requires_more) that have a checkout. */
export async function waitingSvcSessions(container: Container): Promise<WaitingSession[]> {
  const query = container.resolve<{ graph: (q: unknown) => Promise<{ data: WaitingSession[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "data", "created_at", "provider_id"],
    filters: { status: ["pending", "pending_authorization", "requires_more"] },
  })
  return data.filter((s) => SVC_PROVIDER.test(s.provider_id) && typeof s.data?.checkoutId === "string")
}

/**
 * Pages `GET /v1/checkout?status=…&startDt=…`, 100 a page, for each status in
 * turn, and settles every listed checkout in `wanted` once (removing it from
 * `wanted`); paging stops when nothing is wanted any more. The calls grow with
 * the checkouts svc returns, not with the sessions waiting. Returns the calls made.
 */
export async function settleListed(
  container: Container,
  client: SvcClient,
  args: { statuses: readonly string[]; startDt: string; wanted: Set<string>; source: "job" | "watcher" },
  count: (o: SettleOutcome) => void
): Promise<number> {
  let calls = 0
  for (const status of args.statuses) {
    let cursor: string | undefined
    do {
      if (!args.wanted.size) return calls
      calls++
      const page = (await client.checkout.list({ status, startDt: args.startDt, limit: 100, ...(cursor ? { cursor } : {}) } as never)) as unknown as {
        data: SvcCheckoutRead[]
        hasMore: boolean
        nextCursor: string | null
      }
      const found = page.data.filter((c) => args.wanted.delete(c.checkoutId))
      // At once: the settle path applies a few at a time per process (withApplySlot).
      await Promise.all(found.map(async (c) => count(await settleCheckout(container, c, args.source))))
      cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
    } while (cursor)
  }
  return calls
}
