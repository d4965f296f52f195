/**
 * The one request core (after openai-node's pipeline): build, validate, rate-limit,
 * sign, send with undici, map errors, retry. Resources call `request` and nothing else.
 */
import { randomUUID } from "node:crypto"
import { SpanKind, SpanStatusCode, type Attributes } from "@opentelemetry/api"
import { Agent, request as undiciRequest } from "undici"
import type { z } from "@medusajs/framework/zod"

import { SigningClock } from "./signing/clock"
import {
  CLIENT_ERROR_CODES,
  isObject,
  SvcConnectionError,
  SvcError,
  SvcInputError,
  SvcPendingError,
  SvcRateLimitError,
  SvcResponseValidationError,
  SvcTimeoutError,
  svcErrorFromResponse,
} from "./errors"
import type { ResolvedOptions, SvcLogger } from "./options"
import {
  RateBudgetWait,
  type CheckoutRoom,
  RateLimiter,
  type RateUsage,
} from "./rate-budget/rate-limit"
import { UUID_RE, UUID_V4_RE } from "./schemas/common"
import {
  contentDigest,
  RequestSigner,
  type SigningKey,
} from "./signing/signing"
import { countRefusal, countRequest, svcInstruments, tracer } from "./telemetry"
import { parseInput } from "./validation"

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE"

export interface RequestSpec<S extends z.ZodTypeAny> {
  method: HttpMethod
  /** Path template as written in the spec, e.g. `/v1/checkout/{id}`; also the rate-limit key. */
  route: string
  /** Path parameters; each must be a UUID (spec: Conventions) unless listed in `rawParams`. */
  params?: Record<string, string>
  query?: unknown
  querySchema?: z.ZodTypeAny
  /** JSON body; undefined means a bodyless request (signs only @method and @path). */
  body?: unknown
  bodySchema?: z.ZodTypeAny
  /** Money-moving create: send an Idempotency-Key (the caller's, or a new UUID v4). */
  idempotent?: boolean
  idempotencyKey?: string | undefined
  schema: S
  /** Time limits of this call, retries and backoff included (see CallTimeLimits). */
  limits?: CallTimeLimits
  /** An admin's read (SvcClient.forAdmin): ranked after shoppers' calls by the rate budget (RatePriority "admin"). */
  caller?: "admin"
}

/** What the resources send calls through: the request core, or a view of it (src/client/rate-budget/admin-reads.ts). */
export type CallCore = Pick<RequestCore, "request" | "create">

/**
 * Per-call time limits, for calls a shopper waits on: each attempt gets at most
 * `attemptTimeoutMs` (and never more than the client's `timeoutMs`), and no
 * attempt or backoff starts that would end after `deadlineMs` from the call's
 * start; the last error is thrown instead (a timeout stays an uncertain
 * outcome: repeat with the same Idempotency-Key).
 */
export interface CallTimeLimits {
  deadlineMs?: number
  attemptTimeoutMs?: number
}

/** What a call's span and metrics record of its attempts. */
type CallRecord = { attempts: number; status?: number }

export type WithIdempotencyKey<T> = T & { idempotencyKey: string }

const USER_AGENT = "medusa-payment-svc-client/0.1"
/** An attempt with less time than this left before a call's deadline is not started. */
const MIN_ATTEMPT_MS = 250
const sleep = (ms: number): Promise<void> =>
  new Promise((r) => setTimeout(r, Math.max(0, ms)))

export class RequestCore {
  readonly #apiKey: string
  /** Holds the parsed private key (a KeyObject made once per client) in a private field. */
  readonly #signer: RequestSigner
  readonly #agent: Agent
  readonly #limiter: RateLimiter
  readonly clock: SigningClock
  readonly #opts: ResolvedOptions
  readonly #base: string
  /** svc's host, for the spans' server.address */
  readonly #host: string

