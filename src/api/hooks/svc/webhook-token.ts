/**
 * The store's secret webhook URL, `<backend>/hooks/svc?token=<token>`.
 *
 * Two ways to have a token:
 * - the provider option `webhookToken` (the merchant's own): always required,
 *   exactly as before (a store that set it keeps its behaviour);
 * - otherwise the plugin generates one per store, once (node:crypto, 32 bytes,
 *   base64url), and keeps it in its own table (svc_setting, key
 *   `webhook_token`); every instance reads the same row. The doctor
 *   (Settings → svc connection, GET /admin/svc/health) shows the URL with it.
 *
 * The generated token is required only once the admin turns it on (Settings →
 * svc connection, "Require the token": POST /admin/svc/webhook-token), never
 * before: a store whose svc registration still has the old URL keeps getting
 * its webhooks. Why an admin action and not a provider option: the merchant
 * turns it on at the moment the doctor's counts show svc sending with the
 * token (requests with and without it, per hour, below), on the page that
 * shows those counts, without a deploy, and can turn it off again the same
 * way if svc was still sending to the old URL. The cost is that the other
 * instances learn of the change on their next background re-read of the
 * setting (every REFRESH_MS, never on a request's path: at most
 * REFRESH_MS after the click, documented in docs/security.md).
 *
 * What a request costs: the token and the setting are read from the database
 * once per process (then re-read in the background every REFRESH_MS); each
 * request (the gate: src/api/hooks/svc/token-gate.ts) only compares digests
 * (constant time) and adds one to an in-memory
 * counter, flushed to the database at most every FLUSH_MS. The token is never
 * logged and never in an error; the request's URL is redacted before Medusa's
 * request log writes it.
 */
import { randomBytes } from "node:crypto"
import type { SvcModuleService } from "../../../modules/svc"
import { z } from "@medusajs/framework/zod"

/** Where the settings are kept: `svc_setting`, through the svc module's service (its one owner). */
export type SettingsStore = Pick<
  SvcModuleService,
  | "twoSettings"
  | "insertSettingIfAbsent"
  | "upsertSetting"
  | "addWebhookRequestCounts"
  | "deleteSettingsInRange"
  | "settingValuesInRange"
>

export const TOKEN_KEY = "webhook_token"
export const REQUIRED_KEY = "webhook_token_required"
export const REQUESTS_KEY_PREFIX = "webhook_requests:"
/** How often each instance re-reads the settings in the background (the admin's switch reaches every instance within this). */
export const REFRESH_MS = 30_000
/** How often each instance writes its request counts. */
export const FLUSH_MS = 10_000
/** Hours of request counts the doctor shows; rows older than RETAIN_HOURS are deleted. */
export const COUNT_HOURS = 24
export const RETAIN_HOURS = 24 * 30

/** A new webhook token: 32 random bytes, base64url (43 characters of A-Za-z0-9_-). */
export function generateWebhookToken(): string {
  return randomBytes(32).toString("base64url")
}

// ---------------------------------------------------------------- the stored setting

const tokenValue = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be 43 characters of base64url"),
})
const requiredValue = z.object({
  required: z.boolean(),
  at: z.string().nullable().optional(),
  by: z.string().nullable().optional(),
})

export type WebhookTokenState = {
  token: string
  required: boolean
  required_at: string | null
  required_by: string | null
}

const parseValue = (v: unknown) =>
  typeof v === "string" ? (JSON.parse(v) as unknown) : v

async function readState(pg: SettingsStore): Promise<WebhookTokenState | null> {
  const rows = await pg.twoSettings(TOKEN_KEY, REQUIRED_KEY)
  const token = rows.find((r) => r.key === TOKEN_KEY)
  if (!token) return null
  const t = tokenValue.safeParse(parseValue(token.value))
  // never "fixed" by a new token: the URL registered with svc would stop working
  if (!t.success)
    throw new Error(
      "svc_setting webhook_token: the stored value is not a webhook token"
    )
  const req = rows.find((r) => r.key === REQUIRED_KEY)
  const r = req ? requiredValue.safeParse(parseValue(req.value)) : null
  if (r && !r.success)
    throw new Error(
      "svc_setting webhook_token_required: the stored value is not { required: boolean }"
    )
  return {
    token: t.data.token,
    required: r?.data.required ?? false,
    required_at: r?.data.at ?? null,
    required_by: r?.data.by ?? null,
  }
}

/**
 * The store's token and whether it is required: read from svc_setting; the
 * first instance to ask makes the token (one insert; concurrent instances
 * insert nothing: `on conflict do nothing`, then all read the same row).
 */
export async function readOrCreateWebhookToken(
  pg: SettingsStore
): Promise<WebhookTokenState> {
  const found = await readState(pg)
  if (found) return found
  await pg.insertSettingIfAbsent(TOKEN_KEY, { token: generateWebhookToken() })
  const made = await readState(pg)
  if (!made)
    throw new Error("svc_setting webhook_token: not found after it was made")
  return made
}

/**
 * The settings as this process knows them: read once, then re-read in the
 * background every `refreshMs` (a request never waits for it). One per process
 * (`webhookTokenSettings`); a new instance of the class is what a restarted
 * process sees.
 */
