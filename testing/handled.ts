// What the store has handled, for a test that waits for it instead of sleeping: svc's webhooks
// (the deliveries the store answered, in the sandbox's delivery log, and the plugin's log of each
// in svc_webhook_event: its subscriber writes one row per delivery, with its outcome, once handled)
// and the checkout watcher's ticks (its heartbeat in svc_setting).
import type { DeliveryAttempt } from "../src/sandbox"
import { JOB_NAMES } from "../src/jobs/_heartbeat"
import { until } from "./until"

/** The resource a delivery is about: a checkout, payout or withdrawal id (as the sandbox keys them). */
function resourceOf(d: DeliveryAttempt): unknown {
  const data = (d.payload.data ?? {}) as Record<string, unknown>
  return data.checkoutId ?? data.payoutId ?? data.withdrawalId ?? data.id
}

/** How many deliveries about any of `resourceIds` the store answered with 2xx, at or after `sinceMs`. */
export function answeredDeliveries(
  log: DeliveryAttempt[],
  resourceIds: string[],
  sinceMs = 0
): number {
  return log.filter(
    (d) =>
      d.statusCode !== null &&
      d.statusCode >= 200 &&
      d.statusCode < 300 &&
      resourceIds.includes(resourceOf(d) as string) &&
      Date.parse(d.at) >= sinceMs
  ).length
}

/** A row of svc_webhook_event as a test reads it. */
export type LoggedDelivery = {
  event_id?: string | null
  outcome: string | null
  detail?: string | null
}

/**
 * Waits until the plugin's subscriber has handled at least `deliveries` deliveries (`rows`: their
 * svc_webhook_event rows, none with an outcome still "received"); returns the rows.
 */
export function webhooksHandled<R extends LoggedDelivery>(
  what: string,
  rows: () => Promise<R[]>,
  deliveries: number,
  timeoutMs = 60_000
): Promise<R[]> {
  return until(
    `${what}: ${deliveries} webhook deliveries handled (svc_webhook_event)`,
    async () => {
      const r = await rows()
      return r.length >= deliveries &&
        r.every((x) => x.outcome !== null && x.outcome !== "received")
        ? r
        : undefined
    },
    timeoutMs
  )
}

type Db = {
  query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>
}

/** The checkout watcher's ticks so far, on every instance (its heartbeat `job:svc-watch-checkouts`: `runs`). */
export async function watcherTicks(db: Db): Promise<number> {
  const { rows } = await db.query(
    `select (value->>'runs')::int as runs from svc_setting where key = $1 and deleted_at is null`,
    [`job:${JOB_NAMES.watch}`]
  )
  return Number(rows[0]?.runs ?? 0)
}

/** Waits for `n` more ticks of the checkout watcher than it has made now (each recorded when it ends). */
export async function moreWatcherTicks(
  db: Db,
  n: number,
  timeoutMs = 60_000
): Promise<void> {
  const from = await watcherTicks(db)
  await until(
    `${n} more checkout watcher ticks (svc_setting job:svc-watch-checkouts)`,
    async () => (await watcherTicks(db)) >= from + n,
    timeoutMs
  )
}
