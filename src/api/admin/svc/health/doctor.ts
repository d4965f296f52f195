/**
 * The connection doctor (GET /admin/svc/health, `svc-doctor` script): is this
 * store's svc setup working, and if not, what to do. Every check is green
 * ("ok"), amber ("warn": works, but act soon) or red ("fail": something is
 * refused), with the advice.
 *
 * Cost: one GET /v1/health sent directly (its `Date` header measures the clock
 * skew; the client's own estimate is rounded to 0 within 2 s) and, when the key
 * works, six reads through the shared client (its rate budget): checkout list
 * (1 item), FPX bank list, wallet networks, prefund balance, and one deposit
 * read per area with a nil id (404 = feature on, 403 FEATURE_DISABLED = off).
 * No secret is ever put in the report: the API key is shown masked, the
 * signing key not at all.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { healthSchema, type SvcClient, type SvcError } from "../../../../client"
import { SVC_MODULE, type SvcModuleService } from "../../../../modules/svc"
import { svcFromContainer } from "../../../../lib/svc-runtime/config"
import {
  chainIds,
  environmentOf,
} from "../../../../lib/svc-runtime/environment"
import { displayUrl } from "../../../../lib/svc-runtime/health-probe"
import { shopperGuard } from "../../../store/svc/shopper-limits/guard"
import {
  recentRequestCounts,
  webhookRequestTally,
  webhookTokenSettings,
} from "../../../hooks/svc/webhook-token"
import {
  KNOWN_WEBHOOK_EVENT_TYPES,
  UNKNOWN_TYPES_RESOURCE,
  unknownEventTypeCounts,
  webhookUrlToRegister,
} from "../../../hooks/svc/webhook-guard"
import {
  english,
  say,
  spoken,
  type Said,
  type Spoken,
  type TextCode,
} from "../../../../lib/texts"
import { jobStates, type Level, type SpokenVerdict } from "./jobs/job-checks"

/** Each check's id and name (src/lib/texts), in the report's order. */
const LABELS = {
  api_key: say("check.apiKey"),
  account_status: say("check.accountStatus"),
  account_type: say("check.accountType"),
  clock: say("check.clock"),
  features: say("check.features"),
  environment: say("check.environment"),
  rate: say("check.rate"),
  storefront: say("check.storefront"),
  line: say("check.line"),
  webhooks: say("check.webhooks"),
  webhook_token: say("check.webhookToken"),
  job_reconcile: say("check.jobReconcile"),
  job_watch: say("check.jobWatch"),
}
export type Check = { id: keyof typeof LABELS; label: string } & SpokenVerdict
/** A check's verdict before it is spoken. */
type Verdict = { level: Level; detail: Said; advice: Said | null }
type Put = (id: Check["id"], ...v: Parameters<typeof verdict>) => void
export type FeatureState = {
  feature: string
  label: string
  enabled: boolean | null
} & Spoken<"detail">
export type ProbeResult = { enabled: boolean | null; detail: Said }
export type DoctorReport = Awaited<ReturnType<typeof runDoctor>>

/** The doctor reads at most this many of the newest rows of each event table (primary keys are time-ordered). */
const RECENT_EVENTS = 500
const NIL_UUID = "00000000-0000-4000-8000-000000000000"
const HEALTH_TIMEOUT_MS = 8_000
const NO_CLOCK = { skew_ms: null, uncertainty_ms: null }

type Err = Partial<SvcError>

export function maskApiKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 7)}…${key.slice(-4)}` : "…"
}

/** The store's public backend address: `admin.backendUrl` when absolute, else the address `req` came to, else MEDUSA_BACKEND_URL, else localhost on PORT. */
export function backendUrl(scope: MedusaContainer, req?: MedusaRequest) {
  const absolute = (u?: string) => (u && /^https?:\/\//.test(u) ? u : null)
  const configured = absolute(
    scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).admin?.backendUrl
  )
  if (configured) return configured
  if (req) {
    const proto = (req.get("x-forwarded-proto") ?? req.protocol ?? "http")
      .split(",")[0]
      .trim()
    return `${proto}://${req.get("x-forwarded-host") ?? req.get("host")}`
  }
  const env = absolute(process.env.MEDUSA_BACKEND_URL)
  return env ?? `http://localhost:${process.env.PORT ?? 9000}`
}