export class WebhookTokenSettings {
  private state: WebhookTokenState | null = null
  private loadedAt = 0
  private inflight: Promise<WebhookTokenState> | null = null
  /** Database reads by this instance (for tests and the figures in docs/security.md). */
  reads = 0

  constructor(readonly refreshMs = REFRESH_MS) {}

  /** The cached settings (the first call reads them; later calls start a background re-read when they are older than refreshMs). */
  async get(pg: SettingsStore, now = Date.now()): Promise<WebhookTokenState> {
    if (!this.state) return this.load(pg)
    if (now - this.loadedAt >= this.refreshMs) {
      this.loadedAt = now // one re-read per period, also when it fails
      void this.load(pg).catch(() => undefined)
    }
    return this.state
  }

  /** Reads the settings now (one read in flight at a time). */
  load(pg: SettingsStore): Promise<WebhookTokenState> {
    if (!this.inflight) {
      this.reads++
      this.inflight = readOrCreateWebhookToken(pg)
        .then((s) => {
          this.state = s
          this.loadedAt = Date.now()
          return s
        })
        .finally(() => {
          this.inflight = null
        })
    }
    return this.inflight
  }

  /** The admin's switch: stored for every instance, known to this one at once. */
  async setRequired(
    pg: SettingsStore,
    required: boolean,
    by: string | null
  ): Promise<WebhookTokenState> {
    await this.load(pg) // the token exists before it can be required
    await pg.upsertSetting(REQUIRED_KEY, {
      required,
      at: new Date().toISOString(),
      by,
    })
    return this.load(pg)
  }
}

export const webhookTokenSettings = new WebhookTokenSettings()

// ---------------------------------------------------------------- requests with and without the token

/** Requests by what they carried: the right token, none, or another one. */
export type RequestCounts = { with: number; without: number; wrong: number }
export type TokenVerdict = keyof RequestCounts
const VERDICTS = ["with", "without", "wrong"] as const
const count = z.number().int().min(0).optional()
const countsValue = z.object({ with: count, without: count, wrong: count })

/** The svc_setting key of the UTC hour of `ms`: `webhook_requests:2026-11-24T17` (sorts by time). */
export const hourKey = (ms: number) =>
  `${REQUESTS_KEY_PREFIX}${new Date(ms).toISOString().slice(0, 13)}`

/**
 * Counts webhook requests by verdict in memory, per UTC hour, and adds them to
 * svc_setting at most every `flushMs` (one upsert per hour with requests, all
 * instances adding to the same rows). A flood of requests costs counters, not
 * queries.
 */
export class WebhookRequestTally {
  private pending = new Map<string, RequestCounts>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private pg: SettingsStore | null = null
  private lastPrune = 0

  constructor(readonly flushMs = FLUSH_MS) {}

  record(
    verdict: TokenVerdict,
    pg: SettingsStore | null,
    now = Date.now()
  ): void {
    const k = hourKey(now)
    const c = this.pending.get(k) ?? { with: 0, without: 0, wrong: 0 }
    c[verdict]++
    this.pending.set(k, c)
    if (pg) this.pg = pg
    if (!this.timer && this.flushMs > 0) {
      this.timer = setTimeout(
        () => void this.flush().catch(() => undefined),
        this.flushMs
      )
      this.timer.unref?.()
    }
  }

  /** What this process counted and has not written yet. */
  pendingCounts(): Map<string, RequestCounts> {
    return new Map([...this.pending].map(([k, c]) => [k, { ...c }]))
  }

  /** Adds the pending counts to svc_setting; on failure they stay pending. */
  async flush(
    pg: SettingsStore | null = this.pg,
    now = Date.now()
  ): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!pg || !this.pending.size) return
    const batch = this.pending
    this.pending = new Map()
    for (const [key, c] of batch) {
      try {
        await pg.addWebhookRequestCounts(key, c)
      } catch {
        const back = this.pending.get(key) ?? { with: 0, without: 0, wrong: 0 }
        for (const v of VERDICTS) back[v] += c[v]
        this.pending.set(key, back)
      }
    }
    if (now - this.lastPrune >= 3_600_000) {
      this.lastPrune = now
      // by key range (the unique index), never a scan
      await pg
        .deleteSettingsInRange(
          REQUESTS_KEY_PREFIX,
          hourKey(now - RETAIN_HOURS * 3_600_000)
        )
        .catch(() => undefined)
    }
  }
}

export const webhookRequestTally = new WebhookRequestTally()

/** The sum of the stored counts of the last `hours` UTC hours (a bounded read by key range). */
export async function recentRequestCounts(
  pg: SettingsStore,
  hours = COUNT_HOURS,
  now = Date.now()
): Promise<RequestCounts & { hours: number }> {
  const values = await pg.settingValuesInRange(
    hourKey(now - (hours - 1) * 3_600_000),
    hourKey(now),
    hours
  )
  const sum = { hours, with: 0, without: 0, wrong: 0 }
  for (const value of values) {
    const c = countsValue.safeParse(parseValue(value))
    if (c.success) for (const v of VERDICTS) sum[v] += c.data[v] ?? 0
  }
  return sum
}
