/**
 * What the doctor and the admin read of the webhook guards (the guards
 * themselves: src/api/hooks/svc/guard.ts): the event types svc sends, the
 * counts of the unknown ones, the retention's id ranges, the configured token
 * and the URL to register.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { SVC_MODULE, type SvcModuleService } from "../../../modules/svc"
import { findSvcProviderConfig } from "../../../lib/svc-runtime/config"

/** The events svc sends to the store's webhook URL (spec: Events). */
export const KNOWN_WEBHOOK_EVENT_TYPES = [
  "checkout.updated",
  "payout.created",
  "payout.updated",
  "wallet.withdrawal.updated",
  "wallet.deposit.updated",
  "payout.deposit.updated",
  "payout.withdrawal.updated",
  "payout.prefund_completed",
] as const
const KNOWN_TYPES = new Set<string>(KNOWN_WEBHOOK_EVENT_TYPES)
export const isKnownWebhookEventType = (t: unknown): boolean =>
  typeof t === "string" && KNOWN_TYPES.has(t)

// ---------------------------------------------------------------- unknown event types

/** How many distinct unknown type names are kept; the rest are counted as "(other)". */
export const MAX_UNKNOWN_TYPES = 20
/** The svc_webhook_event rows that count unknown types share this resource_id (indexed), one row per type. */
export const UNKNOWN_TYPES_RESOURCE = "unknown-event-types"

type Container = MedusaContainer
type TypeCount = { type: string; count: number; last_at: string }

/**
 * The counts by unknown type (at most MAX_UNKNOWN_TYPES rows, read by their
 * resource id), newest first; rows of one label are summed.
 */
export async function unknownEventTypeCounts(
  container: Container
): Promise<TypeCount[]> {
  const rows = await container
    .resolve<SvcModuleService>(SVC_MODULE)
    .unknownWebhookTypeRows(UNKNOWN_TYPES_RESOURCE, MAX_UNKNOWN_TYPES + 5)
  const by = new Map<string, TypeCount>()
  for (const r of rows) {
    const type = String(r.event_id).replace(/^unknown-type:/, "")
    const at = new Date(r.updated_at).toISOString()
    const prev = by.get(type) ?? { type, count: 0, last_at: at }
    prev.count += Number(r.payload?.count ?? 0)
    if (at > prev.last_at) prev.last_at = at
    by.set(type, prev)
  }
  return [...by.values()]
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
/** The 10-character time part of a ULID for `ms` (Medusa's ids are `prefix_<ULID>`, time-ordered). */
export function ulidTime(ms: number): string {
  let out = ""
  let t = Math.floor(ms)
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[t % 32] + out
    t = Math.floor(t / 32)
  }
  return out
}

// ---------------------------------------------------------------- secret webhook token

/** The configured webhook token (provider option `webhookToken`), or null. */
export function configuredWebhookToken(container: Container): string | null {
  try {
    const found = findSvcProviderConfig(container.resolve("configModule"))
    return found?.options.webhookToken ?? null
  } catch {
    return null
  }
}

/** The URL to register with svc: `${backend}/hooks/svc`, with `?token=` when the store has one. */
export function webhookUrlToRegister(
  backendUrl: string,
  token: string | null
): string {
  const base = `${backendUrl.replace(/\/+$/, "")}/hooks/svc`
  return token ? `${base}?token=${encodeURIComponent(token)}` : base
}