/** One raw GET /v1/health: validity, the account, and the server's Date against the local clock. */
async function readHealth(baseUrl: string, apiKey: string) {
  const t0 = Date.now()
  const res = await fetch(`${baseUrl.replace(/\/+$/, "")}/v1/health`, {
    headers: { "svc-api-key": apiKey, accept: "application/json" },
    signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
  })
  const t1 = Date.now()
  const body: unknown = await res.json().catch(() => undefined)
  const serverMs = Date.parse(res.headers.get("date") ?? "")
  const ref = res.headers.get("x-request-id")
  return {
    status: res.status,
    health: healthSchema.safeParse(body).data,
    code: z.object({ code: z.string() }).safeParse(body).data?.code,
    // Date has 1 s resolution: the server time is somewhere in that second; take its middle.
    clock: Number.isNaN(serverMs)
      ? NO_CLOCK
      : {
          skew_ms: Math.round(serverMs + 500 - (t0 + t1) / 2),
          uncertainty_ms: Math.round(500 + (t1 - t0) / 2),
        },
    ref: ref ? say("common.requestId", { id: ref }) : null,
  }
}
type Health =
  | Awaited<ReturnType<typeof readHealth>>
  | { failed: Error; clock: typeof NO_CLOCK }

const verdict = (
  level: Level,
  detail: Said,
  advice: Said | null = null
): Verdict => ({ level, detail, advice })

/** What each svc account status blocks (the detail; spec: Authentication, "Account status gating"), and what to do. */
const blocking = (code: TextCode, advice = say("account.contactSupport")) =>
  verdict("fail", say(code), advice)
const STATUS_EFFECTS: Record<string, Verdict> = {
  ACTIVE: verdict("ok", say("account.blocksNothing")),
  SUSPENDED: blocking("account.blocksSuspended"),
  FROZEN: blocking("account.blocksFrozen"),
  PENDING_VERIFICATION: blocking(
    "account.blocksPendingVerification",
    say("account.finishVerification")
  ),
  NOT_ACTIVE: blocking("account.blocksNotActive"),
  TERMINATED: blocking("account.blocksTerminated", say("account.closed")),
}
const statusEffect = (status: string) =>
  STATUS_EFFECTS[status] ??
  verdict("warn", say("account.blocksUnknown"), say("account.askSupport"))

/** The checks of the API key and the account from GET /v1/health (or that it could not be read). */
function keyChecks(h: Health, base: string, key: string, put: Put) {
  const fail = (detail: Said, advice: Said) =>
    put("api_key", "fail", detail, advice)
  if ("failed" in h) {
    const { name, message } = h.failed
    const error =
      name === "TimeoutError"
        ? say("doctor.noAnswerWithin", { seconds: HEALTH_TIMEOUT_MS / 1000 })
        : message
    return fail(
      say("doctor.unreachable", { base, error }),
      say("doctor.unreachableAdvice")
    )
  }
  const { status, ref, health } = h
  const code = h.code ?? (status === 401 ? "UNAUTHORIZED" : "")
  if (status === 200 && health) {
    const { type, status: s, name } = health.account
    const { level, detail: blocks, advice } = statusEffect(s)
    put("api_key", "ok", say("doctor.keyAccepted", { key, account: name }))
    put(
      "account_status",
      level,
      level === "ok"
        ? say("doctor.accountStatus", { type, status: s })
        : say("doctor.accountStatusBlocks", { type, status: s, blocks }),
      advice
    )
    if (type !== "BUSINESS")
      put(
        "account_type",
        "warn",
        say("doctor.accountType", { type }),
        say("doctor.accountTypeAdvice")
      )
  } else if (status === 200)
    fail(say("doctor.badHealthBody", { base }), say("doctor.checkBaseUrl"))
  else if (status === 401)
    fail(
      ref
        ? say("doctor.keyRefusedRef", { base, key, code, ref })
        : say("doctor.keyRefused", { base, key, code }),
      say("doctor.keyRefusedAdvice")
    )
  else if (status === 403) {
    const { detail: blocks, advice } = statusEffect(
      h.code?.replace(/^ACCOUNT_/, "") ?? "FORBIDDEN"
    )
    put("api_key", "ok", say("doctor.keyKnown", { key }))
    put(
      "account_status",
      "fail",
      ref
        ? say("doctor.accountRefusedRef", { code, ref, blocks })
        : say("doctor.accountRefused", { code, blocks }),
      advice
    )
  } else if (status === 404)
    fail(say("doctor.noApi", { base }), say("doctor.noApiAdvice"))
  else
    fail(
      ref
        ? say("doctor.healthAnsweredRef", { base, status, code, ref })
        : say("doctor.healthAnswered", { base, status, code }),
      say("doctor.healthAnsweredAdvice")
    )
}