  constructor(opts: ResolvedOptions, key: SigningKey) {
    this.#opts = opts
    this.#apiKey = opts.apiKey
    this.#signer = new RequestSigner(key, opts.keyId)
    this.#base = opts.baseUrl.replace(/\/+$/, "")
    this.#host = new URL(this.#base).hostname
    // Explicit timeouts: undici's defaults are minutes (as undici recommends).
    this.#agent = new Agent({
      connect: { timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      keepAliveTimeout: 4_000,
    })
    const shared = opts.sharedRateBudget
    this.clock = new SigningClock(
      opts.now,
      undefined,
      shared?.claimCreated
        ? (key, created) => shared.claimCreated!(key, created)
        : undefined
    )
    this.#limiter = new RateLimiter({
      accountLimit: opts.accountRateLimit,
      windowMs: opts.rateLimitWindowMs,
      now: opts.now,
      ...(opts.sharedRateBudget
        ? {
            shared: opts.sharedRateBudget,
            onSharedError: (e: unknown) =>
              opts.logger?.warn?.(
                `svc: the shared rate budget is unreachable (${e instanceof Error ? e.message : e}); this process counts on its own until it is back`
              ),
          }
        : {}),
    })
  }

  get logger(): SvcLogger | undefined {
    return this.#opts.logger
  }

  close(): Promise<void> {
    return this.#agent.close()
  }

  /** Send a money-moving create and return the parsed result plus the Idempotency-Key used. */
  async create<S extends z.ZodTypeAny>(
    spec: RequestSpec<S>
  ): Promise<WithIdempotencyKey<z.output<S>>> {
    const key = resolveIdempotencyKey(spec.idempotencyKey)
    try {
      const result = await this.request({
        ...spec,
        idempotent: true,
        idempotencyKey: key,
      })
      return Object.assign({}, result, { idempotencyKey: key })
    } catch (e) {
      if (e instanceof SvcError) e.idempotencyKey = key
      throw e
    }
  }

  /** The account rate budget used by this client in the current window. */
  rateUsage(): RateUsage {
    return this.#limiter.usage()
  }

  checkoutRoom(): Promise<CheckoutRoom> {
    return this.#limiter.checkoutRoom()
  }

  setAccountRateLimit(limit: number): void {
    this.#limiter.setAccountLimit(limit)
  }

  /**
   * One call: a span `svc <METHOD> <route>` (OpenTelemetry, a no-op unless the store registered it)
   * around the attempts, and the call's duration and each attempt counted (src/client/telemetry.ts).
   */
  async request<S extends z.ZodTypeAny>(
    spec: RequestSpec<S>
  ): Promise<z.output<S>> {
    const attributes: Attributes = {
      "http.request.method": spec.method,
      "url.template": spec.route,
      ...(spec.caller ? { "svc.caller": spec.caller } : {}),
    }
    return tracer().startActiveSpan(
      `svc ${spec.method} ${spec.route}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { ...attributes, "server.address": this.#host },
      },
      async (span) => {
        const started = performance.now()
        const call: CallRecord = { attempts: 0 }
        try {
          return await this.#send(spec, call, attributes)
        } catch (e) {
          const code = e instanceof SvcError ? e.code : "UNEXPECTED"
          attributes["error.type"] = code
          attributes["svc.error.code"] = code
          span.setStatus({ code: SpanStatusCode.ERROR, message: code })
          throw e
        } finally {
          if (call.status !== undefined)
            attributes["http.response.status_code"] = call.status
          if (call.attempts > 1)
            attributes["http.request.resend_count"] = call.attempts - 1
          span.setAttributes(attributes)
          span.end()
          svcInstruments().callDuration.record(
            (performance.now() - started) / 1000,
            attributes
          )
        }
      }
    )
  }

  async #send<S extends z.ZodTypeAny>(
    spec: RequestSpec<S>,
    call: CallRecord,
    base: Attributes
  ): Promise<z.output<S>> {
    // 1. Validate everything before anything is sent.
    const path = buildPath(spec.route, spec.params)
    const query =
      spec.query === undefined
        ? undefined
        : spec.querySchema
          ? parseInput(spec.querySchema, spec.query)
          : spec.query
    const search = encodeQuery(query)
    let bodyBytes: Buffer | undefined
    if (spec.body !== undefined) {
      const body = spec.bodySchema
        ? parseInput(spec.bodySchema, spec.body)
        : spec.body
      // The exact bytes sent are the bytes digested and signed (spec: 401 causes).
      bodyBytes = Buffer.from(JSON.stringify(body), "utf8")
    }
    const idempotencyKey = spec.idempotent
      ? resolveIdempotencyKey(spec.idempotencyKey)
      : undefined
    const url = this.#base + path + search
    const signed = spec.method !== "GET"
    // One digest per request: every attempt sends the same bytes (spec: Idempotency rules).
    const digest = bodyBytes ? contentDigest(bodyBytes) : ""
    const signedBody = bodyBytes
      ? { digest, contentType: "application/json" }
      : undefined
    const limiterKey = `${spec.method} ${spec.route}`
    const ctx = {
      method: spec.method,
      path,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    }

    let attempt = 0
    let lastErr: SvcError | undefined
    let resignedForSkew = false
    const deadlineAt =
      spec.limits?.deadlineMs !== undefined
        ? Date.now() + spec.limits.deadlineMs
        : Number.POSITIVE_INFINITY
    for (;;) {
      try {
        if (!lastErr && this.#limiter.pausedFor(limiterKey))
          throw new RateBudgetWait(limiterKey)
        await this.#limiter.acquire(
          limiterKey,
          deadlineAt === Number.POSITIVE_INFINITY
            ? deadlineAt
            : deadlineAt - MIN_ATTEMPT_MS,
          spec.caller === "admin" && spec.method === "GET" ? "admin" : undefined
        )
      } catch (e) {
        if (!(e instanceof RateBudgetWait)) throw e
        // A retry that cannot get a turn: the outcome is the earlier attempt's (maybe uncertain).
        if (lastErr) throw lastErr
        // Certain: nothing was sent. A shopper hears "busy, try again" now, not in a minute.
        countRefusal("account_budget", { "url.template": spec.route })
        throw new SvcRateLimitError({
          code: CLIENT_ERROR_CODES.RATE_BUDGET,
          status: 0,
          message: `svc ${ctx.method} ${ctx.path}: ${e.message}`,
          ...ctx,
        })
      }
      const attemptMs = Math.max(
        1,
        Math.min(
          this.#opts.timeoutMs,
          spec.limits?.attemptTimeoutMs ?? Number.POSITIVE_INFINITY,
          deadlineAt - Date.now()
        )
      )
      const headers: Record<string, string> = {
        "svc-api-key": this.#apiKey,
        accept: "application/json",
        "user-agent": USER_AGENT,
      }
      if (bodyBytes) headers["content-type"] = "application/json"
      if (idempotencyKey) headers["idempotency-key"] = idempotencyKey
      let created: number | undefined
      if (signed) {
        // A fresh signature for every attempt (spec: Freshness and reuse).
        created = await this.clock.nextCreated(
          `${spec.method} ${path} ${digest}`
        )
        Object.assign(
          headers,
          this.#signer.sign({
            method: spec.method,
            path,
            created,
            ...(signedBody ? { body: signedBody } : {}),
          })
        )
      }

      let status: number
      let text: string
      let resHeaders: Record<string, string | string[] | undefined>
      try {
        const res = await undiciRequest(url, {
          dispatcher: this.#agent,
          method: spec.method,
          headers,
          // undici's own timeouts tick about once a second: a short per-call
          // limit is an abort signal (native timer) instead.
          ...(attemptMs < this.#opts.timeoutMs
            ? { signal: AbortSignal.timeout(attemptMs) }
            : {}),
          ...(bodyBytes ? { body: bodyBytes } : {}),
        })
        status = res.statusCode
        resHeaders = res.headers
        text = await res.body.text()
        call.attempts++
        call.status = status
        countRequest({ ...base, "http.response.status_code": status })
      } catch (e) {
        const err = networkError(e, ctx)
        call.attempts++
        countRequest({ ...base, "error.type": err.code })
        lastErr = err
        if (
          attempt < this.#opts.maxRetries &&
          (await this.#backoff(attempt++, undefined, err, deadlineAt))
        )
          continue
        throw err
      }

      const serverNow = this.clock.observe(header(resHeaders, "date"))
      const requestId = header(resHeaders, "x-request-id") ?? null

      if (status >= 200 && status < 300 && status !== 202) {
        this.logger?.debug?.("svc request ok", { ...ctx, status, attempt })
        return this.#parse(spec.schema, text, status, requestId, ctx)
      }

      const body = parseJson(text)
      let err: SvcError
      if (status === 202) {
        err = new SvcPendingError({
          code: CLIENT_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS,
          status: 202,
          message:
            "svc is still processing the first request for this Idempotency-Key (202 after every retry)",
          requestId:
            isObject(body) && typeof body.requestId === "string"
              ? body.requestId
              : requestId,
          ...ctx,
        })
      } else {
        err = svcErrorFromResponse({
          status,
          body: body ?? text,
          headerRequestId: requestId,
          ...ctx,
        })
      }

      // A 401 caused by our clock: re-sign once with the corrected clock (spec: Freshness).
      if (
        status === 401 &&
        signed &&
        !resignedForSkew &&
        created !== undefined &&
        serverNow !== undefined
      ) {
        if (Math.abs(created * 1000 + 500 - serverNow) > 2500) {
          resignedForSkew = true
          this.logger?.warn?.(
            "svc 401 with a skewed clock; re-signing with the corrected clock",
            {
              ...ctx,
              offsetMs: this.clock.offset,
            }
          )
          continue
        }
      }
      lastErr = err
      if (status === 429)
        this.#limiter.refusedBySvc(
          limiterKey,
          parseRetryAfter(header(resHeaders, "retry-after"), this.#opts.now())
        )
      if (isRetryableStatus(status) && attempt < this.#opts.maxRetries) {
        if (
          await this.#backoff(
            attempt++,
            header(resHeaders, "retry-after"),
            err,
            deadlineAt
          )
        )
          continue
      }
      throw err
    }
  }

  #parse<S extends z.ZodTypeAny>(
    schema: S,
    text: string,
    status: number,
    requestId: string | null,
    ctx: { method: string; path: string; idempotencyKey?: string }
  ): z.output<S> {
    const value = text.length === 0 ? null : parseJson(text)
    if (value === undefined) {
      throw new SvcResponseValidationError({
        code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
        status,
        requestId,
        message: `svc ${ctx.method} ${ctx.path} returned a body that is not JSON`,
        issues: [{ path: "", message: "not JSON" }],
        ...ctx,
      })
    }
    const r = schema.safeParse(value)
    if (r.success) return r.data
    const issues = r.error.issues.map((i) => ({
      path: i.path.join("."),
      message: i.message,
    }))
    throw new SvcResponseValidationError({
      code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
      status,
      requestId,
      message: `svc ${ctx.method} ${ctx.path} returned an unexpected body: ${issues
        .slice(0, 3)
        .map((i) => `${i.path || "(root)"}: ${i.message}`)
        .join("; ")}`,
      issues,
      ...ctx,
    })
  }

  /**
   * Exponential backoff with full jitter (as stripe-node does), or Retry-After when present, capped.
   * False (no wait) when the next attempt could not start, with a useful share of an
   * attempt left, before the call's deadline.
   */
  async #backoff(
    attempt: number,
    retryAfter: string | undefined,
    err: SvcError,
    deadlineAt: number
  ): Promise<boolean> {
    const { baseMs, capMs, retryAfterCapMs } = this.#opts.retry
    let delay = Math.random() * Math.min(capMs, baseMs * 2 ** attempt)
    const ra = parseRetryAfter(retryAfter, this.#opts.now())
    if (ra !== undefined) delay = Math.min(ra, retryAfterCapMs)
    if (Date.now() + delay + MIN_ATTEMPT_MS > deadlineAt) return false
    this.logger?.warn?.("svc request failed; retrying", {
      method: err.method,
      path: err.path,
      status: err.status,
      code: err.code,
      requestId: err.requestId,
      idempotencyKey: err.idempotencyKey,
      attempt: attempt + 1,
      delayMs: Math.round(delay),
    })
    await sleep(delay)
    return true
  }
}

// ---------------------------------------------------------------- helpers

function resolveIdempotencyKey(key: string | undefined): string {
  if (key === undefined) return randomUUID()
  if (typeof key !== "string" || !UUID_V4_RE.test(key))
    throw new SvcInputError("idempotencyKey", "must be a UUID v4")
  return key
}

/** Fill `{name}` placeholders with percent-encoded values; ids must be UUIDs (spec: Conventions). */
export function buildPath(
  route: string,
  params: Record<string, string> = {}
): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name]
    if (typeof v !== "string" || !UUID_RE.test(v))
      throw new SvcInputError(name, "must be a UUID")
    return encodeURIComponent(v)
  })
}

function encodeQuery(query: unknown): string {
  if (!isObject(query)) return ""
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue
    sp.append(k, String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ""
}

function header(
  h: Record<string, string | string[] | undefined>,
  name: string
): string | undefined {
  const v = h[name]
  return Array.isArray(v) ? v[0] : v
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** 202, 429 and 5xx are retried; 400/401/403/404/422 never (spec: Errors rules 5-7, Idempotency rules). */
export function isRetryableStatus(status: number): boolean {
  return status === 202 || status === 429 || status >= 500
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 10.2.3). */
export function parseRetryAfter(
  value: string | undefined,
  nowMs: number
): number | undefined {
  if (!value) return undefined
  const v = value.trim()
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000
  const t = Date.parse(v)
  return Number.isNaN(t) ? undefined : Math.max(0, t - nowMs)
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
])

function networkError(
  e: unknown,
  ctx: { method: string; path: string; idempotencyKey?: string }
): SvcError {
  if (e instanceof SvcError) return e
  const code = errCode(e)
  const detail = e instanceof Error ? e.message : String(e)
  if (isObject(e) && e.name === "TimeoutError") {
    return new SvcTimeoutError({
      code: CLIENT_ERROR_CODES.TIMEOUT,
      status: 0,
      message: `svc ${ctx.method} ${ctx.path} timed out (the call's time limit)`,
      cause: e,
      ...ctx,
    })
  }
  if (code && TIMEOUT_CODES.has(code)) {
    return new SvcTimeoutError({
      code: CLIENT_ERROR_CODES.TIMEOUT,
      status: 0,
      message: `svc ${ctx.method} ${ctx.path} timed out (${code})`,
      cause: e,
      ...ctx,
    })
  }
  return new SvcConnectionError({
    code: CLIENT_ERROR_CODES.CONNECTION_ERROR,
    status: 0,
    message: `svc ${ctx.method} ${ctx.path} failed without a response (${code ?? detail})`,
    cause: e,
    ...ctx,
  })
}

function errCode(e: unknown): string | undefined {
  let cur: unknown = e
  for (let i = 0; i < 4 && isObject(cur); i++) {
    if (typeof cur.code === "string") return cur.code
    cur = cur.cause
  }
  return undefined
}
