/**
 * Forged webhooks cost nothing. svc's webhooks carry no signature the
 * spec shows and the URL is public, so what an event names is re-read from svc;
 * these are the bounds that keep strangers from spending the store's svc rate
 * budget, its database or its admin's attention:
 *
 * - known event types only: any other type is counted (per type, at most
 *   MAX_UNKNOWN_TYPES names, the rest as "(other)"), never stored per event;
 * - stored fields have length caps (capText) and rows a retention
 *   (pruneWebhookLogs, by the time-ordered primary key, at most once an hour);
 * - reads of one resource one in flight and spaced (./spacing.ts);
 * - deposit and prefund reads (events for resources svc creates, which the
 *   store cannot check first) spend at most a small share of the account's
 *   rate budget, and only while shoppers and settlements leave room
 *   (BackgroundReadBudget); the rest is deferred and retried later;
 * - a secret webhook token (the provider option `webhookToken`, or the
 *   store's generated one once the admin requires it): requests without it
 *   are refused before any work (./token-gate.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createHash } from "node:crypto"
import { english, say, type Said } from "../../../lib/texts"
import { SVC_MODULE, type SvcModuleService } from "../../../modules/svc"
import {
  MAX_UNKNOWN_TYPES,
  ulidTime,
  UNKNOWN_TYPES_RESOURCE,
} from "./webhook-guard"

type Container = MedusaContainer
const svcModuleOf = (c: Container) => c.resolve<SvcModuleService>(SVC_MODULE)
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex")
/** A bounded stand-in for an id: its digest. */
export const digestId = (s: string) => `sha256:${sha256(s)}`

/** Length caps of what a webhook body may put in a stored row. */
export const CAPS = {
  eventId: 100,
  resourceId: 64,
  status: 40,
  type: 40,
} as const

/** A string from an untrusted body, cut to `max` characters; anything else is null. */
export function capText(v: unknown, max: number): string | null {
  return typeof v === "string" ? v.slice(0, max) : null
}

/** An event id as stored: as sent if short, else a digest (still unique per id, bounded). */
export function capEventId(v: unknown): string | null {
  if (typeof v !== "string" || !v) return null
  return v.length <= CAPS.eventId ? v : digestId(v)
}

// ---------------------------------------------------------------- unknown event types

const OTHER = "(other)"

/** A type name as shown to admins: printable ASCII of an event name only, at most 40 characters. */
export function unknownTypeLabel(t: unknown): string {
  if (typeof t !== "string" || !t) return "(none)"
  const clean = t.replace(/[^A-Za-z0-9._-]/g, "?").slice(0, CAPS.type)
  return clean || "(none)"
}

/** The counter row of one unknown type name: a fixed id per name, so concurrent events upsert one row. */
const counterId = (label: string) =>
  `svcwh_unknowntype_${sha256(label).slice(0, 24)}`

/**
 * Counts one event of a type the plugin does not handle: one row per type
 * name (at most MAX_UNKNOWN_TYPES, then "(other)"), its count in `payload.count`,
 * one upsert, one event at a time (an advisory lock). Nothing of the event itself is kept.
 */
export async function countUnknownEventType(
  container: Container,
  type: unknown
): Promise<string> {
  const label = unknownTypeLabel(type)
  return svcModuleOf(container).countUnknownWebhookType({
    label,
    id: counterId(label),
    other: OTHER,
    otherId: counterId(OTHER),
    max: MAX_UNKNOWN_TYPES,
    resource: UNKNOWN_TYPES_RESOURCE,
  })
}

// ---------------------------------------------------------------- retention

/** Days a webhook log row is kept (svc_webhook_event); finished inbox rows are kept longer. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30
export const INBOX_DONE_RETENTION_DAYS = 90
let lastPrune = 0

/**
 * Deletes webhook log rows past their retention, at most once an hour per
 * process, by primary key range (ULIDs are time-ordered: an index range, never
 * a scan of the table). The unknown-type counters and open inbox events stay.
 */
export async function pruneWebhookLogs(
  container: Container,
  now = Date.now()
): Promise<void> {
  if (now - lastPrune < 3_600_000) return
  lastPrune = now
  const before = (days: number) => ulidTime(now - days * 86_400_000)
  try {
    await svcModuleOf(container).pruneWebhookLogs(
      `svcwh_${before(WEBHOOK_LOG_RETENTION_DAYS)}`,
      `svcin_${before(INBOX_DONE_RETENTION_DAYS)}`,
      UNKNOWN_TYPES_RESOURCE
    )
  } catch {
    // retention is housekeeping: a failure here must never fail a webhook
  }
}

// ---------------------------------------------------------------- background reads' share of the budget

/** A deposit or prefund read was not sent: its share of the rate budget is spent for now. */
export class BackgroundReadDeferred extends Error {
  override name = "BackgroundReadDeferred"
  constructor(why: Said) {
    super(english(say("event.deferred", { why })))
  }
}

/**
 * Reads triggered by deposit and prefund events spend at most `share` of the
 * account's per-minute ceiling and never more than `maxPerMinute` (per
 * process), and none while the account's budget is more than `busyShare` used
 * (shoppers' checkouts and settlements first). Sliding 60-second window.
 * Sandbox (100 a minute): 10 reads a minute; production (1,000): 30.
 */
export class BackgroundReadBudget {
  private readonly times: number[] = []
  constructor(
    private readonly share = 0.1,
    private readonly busyShare = 0.5,
    private readonly maxPerMinute = 30,
    private readonly windowMs = 60_000
  ) {}

  cap(limit: number): number {
    return Math.max(
      1,
      Math.min(this.maxPerMinute, Math.floor(limit * this.share))
    )
  }

  /** Takes one read if there is room; otherwise throws BackgroundReadDeferred (nothing is sent). */
  take(usage: { used: number; limit: number }, now = Date.now()): void {
    while (this.times.length && this.times[0]! <= now - this.windowMs)
      this.times.shift()
    const cap = this.cap(usage.limit)
    if (this.times.length >= cap)
      throw new BackgroundReadDeferred(
        say("event.budgetSpent", {
          cap,
          share: Math.round(this.share * 100),
          limit: usage.limit,
        })
      )
    if (usage.used >= usage.limit * this.busyShare)
      throw new BackgroundReadDeferred(
        say("event.budgetBusy", { used: usage.used, limit: usage.limit })
      )
    this.times.push(now)
  }
}