/** The clock check: signatures must be within 30 s in the past and 5 s in the future (spec: Freshness). */
function clockCheck({ skew_ms, uncertainty_ms }: Health["clock"]): Verdict {
  if (skew_ms === null) return verdict("warn", say("doctor.clockNoDate"))
  const abs = Math.abs(skew_ms)
  const skew = say(skew_ms >= 0 ? "doctor.clockBehind" : "doctor.clockAhead", {
    ms: abs,
    uncertainty: uncertainty_ms ?? 0,
  })
  if (abs <= 2000) return verdict("ok", skew)
  return abs <= 25_000
    ? verdict(
        "warn",
        say("doctor.clockCorrected", { skew }),
        say("doctor.clockAdvice")
      )
    : verdict(
        "fail",
        say("doctor.clockRefused", { skew }),
        say("doctor.clockAdviceNow")
      )
}

/** What svc answered (or that it did not), for a detail: status and code, the route, svc's message and requestId. */
function svcAnswer(err: Err): string {
  if (!err.status)
    return `no answer from svc (${err.code ?? err.name ?? "error"}${err.message ? `: ${err.message}` : ""})`
  const route = err.method && err.path ? ` to ${err.method} ${err.path}` : ""
  const said = [
    err.message && `"${err.message}"`,
    err.requestId && `requestId ${err.requestId}`,
  ]
    .filter(Boolean)
    .join(", ")
  return `${`svc answered ${err.status} ${err.code ?? ""}`.trim()}${route}${said ? ` (${said})` : ""}`
}

/**
 * One feature probe: a read of the feature's own route. Only two answers tell
 * the feature's state (spec: Errors, and the read set R every read may answer):
 * the read answered (200, or 404 NOT_FOUND for the nil id: the route looked
 * the id up, so the feature is on), or 403 FEATURE_DISABLED (off).
 *
 * Anything else is unknown (enabled: null), and the detail names what svc
 * answered. That includes 400 INVALID_REQUEST: the spec's Errors table gives it
 * for a request svc did not accept, and on the probes' routes it is either not
 * listed at all, or (GET /v1/checkout/banks) "the bank provider could not return
 * its list". Neither says the feature is enabled: the spec does not say that svc
 * checks the feature before it answers 400, so a disabled direct checkout could
 * answer 400 while the bank provider is down, and reporting it "enabled" would
 * hide that. The detail quotes svc's message and requestId: run the check
 * again later, and give svc the requestId if it persists.
 * `answer`: what the read answered (the wallet's networks tell the environment).
 */
async function probe(
  read: () => Promise<unknown>
): Promise<ProbeResult & { answer?: unknown }> {
  const enabled = { enabled: true, detail: say("doctor.featureEnabled") }
  try {
    return { ...enabled, answer: await read() }
  } catch (e) {
    const err = e as Err
    if (err.status === 404) return enabled
    if (err.code === "FEATURE_DISABLED")
      return { enabled: false, detail: say("doctor.featureDisabled") }
    const answer = svcAnswer(err)
    return {
      enabled: null,
      detail:
        err.status === 400 && err.code === "INVALID_REQUEST"
          ? say("doctor.featureNotKnownInvalid", { answer })
          : say("doctor.featureNotKnown", { answer }),
    }
  }
}

/**
 * The doctor's feature probes, six reads at once: checkout list (1 item), FPX
 * bank list, wallet networks (returned, for the environment), prefund balance,
 * and one deposit read per area with a nil id. The other two features,
 * withdrawals and token transfers, have no read (lastSend).
 */
