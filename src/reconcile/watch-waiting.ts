import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { svcFromContainer } from "../svc-account/config"
import { settleCheckout, type SettleOutcome, type SvcCheckoutRead } from "./settle-checkout"

type Container = { resolve: <T = unknown>(k: string) => T }

export type WatchReport = {
  waiting: number
  svcCalls: number
  skipped?: "nothing_waiting" | "rate_budget"
  outcomes: Record<string, number>
}

/** Share of the account's rate ceiling above which the watcher leaves the room to shoppers. */
const RATE_SHARE = 0.6
/** A FAILED list every this many ticks (a shopper who returns sees the failure anyway: authorize reads it). */
const FAILED_EVERY = 4
/** A link lives 20 minutes; sessions past their expiry by this much are the 5-minute job's. */
const EXPIRED_GRACE_MS = 2 * 60 * 1000

/** Checkouts settled at once by one tick. */
const SETTLE_CONCURRENCY = 4

let tick = 0

async function inBatches<T>(items: T[], size: number, fn: (t: T) => Promise<unknown>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

/**
 * The near-real-time watcher of sessions awaiting payment (job
 * svc-watch-checkouts, every `watchEverySeconds`). Webhooks can be lost; the
 * reconciliation job finds those within minutes, this within seconds:
 *
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
export async function watchWaiting(container: Container): Promise<WatchReport> {
  const query = container.resolve<{ graph: (q: unknown) => Promise<{ data: any[] }> }>(ContainerRegistrationKeys.QUERY)
  const svc = svcFromContainer(container)
  const report: WatchReport = { waiting: 0, svcCalls: 0, outcomes: {} }
  tick++

  const now = Date.now()
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "data", "created_at", "provider_id"],
    filters: { status: ["pending", "pending_authorization", "requires_more"] },
  })
  const waiting = sessions.filter((s) => {
    if (!/^pp_svc-(wallet|fpx|fpx-direct)_/.test(s.provider_id) || typeof s.data?.checkoutId !== "string") return false
    const expiresAt = Date.parse(String(s.data.expiresAt ?? ""))
    return !(expiresAt + EXPIRED_GRACE_MS < now)
  })
  report.waiting = waiting.length
  if (!waiting.length) {
    report.skipped = "nothing_waiting"
    return report
  }
  const usage = svc.client.rateUsage()
  if (usage.used >= usage.limit * RATE_SHARE) {
    report.skipped = "rate_budget"
    return report
  }

  const byCheckout = new Set<string>(waiting.map((s) => s.data.checkoutId as string))
  const oldest = waiting.reduce((min, s) => Math.min(min, Date.parse(s.created_at)), now)
  const startDt = new Date(oldest - 60_000).toISOString()
  const count = (o: SettleOutcome) => (report.outcomes[o] = (report.outcomes[o] ?? 0) + 1)
  const statuses = tick % FAILED_EVERY === 0 ? ["COMPLETED", "FAILED"] : ["COMPLETED"]

  for (const status of statuses) {
    let cursor: string | undefined
    do {
      report.svcCalls++
      const page = (await svc.client.checkout.list({ status, startDt, limit: 100, ...(cursor ? { cursor } : {}) } as never)) as unknown as {
        data: SvcCheckoutRead[]
        hasMore: boolean
        nextCursor: string | null
      }
      const found = page.data.filter((c) => byCheckout.delete(c.checkoutId))
      // A few at a time: each is its own capture and cart completion, serialized per checkout.
      await inBatches(found, SETTLE_CONCURRENCY, async (c) => count(await settleCheckout(container, c, "watcher")))
      cursor = page.hasMore && page.nextCursor && byCheckout.size ? page.nextCursor : undefined
    } while (cursor)
  }
  return report
}
