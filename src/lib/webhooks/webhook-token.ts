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
 * request only compares digests (constant time) and adds one to an in-memory
 * counter, flushed to the database at most every FLUSH_MS. The token is never
 * logged and never in an error; the request's URL is redacted before Medusa's
 * request log writes it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import type { IncomingMessage } from "node:http"
import { svcModuleFrom, type SvcModuleService } from "../../modules/svc"
import { z } from "@medusajs/framework/zod"
import { configuredWebhookToken } from "./webhook-guard"

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
type Container = MedusaContainer

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

/** What a request carried: the right token, none, or another one. */
export type TokenVerdict = "with" | "without" | "wrong"

const digest = (s: string) => createHash("sha256").update(s).digest()

/** The first `token` query value (`?token=a&token=b` is an array), or null. */
export function givenToken(given: unknown): string | null {
  const g = Array.isArray(given) ? given[0] : given
  return typeof g === "string" && g ? g : null
}

/** Compares the digests of both (same length whatever was sent): constant time. */
export function tokenVerdict(expected: string, given: unknown): TokenVerdict {
  const g = givenToken(given)
  if (g === null) return "without"
  return timingSafeEqual(digest(g), digest(expected)) ? "with" : "wrong"
}

export const REFUSE_WITHOUT =
  "svc webhook: this store's webhook URL needs its token (?token=…); see Settings → svc connection"
export const REFUSE_WRONG =
  "svc webhook: wrong token; see Settings → svc connection for the URL to register"

/** A required token refuses a request without it or with another one; otherwise every request passes. */
export function refusalFor(
  verdict: TokenVerdict,
  required: boolean
): string | null {
  if (!required || verdict === "with") return null
  return verdict === "without" ? REFUSE_WITHOUT : REFUSE_WRONG
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

export type RequestCounts = { with: number; without: number; wrong: number }
const countsValue = z
  .object({
    with: z.number().int().min(0),
    without: z.number().int().min(0),
    wrong: z.number().int().min(0),
  })
  .partial()

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
        this.pending.set(key, {
          with: back.with + c.with,
          without: back.without + c.without,
          wrong: back.wrong + c.wrong,
        })
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
  const rows = (
    await pg.settingValuesInRange(
      hourKey(now - (hours - 1) * 3_600_000),
      hourKey(now),
      hours
    )
  ).map((value) => ({ value }))
  const sum = { hours, with: 0, without: 0, wrong: 0 }
  for (const r of rows) {
    const c = countsValue.safeParse(parseValue(r.value))
    if (!c.success) continue
    sum.with += c.data.with ?? 0
    sum.without += c.data.without ?? 0
    sum.wrong += c.data.wrong ?? 0
  }
  return sum
}

// ---------------------------------------------------------------- the gate

export type GateResult =
  | { ok: true; verdict: TokenVerdict }
  | { ok: false; status: 401 | 503; message: string }

/**
 * Decides a webhook request from its `token` query value alone (nothing of
 * the body is read): the provider option's token is always required; the
 * generated one when the admin turned it on. Counted either way.
 */
export async function checkWebhookToken(
  container: Container,
  given: unknown,
  now = Date.now()
): Promise<GateResult> {
  const pg: SettingsStore | null = svcModuleFrom(container) ?? null
  const option = configuredWebhookToken(container)
  if (option) {
    const verdict = tokenVerdict(option, given)
    webhookRequestTally.record(verdict, pg, now)
    const refusal = refusalFor(verdict, true)
    return refusal
      ? { ok: false, status: 401, message: refusal }
      : { ok: true, verdict }
  }
  let state: WebhookTokenState
  try {
    if (!pg) throw new Error("no database connection")
    state = await webhookTokenSettings.get(pg, now)
  } catch {
    // Whether the token is required is unknown: refused (svc retries), never let through.
    // Nothing of the error is said: it may quote the query.
    return {
      ok: false,
      status: 503,
      message:
        "svc webhook: could not read this store's webhook settings; try again in a moment",
    }
  }
  const verdict = tokenVerdict(state.token, given)
  webhookRequestTally.record(verdict, pg, now)
  const refusal = refusalFor(verdict, state.required)
  return refusal
    ? { ok: false, status: 401, message: refusal }
    : { ok: true, verdict }
}

/** The URL as Medusa's request log writes it: without the token's value. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]")
}

// ---------------------------------------------------------------- the body, read after the gate

/** The largest webhook body read (express.json's default, what Medusa used for /hooks/svc). */
export const WEBHOOK_BODY_LIMIT = 100 * 1024

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string
  ) {
    super(message)
  }
}

export function isJsonMediaType(header: unknown): boolean {
  if (typeof header !== "string") return false
  const t = header.split(";")[0]!.trim().toLowerCase()
  return t === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(t)
}

/**
 * The request's JSON body, read from the stream (Medusa's body parser is off
 * for /hooks/svc so the token is checked first): JSON only, at most `limit`
 * bytes, no content encoding.
 */
export function readJsonBody(
  req: IncomingMessage,
  limit = WEBHOOK_BODY_LIMIT
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (!isJsonMediaType(req.headers["content-type"]))
      return reject(
        new BodyError(415, "svc webhook: the body must be application/json")
      )
    const encoding = String(
      req.headers["content-encoding"] ?? "identity"
    ).toLowerCase()
    if (encoding !== "identity")
      return reject(
        new BodyError(415, "svc webhook: content encodings are not accepted")
      )
    const declared = Number(req.headers["content-length"] ?? 0)
    if (declared > limit)
      return reject(
        new BodyError(
          413,
          `svc webhook: the body is larger than ${limit} bytes`
        )
      )
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const fail = (e: BodyError) => {
      if (done) return
      done = true
      reject(e)
    }
    req.on("data", (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > limit)
        return fail(
          new BodyError(
            413,
            `svc webhook: the body is larger than ${limit} bytes`
          )
        )
      chunks.push(chunk)
    })
    req.on("end", () => {
      if (done) return
      done = true
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")))
      } catch {
        reject(new BodyError(400, "svc webhook: the body is not valid JSON"))
      }
    })
    req.on("error", () =>
      fail(new BodyError(400, "svc webhook: the body could not be read"))
    )
  })
}