const PROBES: Record<string, (c: SvcClient) => Promise<unknown>> = {
  checkout: (c) => c.checkout.list({ limit: 1 }),
  direct_checkout: (c) => c.checkout.banks(),
  wallet: (c) => c.wallet.networks(),
  payouts: (c) => c.payouts.prefund.balance(),
  wallet_trigger_addresses: (c) => c.wallet.deposits.retrieve(NIL_UUID),
  payout_trigger_addresses: (c) => c.payouts.deposits.retrieve(NIL_UUID),
}

export async function probeFeatures(client: SvcClient) {
  const probed = Object.entries(PROBES).map(
    async ([feature, read]) =>
      [feature, await probe(() => read(client))] as const
  )
  const results = Object.fromEntries(await Promise.all(probed))
  return { results, networks: results.wallet.answer }
}

/** Each feature's name in the catalogue (src/lib/texts), in the report's order. */
const FEATURE_NAMES: Record<string, Said> = {
  checkout: say("feature.checkout"),
  direct_checkout: say("feature.directCheckout"),
  wallet: say("feature.wallet"),
  fiat_withdrawals: say("feature.fiatWithdrawals"),
  token_transfers: say("feature.tokenTransfers"),
  payouts: say("feature.payouts"),
  wallet_trigger_addresses: say("feature.walletTriggerAddresses"),
  payout_trigger_addresses: say("feature.payoutTriggerAddresses"),
}
/** A feature's name: the catalogue's, unless the state carries a label of its own. */
const featureName = (f: FeatureState): Said | string => {
  const name = FEATURE_NAMES[f.feature]
  return name && english(name) === f.label ? name : f.label
}

/**
 * The "features" check: red when a feature shoppers or refunds need is off,
 * amber when another is off or svc did not say whether a probed feature is
 * enabled (never "every feature answers" then), green otherwise.
 */
export function featuresCheck(features: FeatureState[]): Verdict {
  const names = (list: FeatureState[]) => list.map(featureName)
  const off = features.filter((f) => f.enabled === false)
  const needed = off.filter((f) =>
    ["checkout", "wallet", "payouts"].includes(f.feature)
  )
  const unknown = features.filter(
    (f) => f.enabled === null && f.feature in PROBES
  )
  const unknownWhy = unknown.map((f) =>
    say("doctor.featureWhy", {
      feature: featureName(f),
      detail: { code: f.detail_code, params: f.detail_params },
    })
  )
  const detail =
    off.length && unknown.length
      ? say("doctor.featuresOffNotKnown", {
          off: names(off),
          unknown: unknownWhy,
        })
      : off.length
        ? say("doctor.featuresOff", { features: names(off) })
        : unknown.length
          ? say("doctor.featuresNotKnown", { features: unknownWhy })
          : say("doctor.featuresAllAnswer")
  const direct = off.some((f) => f.feature === "direct_checkout")
  const ask = needed.length ? needed : off
  const enable = ask.length
    ? say(
        needed.some((f) => f.feature === "checkout")
          ? "doctor.enableForShoppers"
          : needed.length
            ? "doctor.enableForMoney"
            : off.length > 1
              ? direct
                ? "doctor.enableIfUsedManyDirect"
                : "doctor.enableIfUsedMany"
              : direct
                ? "doctor.enableIfUsedDirect"
                : "doctor.enableIfUsed",
        { features: names(ask) }
      )
    : null
  const again = unknown.length
    ? say(unknown.length > 1 ? "doctor.checkAgainMany" : "doctor.checkAgain", {
        features: names(unknown),
      })
    : null
  return verdict(
    needed.length ? "fail" : off.length || unknown.length ? "warn" : "ok",
    detail,
    enable && again
      ? say("doctor.twoAdvices", { first: enable, second: again })
      : (enable ?? again)
  )
}

/**
 * svc has no read that says whether withdrawals or token transfers are
 * enabled (only the POST answers 403 FEATURE_DISABLED), and the doctor sends
 * no money to find out: it reports what the store's own last request learnt.
 */
