/**
 * The connection doctor (GET /admin/svc/health): is this store's svc setup
 * working, and if not, what to do. Every check is green ("ok"), amber ("warn":
 * works, but act soon) or red ("fail": something is refused), with the advice.
 *
 * Cost: one GET /v1/health sent directly (its `Date` header measures the clock
 * skew; the client's own estimate is rounded to 0 within 2 s) and, when the key
 * works, five reads through the shared client (its rate budget): checkout list
 * (1 item), FPX bank list, wallet networks, prefund balance, and one deposit
 * read per area with a nil id (404 = feature on, 403 FEATURE_DISABLED = off).
 * No secret is ever put in the report: the API key is shown masked, the
 * signing key not at all.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { chainIds, environmentOf } from "../svc-account/environment"
import { healthSchema, type SvcClient } from "../svc"
import { svcFromContainer } from "../svc-account/config"
import { statusEffect } from "./account-status"
import { configuredWebhookToken, KNOWN_WEBHOOK_EVENT_TYPES, UNKNOWN_TYPES_RESOURCE, unknownEventTypeCounts, webhookUrlToRegister } from "../shared/webhook-guard"

export type Level = "ok" | "warn" | "fail"
export type Check = { id: string; label: string; level: Level; detail: string; advice: string | null }
export type FeatureState = { feature: string; label: string; enabled: boolean | null; detail: string }
export type WebhookSeen = { event_type: string; last_received_at: string | null; received: number; last_outcome: string | null }

export type DoctorReport = {
  level: Level
  summary: string
  checked_at: string
  base_url: string
  api_key: string
  environment: "sandbox" | "production" | "unknown"
  account: { id: string; name: string; type: string; status: string; blocks: string } | null
  clock: { skew_ms: number | null; uncertainty_ms: number | null }
  rate: { used: number; limit: number; window_ms: number; used_by_doctor: number }
  features: FeatureState[]
  webhooks: {
    url: string
    /** With the provider option `webhookToken`: the URL above carries it (register exactly that URL). */
    token_configured: boolean
    events: WebhookSeen[]
    /** Counted over the newest RECENT_EVENTS rows of each event table (a bounded read, issue 23). */
    counted_over: number
    /** Events of types svc does not send here: counted per type, never stored (at most 20 names, then "(other)"). */
    unknown_types: { type: string; count: number; last_at: string }[]
  }
  checks: Check[]
}

/** The events svc sends to the store's webhook URL (spec: Events). */
export const WEBHOOK_EVENT_TYPES = KNOWN_WEBHOOK_EVENT_TYPES
/** The doctor reads at most this many of the newest rows of each event table (primary keys are time-ordered). */
export const RECENT_EVENTS = 500

const NIL_UUID = "00000000-0000-4000-8000-000000000000"
const HEALTH_TIMEOUT_MS = 8_000

type Container = { resolve: <T = unknown>(k: string) => T }
type Err = { name?: string; status?: number; code?: string; message?: string; requestId?: string | null }

export function maskApiKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 7)}…${key.slice(-4)}` : "…"
}

function displayUrl(u: string): string {
  try {
    const x = new URL(u)
    return `${x.protocol}//${x.host}${x.pathname.replace(/\/+$/, "")}`
  } catch {
    return "(invalid baseUrl)"
  }
}

/** One raw GET /v1/health: validity, the account, and the server's Date against the local clock. */
async function readHealth(baseUrl: string, apiKey: string) {
  const t0 = Date.now()
  const res = await fetch(`${baseUrl.replace(/\/+$/, "")}/v1/health`, {
    headers: { "svc-api-key": apiKey, accept: "application/json" },
    signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
  })
  const t1 = Date.now()
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const date = res.headers.get("date")
  const serverMs = date ? Date.parse(date) : Number.NaN
  // Date has 1 s resolution: the server time is somewhere in that second; take its middle.
  const clock = Number.isNaN(serverMs)
    ? { skew_ms: null, uncertainty_ms: null }
    : { skew_ms: Math.round(serverMs + 500 - (t0 + t1) / 2), uncertainty_ms: Math.round(500 + (t1 - t0) / 2) }
  return { status: res.status, body, clock, requestId: res.headers.get("x-request-id") }
}

async function probe(fn: () => Promise<unknown>): Promise<{ enabled: boolean | null; detail: string }> {
  try {
    await fn()
    return { enabled: true, detail: "enabled" }
  } catch (e) {
    const err = e as Err
    if (err.status === 404) return { enabled: true, detail: "enabled" }
    if (err.code === "FEATURE_DISABLED") return { enabled: false, detail: "not enabled for this account (403 FEATURE_DISABLED)" }
    if (err.status === 400 && err.code === "INVALID_REQUEST") return { enabled: true, detail: "enabled (svc could not answer the read just now)" }
    return { enabled: null, detail: `could not check: ${err.status ?? 0} ${err.code ?? err.name ?? ""}`.trim() }
  }
}