async function lastSend(
  svc: SvcModuleService,
  kind: "withdrawal" | "token_transfer",
  wallet: ProbeResult
): Promise<ProbeResult> {
  if (wallet.enabled === false)
    return { enabled: false, detail: say("doctor.featureNeedsWallet") }
  // null too in a store that has not run the migration with this table yet
  const r = await svc.lastSvcSend(kind).catch(() => null)
  if (!r) return { enabled: null, detail: say("doctor.featureNoRead") }
  const at = new Date(r.created_at).toISOString()
  return r.svc_id
    ? { enabled: true, detail: say("doctor.featureLastAccepted", { at }) }
    : { enabled: false, detail: say("doctor.featureLastRefused", { at }) }
}

/** Every feature's state: the six probed, and the two svc has no read for (lastSend). */
async function features(client: SvcClient, svc: SvcModuleService) {
  const { results, networks } = await probeFeatures(client)
  const states: Record<string, ProbeResult> = {
    ...results,
    fiat_withdrawals: await lastSend(svc, "withdrawal", results.wallet),
    token_transfers: await lastSend(svc, "token_transfer", results.wallet),
  }
  return {
    networks,
    features: Object.entries(FEATURE_NAMES).map(
      ([feature, name]): FeatureState => ({
        feature,
        label: english(name),
        enabled: states[feature].enabled,
        ...spoken("detail", states[feature].detail),
      })
    ),
  }
}

/**
 * The last webhook received per event type, over the newest RECENT_EVENTS rows
 * of svc_webhook_event (checkouts, refund payouts, settlements: one row per
 * delivery) and of svc_inbox_event (the other events: one row per event,
 * `deliveries` counted). A bounded read by the time-ordered primary key, never
 * a grouping over the whole table; only the known types are listed,
 * unknown ones come from their counters (unknownEventTypeCounts).
 */
async function webhooksSeen(svc: SvcModuleService) {
  const rows = await svc.recentWebhookDeliveries(
    UNKNOWN_TYPES_RESOURCE,
    RECENT_EVENTS
  )
  const at = (r: (typeof rows)[number]) => new Date(r.at).getTime()
  return KNOWN_WEBHOOK_EVENT_TYPES.map((event_type) => {
    const mine = rows.filter((r) => r.event_type === event_type)
    // the newest; the first read of equal times (a stable sort)
    const [last] = [...mine].sort((x, y) => at(y) - at(x))
    return {
      event_type,
      last_received_at: last ? new Date(last.at).toISOString() : null,
      received: mine.reduce((n, r) => n + Number(r.n), 0),
      last_outcome: last?.outcome || null,
    }
  })
}

/**
 * The store's webhook token for the URL to register: the provider option's,
 * or the generated one (read from svc_setting now, so the admin sees what
 * every instance will, and made if this is the first time), with the requests
 * with the token, without it and with another one over the last `hours` hours
 * (all instances; this process's pending counts written first).
 * `source`: the option (always required) or generated by the plugin (required
 * once the admin turns it on); null when it could not be read.
 */
async function webhookToken(svc: SvcModuleService, option?: string) {
  const requests = await webhookRequestTally
    .flush(svc)
    .then(() => recentRequestCounts(svc))
    .catch(() => null)
  const s = option
    ? null
    : await webhookTokenSettings.load(svc).catch(() => null)
  const source: "option" | "generated" | null = option
    ? "option"
    : s && "generated"
  return {
    value: option || (s?.token ?? null),
    report: {
      source,
      required: option ? true : (s?.required ?? false),
      required_at: s?.required_at ?? null,
      requests,
    },
  }
}

type TokenReport = Awaited<ReturnType<typeof webhookToken>>["report"]

/** What the token's counts say the merchant should do; `url`: the URL to register. */
export function tokenCheck(t: TokenReport, url: string): Verdict {
  if (!t.source)
    return verdict(
      "warn",
      say("doctor.tokenUnreadable"),
      say("doctor.tokenUnreadableAdvice")
    )
  const r = t.requests
  const seen = !r
    ? say("doctor.tokenCountsUnavailable")
    : r.wrong
      ? say("doctor.tokenCountsWrong", r)
      : say("doctor.tokenCounts", {
          hours: r.hours,
          with: r.with,
          without: r.without,
        })
  const others = r ? r.without + r.wrong : 0
  // not required: still "ok" (the store works as before), the advice says what to do
  if (!t.required)
    return verdict(
      "ok",
      say("doctor.tokenNotRequired", { seen }),
      r && r.with > 0 && others === 0
        ? say("doctor.tokenRequireAdvice")
        : say("doctor.tokenRegisterAdvice", { url })
    )
  return verdict(
    others && r && !r.with ? "fail" : others ? "warn" : "ok",
    t.source === "option"
      ? say(
          others
            ? "doctor.tokenRequiredOptionRefused"
            : "doctor.tokenRequiredOption",
          { seen }
        )
      : say(
          others
            ? "doctor.tokenRequiredSinceRefused"
            : "doctor.tokenRequiredSince",
          { since: t.required_at ?? "?", seen }
        ),
    others
      ? say(
          t.source === "generated"
            ? "doctor.tokenRefusedAdviceGenerated"
            : "doctor.tokenRefusedAdvice",
          { url }
        )
      : null
  )
}

/**
 * Runs every check. The webhook URL to register is `${backendUrl}/hooks/svc`
 * (backendUrl: the configured one, or the address `req` came to).
 */