const NEEDS_WALLET = { enabled: false, detail: "needs the wallet" }

/**
 * svc has no read that says whether withdrawals or token transfers are
 * enabled (only the POST answers 403 FEATURE_DISABLED), and the doctor sends
 * no money to find out: it reports what the store's own last request learnt.
 */
async function lastSend(container: Container, table: "svc_withdrawal" | "svc_token_transfer", svcIdColumn: string): Promise<{ enabled: boolean | null; detail: string }> {
  const pg = container.resolve<{ raw: (sql: string) => Promise<{ rows: Record<string, unknown>[] }> }>(ContainerRegistrationKeys.PG_CONNECTION)
  const none = { enabled: null, detail: "svc has no read that tells; the first request will (a refusal says 403 FEATURE_DISABLED)" }
  try {
    const { rows } = await pg.raw(
      `select created_at, ${svcIdColumn} as svc_id, failure_reason from ${table}
        where deleted_at is null and (${svcIdColumn} is not null or failure_reason ilike '%FEATURE_DISABLED%')
        order by created_at desc limit 1`
    )
    const r = rows[0]
    if (!r) return none
    const at = new Date(r.created_at as string).toISOString()
    return r.svc_id
      ? { enabled: true, detail: `svc accepted the last one (${at})` }
      : { enabled: false, detail: `svc refused the last one as not enabled (${at}): 403 FEATURE_DISABLED` }
  } catch {
    return none // a store that has not run the migration with this table yet
  }
}

/**
 * The last webhook received per event type, over the newest RECENT_EVENTS rows
 * of svc_webhook_event (checkouts, refund payouts, settlements: one row per
 * delivery) and of svc_inbox_event (the other events: one row per event,
 * `deliveries` counted). A bounded read by the time-ordered primary key, never
 * a grouping over the whole table (issue 23); only the known types are listed,
 * unknown ones come from their counters (unknownEventTypeCounts).
 */
async function webhooksSeen(container: Container): Promise<WebhookSeen[]> {
  const pg = container.resolve<{ raw: (sql: string, b?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }>(ContainerRegistrationKeys.PG_CONNECTION)
  const hot = `select event_type, created_at as at, 1 as n, outcome from svc_webhook_event
    where deleted_at is null and event_type is not null and (resource_id is null or resource_id <> ?) order by id desc limit ${RECENT_EVENTS}`
  const inbox = `select event_type, updated_at as at, deliveries as n, outcome from svc_inbox_event where deleted_at is null order by id desc limit ${RECENT_EVENTS}`
  let rows: Record<string, unknown>[] = (await pg.raw(hot, [UNKNOWN_TYPES_RESOURCE])).rows
  try {
    rows = rows.concat((await pg.raw(inbox)).rows)
  } catch {
    // a store that has not run the inbox migration yet
  }
  const byType = new Map<string, { last_at: Date; n: number; last_outcome: string | null }>()
  for (const r of rows) {
    const t = String(r.event_type)
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)) continue
    const at = new Date(r.at as string)
    const prev = byType.get(t)
    if (!prev) byType.set(t, { last_at: at, n: Number(r.n), last_outcome: r.outcome ? String(r.outcome) : null })
    else {
      prev.n += Number(r.n)
      if (at > prev.last_at) Object.assign(prev, { last_at: at, last_outcome: r.outcome ? String(r.outcome) : null })
    }
  }
  return WEBHOOK_EVENT_TYPES.map((t) => {
    const r = byType.get(t)
    return {
      event_type: t,
      last_received_at: r ? r.last_at.toISOString() : null,
      received: r ? r.n : 0,
      last_outcome: r?.last_outcome ?? null,
    }
  })
}

/**
 * Runs every check. `backendUrl` is the store's public backend address (the
 * webhook URL to register is `${backendUrl}/hooks/svc`).
 */