export async function runDoctor(
  container: MedusaContainer,
  req?: MedusaRequest
) {
  const runtime = svcFromContainer(container)
  const { options } = runtime
  const svc = container.resolve<SvcModuleService>(SVC_MODULE)
  // a diagnosis reads svc as it is now: an admin's reads (after shoppers', within their share), never kept ones
  const client = runtime.client.forAdmin({ keep: false })
  const checks: Check[] = []
  const put: Put = (id, level, detail, advice = null) =>
    checks.push({
      id,
      label: english(LABELS[id]),
      level,
      ...spoken("detail", detail),
      ...spoken("advice", advice),
    })
  const add = (id: Check["id"], v: Verdict) =>
    put(id, v.level, v.detail, v.advice)
  // the line as a shopper starting now finds it (before this check's own reads take room)
  const line = await runtime.line.state()
  const before = client.rateUsage()
  const base = displayUrl(options.baseUrl, "(invalid baseUrl)")
  const key = maskApiKey(options.apiKey)

  // 1. API key and account (GET /v1/health, key only), 2. the clock skew
  const h: Health = await readHealth(options.baseUrl, options.apiKey).catch(
    (failed: Error) => ({ failed, clock: NO_CLOCK })
  )
  keyChecks(h, base, key, put)
  const a = "failed" in h || h.status !== 200 ? undefined : h.health?.account
  add("clock", clockCheck(h.clock))

  // 3. Features and environment (only when the key works)
  const probed = a ? await features(client, svc) : undefined
  const featureStates = probed?.features ?? []
  const ids = chainIds(probed?.networks)
  const environment = environmentOf(ids) // "unknown" when not probed
  if (probed) {
    add("features", featuresCheck(featureStates))
    put(
      "environment",
      environment === "unknown" ? "warn" : "ok",
      environment === "unknown"
        ? say("doctor.environmentUnknown")
        : say("doctor.environment", { environment, networks: ids.join(", ") })
    )
  }

  // 4. Rate budget (the client's own count over svc's rolling minute; the raw health read: 1)
  const after = client.rateUsage()
  const usedByDoctor = Math.max(0, after.used - before.used) + 1
  const share = after.limit ? after.used / after.limit : 0
  put(
    "rate",
    share >= 0.9 ? "fail" : share >= 0.6 ? "warn" : "ok",
    say("doctor.rate", {
      used: after.used,
      limit: after.limit,
      seconds: Math.round(after.windowMs / 1000),
      byCheck: usedByDoctor,
    }),
    share >= 0.6 ? say("doctor.rateAdvice") : null
  )

  // 5. Storefront refusals (src/api/store/svc/shopper-limits): is somebody flooding the store's payment sessions?
  const guard = shopperGuard(container)
  const refusals = guard && (await guard.counts.lastHour())
  if (refusals) {
    const { address, customer, cart, store_budget: budget } = refusals.counts
    const flood = address + customer + cart >= 100
    const where = say(
      refusals.shared ? "doctor.allServers" : "doctor.thisServer"
    )
    put(
      "storefront",
      budget > 0 || flood ? "warn" : "ok",
      say("doctor.refusals", { where, address, customer, cart, budget }),
      budget > 0
        ? say("doctor.refusalsBudgetAdvice")
        : flood
          ? say("doctor.refusalsFloodAdvice")
          : null
    )
  }

  // 6. The checkout line, and the background's svc calls of the last minute (each job's heartbeat)
  const jobs = await jobStates(container, options)
  const [job, watcher] = jobs.map(({ last }) =>
    last && Date.now() - Date.parse(last.finished_at) < 60_000
      ? Number(last.counts.svc_calls_last_minute ?? 0)
      : 0
  )
  const calls = { watcher: watcher ?? 0, job: job ?? 0 }
  const background = say("doctor.backgroundCalls", calls)
  put(
    "line",
    line.wait_seconds ? "warn" : "ok",
    line.wait_seconds
      ? say("doctor.lineWait", { ...line, background })
      : say("doctor.lineTurn", { length: line.length, background }),
    line.wait_seconds ? say("doctor.rateAdvice") : null
  )

  // 7. Webhooks
  const token = await webhookToken(svc, options.webhookToken)
  const url = webhookUrlToRegister(backendUrl(container, req), token.value)
  const events = await webhooksSeen(svc)
  const received = events.filter((e) => e.received)
  const checkoutSeen = received.some((e) => e.event_type === "checkout.updated")
  const types = received.map((e) => e.event_type).join(", ")
  put(
    "webhooks",
    checkoutSeen ? "ok" : "warn",
    !received.length
      ? say("doctor.webhooksNone")
      : checkoutSeen
        ? say("doctor.webhooksReceived", { types })
        : say("doctor.webhooksNoCheckout", { types }),
    checkoutSeen ? null : say("doctor.webhooksAdvice", { url })
  )
  add("webhook_token", tokenCheck(token.report, url))

  // 8. The scheduled jobs: do they run (a store with no worker loses them silently)? Their label is the check's.
  for (const { job, every_seconds, option, last, ...check } of jobs)
    checks.push({
      id: job === "svc-watch-checkouts" ? "job_watch" : "job_reconcile",
      ...check,
    })

  const level: Level =
    (["fail", "warn"] as const).find((l) =>
      checks.some((c) => c.level === l)
    ) ?? "ok"
  const first = checks.find((c) => c.level === level && level !== "ok")
  return {
    level,
    ...spoken(
      "summary",
      first
        ? say("doctor.summaryProblem", {
            check: LABELS[first.id],
            detail: { code: first.detail_code, params: first.detail_params },
          })
        : say("doctor.summaryOk")
    ),
    checked_at: new Date().toISOString(),
    base_url: base,
    api_key: key,
    environment,
    account: a
      ? {
          id: a.id,
          name: a.name,
          type: a.type,
          status: a.status,
          blocks: english(statusEffect(a.status).detail),
        }
      : null,
    clock: h.clock,
    rate: {
      used: after.used,
      limit: after.limit,
      window_ms: after.windowMs,
      used_by_doctor: usedByDoctor,
    },
    features: featureStates,
    /** Carts in line for svc's checkout budget, and the wait a shopper starting now is told (0: a turn at once). */
    line,
    /** The watcher's and the reconciliation job's svc requests in the last minute (their heartbeats; 0 for a run over a minute ago). */
    svc_calls_last_minute: calls,
    /**
     * Payment sessions refused in the last hour, by reason: a client address,
     * a customer or a cart over its storefront limit, or the store's svc budget
     * with no turn (every server's when the store has Redis: `shared`).
     */
    storefront_refusals:
      guard && refusals
        ? {
            last_hour: refusals.counts,
            shared: refusals.shared,
            limits: guard.limits.options,
          }
        : null,
    webhooks: {
      url,
      /** Requests without the token are refused (the option `webhookToken`, or the admin required the generated token). */
      token_configured: token.report.required,
      token: token.report,
      events,
      /** Counted over the newest RECENT_EVENTS rows of each event table (a bounded read). */
      counted_over: RECENT_EVENTS,
      /** Events of types svc does not send here: counted per type, never stored (at most 20 names, then "(other)"). */
      unknown_types: await unknownEventTypeCounts(container).catch(() => []),
    },
    /** The reconciliation job and the watcher: when each last ran, and the doctor's word on it (./jobs/job-checks.ts). */
    jobs,
    checks,
  }
}