export async function runDoctor(container: Container, backendUrl: string): Promise<DoctorReport> {
  const runtime = svcFromContainer(container)
  const { client, options } = runtime as { client: SvcClient; options: { baseUrl: string; apiKey: string } }
  const checks: Check[] = []
  const add = (id: string, label: string, level: Level, detail: string, advice: string | null = null) =>
    checks.push({ id, label, level, detail, advice })
  const before = client.rateUsage()
  const base = displayUrl(options.baseUrl)

  // 1. API key and account (GET /v1/health, key only)
  let account: DoctorReport["account"] = null
  let clock: DoctorReport["clock"] = { skew_ms: null, uncertainty_ms: null }
  let keyWorks = false
  let usedRaw = 0
  try {
    usedRaw = 1
    const h = await readHealth(options.baseUrl, options.apiKey)
    clock = h.clock
    const ref = h.requestId ? ` (svc requestId ${h.requestId})` : ""
    const code = (h.body as { code?: unknown } | undefined)?.code
    if (h.status === 200) {
      const parsed = healthSchema.safeParse(h.body)
      if (!parsed.success) {
        add("api_key", "API key", "fail", `${base}/v1/health answered 200 with a body that is not svc's account`, "Check the provider option `baseUrl`: the svc base address, without /v1.")
      } else {
        keyWorks = true
        const a = parsed.data.account
        const effect = statusEffect(a.status)
        account = { id: a.id, name: a.name, type: a.type, status: a.status, blocks: effect.blocks }
        add("api_key", "API key", "ok", `svc accepted the API key ${maskApiKey(options.apiKey)} (account ${a.name})`)
        add(
          "account_status",
          "Account status",
          effect.level,
          `${a.type} account, status ${a.status}${effect.level === "ok" ? "" : `: blocks ${effect.blocks}`}`,
          effect.advice || null
        )
        if (a.type !== "BUSINESS") {
          add("account_type", "Account type", "warn", `${a.type} account: withdrawals are capped at RM300,000 per request, and checkout needs a verified business account (spec: Prerequisites)`, "Ask svc to make it a business account if shoppers are to pay through it.")
        }
      }
    } else if (h.status === 401) {
      add(
        "api_key",
        "API key",
        "fail",
        `svc at ${base} refused the API key ${maskApiKey(options.apiKey)}: 401 ${typeof code === "string" ? code : "UNAUTHORIZED"}${ref}`,
        "Check the provider option `apiKey` (SVC_API_KEY): it must be an active key of this environment (sandbox keys work only on the sandbox address, production keys only on production). Then check that `keyId`, the private key and `algorithm` are the ones registered with that key: svc checks the signature on the first write."
      )
    } else if (h.status === 403) {
      const status = typeof code === "string" ? code.replace(/^ACCOUNT_/, "") : "FORBIDDEN"
      const effect = statusEffect(status)
      add("api_key", "API key", "ok", `svc knows the API key ${maskApiKey(options.apiKey)}`)
      add("account_status", "Account status", "fail", `svc refused the account: 403 ${String(code ?? "")}${ref}: blocks ${effect.blocks}`, effect.advice)
    } else if (h.status === 404) {
      add("api_key", "API key", "fail", `${base} has no svc API (GET /v1/health answered 404)`, "Check the provider option `baseUrl`: the svc base address, without /v1 (the client adds it).")
    } else {
      add("api_key", "API key", "fail", `svc at ${base} answered ${h.status} ${typeof code === "string" ? code : ""}${ref} to GET /v1/health`, "svc may be having trouble; try again in a minute. If it persists, contact svc support with the requestId.")
    }
  } catch (e) {
    add(
      "api_key",
      "API key",
      "fail",
      `could not reach svc at ${base}: ${(e as Error).name === "TimeoutError" ? `no answer within ${HEALTH_TIMEOUT_MS / 1000} s` : (e as Error).message}`,
      "Check the provider option `baseUrl` and that svc is reachable from this server (DNS, firewall, proxy)."
    )
  }

  // 2. Clock skew: signatures must be within 30 s in the past and 5 s in the future (spec: Freshness).
  if (clock.skew_ms === null) {
    add("clock", "Clock", "warn", "svc's answer carried no Date header: skew not measured", null)
  } else {
    const abs = Math.abs(clock.skew_ms)
    const text = `this server's clock is ${abs} ms ${clock.skew_ms >= 0 ? "behind" : "ahead of"} svc (± ${clock.uncertainty_ms} ms)`
    if (abs <= 2000) add("clock", "Clock", "ok", text)
    else if (abs <= 25_000)
      add("clock", "Clock", "warn", `${text}; the client corrects for it from svc's Date headers`, "Synchronise this server's clock (NTP): svc accepts a signature only within 30 s in the past and 5 s in the future.")
    else add("clock", "Clock", "fail", `${text}: signed requests may be refused (401) until the client has corrected for it`, "Synchronise this server's clock (NTP) now.")
  }

  // 3. Features and environment (only when the key works)
  const features: FeatureState[] = []
  let environment: DoctorReport["environment"] = "unknown"
  if (keyWorks) {
    let networks: unknown
    const [checkout, direct, wallet, payouts, walletTrigger, payoutTrigger] = await Promise.all([
      probe(() => client.checkout.list({ limit: 1 })),
      probe(() => client.checkout.banks()),
      probe(async () => {
        networks = await client.wallet.networks()
      }),
      probe(() => client.payouts.prefund.balance()),
      probe(() => client.wallet.deposits.retrieve(NIL_UUID)),
      probe(() => client.payouts.deposits.retrieve(NIL_UUID)),
    ])
    const ids = chainIds(networks)
    environment = environmentOf(ids)
    features.push(
      { feature: "checkout", label: "Checkout (wallet and FPX)", ...checkout },
      { feature: "direct_checkout", label: "Direct checkout (FPX with the bank chosen in the store)", ...direct },
      { feature: "wallet", label: "Wallet", ...wallet },
      { feature: "fiat_withdrawals", label: "Withdrawals to the bank (settlements)", ...(wallet.enabled === false ? NEEDS_WALLET : await lastSend(container, "svc_withdrawal", "withdrawal_id")) },
      { feature: "token_transfers", label: "Token transfers", ...(wallet.enabled === false ? NEEDS_WALLET : await lastSend(container, "svc_token_transfer", "transfer_id")) },
      { feature: "payouts", label: "Payouts (refunds)", ...payouts },
      { feature: "wallet_trigger_addresses", label: "Trigger addresses, wallet (automatic withdrawal on deposit)", ...walletTrigger },
      { feature: "payout_trigger_addresses", label: "Trigger addresses, payouts", ...payoutTrigger }
    )
    const off = features.filter((f) => f.enabled === false)
    const needed = off.filter((f) => ["checkout", "wallet", "payouts"].includes(f.feature))
    add(
      "features",
      "Features",
      needed.length ? "fail" : off.length ? "warn" : "ok",
      off.length ? `not enabled: ${off.map((f) => f.label).join("; ")}` : "every feature the plugin uses answers",
      needed.length
        ? `Ask svc to enable ${needed.map((f) => f.label).join(", ")}: ${needed.some((f) => f.feature === "checkout") ? "shoppers cannot pay until then" : "refunds or settlements are refused until then"}.`
        : off.length
          ? `Ask svc to enable ${off.map((f) => f.label).join(", ")} if you use ${off.length > 1 ? "them" : "it"}${off.some((f) => f.feature === "direct_checkout") ? " (remove the svc-fpx-direct provider from the region meanwhile)" : ""}.`
          : null
    )
    add("environment", "Environment", environment === "unknown" ? "warn" : "ok", environment === "unknown" ? "could not tell sandbox from production (no network known)" : `${environment} (svc networks ${ids.join(", ")})`)
  }

  // 4. Rate budget (the client's own count over svc's rolling minute)
  const after = client.rateUsage()
  const usedByDoctor = Math.max(0, after.used - before.used)
  const share = after.limit ? after.used / after.limit : 0
  add(
    "rate",
    "Rate budget",
    share >= 0.9 ? "fail" : share >= 0.6 ? "warn" : "ok",
    `${after.used} of ${after.limit} requests in the last ${Math.round(after.windowMs / 1000)} s by this server (${usedByDoctor + usedRaw} by this check)`,
    share >= 0.6 ? "Close to svc's per-minute ceiling: shoppers wait for a turn. Set `accountRateLimit` to the account's ceiling (1000 in production) or spread background work." : null
  )

  // 5. Webhooks
  const token = configuredWebhookToken(container)
  const url = webhookUrlToRegister(backendUrl, token)
  const events = await webhooksSeen(container)
  const unknownTypes = await unknownEventTypeCounts(container).catch(() => [])
  const any = events.some((e) => e.received > 0)
  const checkoutSeen = events.find((e) => e.event_type === "checkout.updated")?.received
  add(
    "webhooks",
    "Webhooks",
    checkoutSeen ? "ok" : "warn",
    any ? `received: ${events.filter((e) => e.received).map((e) => e.event_type).join(", ")}${checkoutSeen ? "" : "; no checkout.updated yet"}` : "none yet",
    any && checkoutSeen
      ? token
        ? null
        : "Optional: set the provider option `webhookToken` (e.g. `openssl rand -hex 24`) and register the URL shown here with it: requests without the token are then refused before any work."
      : `Register ${url} with svc as the WALLET and the PAYOUT webhook endpoint. Until then paid orders wait for the job (every few minutes).`
  )

  const level: Level = checks.some((c) => c.level === "fail") ? "fail" : checks.some((c) => c.level === "warn") ? "warn" : "ok"
  const firstFail = checks.find((c) => c.level === level && level !== "ok")
  return {
    level,
    summary: level === "ok" ? "svc is connected and working" : `${firstFail?.label}: ${firstFail?.detail}`,
    checked_at: new Date().toISOString(),
    base_url: base,
    api_key: maskApiKey(options.apiKey),
    environment,
    account,
    clock,
    rate: { used: after.used, limit: after.limit, window_ms: after.windowMs, used_by_doctor: usedByDoctor + usedRaw },
    features,
    webhooks: { url, token_configured: Boolean(token), events, counted_over: RECENT_EVENTS, unknown_types: unknownTypes },
    checks,
  }
}
