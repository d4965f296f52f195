import type { IncomingMessage, ServerResponse } from "node:http"
import { findKey, ReplayGuard, verifySignature } from "./auth"
import { ApiError, validationFailed } from "../errors"
import type { Engine } from "../engine"
import type { FaultInjector } from "../control/faults"
import { IdempotencyStore, readIdempotencyKey } from "./idempotency"
import type { RateLimiter } from "./rate-limit"
import { matchRoute, type RouteDef } from "./router"
import { sentApiKey, type CallCounter } from "../control/stats"
import { canonicalJson, isRecord, uuid } from "../util"

export interface ApiDeps {
  engine: Engine
  routes: RouteDef[]
  faults: FaultInjector
  limiter: RateLimiter
  replay: ReplayGuard
  idempotency: IdempotencyStore
  calls: CallCounter
  baseUrl: () => string
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
) {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

const errorBody = (e: ApiError, requestId: string) => ({
  code: e.code,
  message: e.message,
  requestId,
})

const INTERNAL = (requestId: string) => ({
  code: "INTERNAL_ERROR",
  message: "An internal error occurred.",
  requestId,
})

/** The account status that blocks a route (spec: Authentication, account status gating). */
function gateError(engine: Engine, route: RouteDef): ApiError | null {
  const status = engine.state.account.status
  if (!route.gate || status === "ACTIVE") return null
  const code = status === "RESTRICTED" ? "FORBIDDEN" : `ACCOUNT_${status}`
  const msg = `account status ${status} does not allow this operation`
  if (status === "SUSPENDED")
    return route.gate === "inflow" ? new ApiError(403, code, msg) : null
  if (
    route.gate === "whitelistPatch" &&
    status !== "FROZEN" &&
    status !== "PENDING_VERIFICATION"
  )
    return null
  return new ApiError(403, code, msg)
}

export async function handleApi(
  deps: ApiDeps,
  req: IncomingMessage,
  res: ServerResponse,
  rawBody: Buffer,
  url: URL
) {
  const { engine } = deps
  const requestId = uuid()
  const method = (req.method ?? "GET").toUpperCase()
  const match = matchRoute(deps.routes, method, url.pathname)
  if (!match || match === "method") {
    deps.calls.countUnmatched()
    return sendJson(res, 404, {
      code: "NOT_FOUND",
      message: `no route ${method} ${url.pathname}`,
      requestId,
    })
  }
  const { route, params } = match
  // counted before auth, rate limits and faults: a rejected request is still a call (docs/sandbox.md)
  deps.calls.count(method, route.path, sentApiKey(req.headers))
  engine.tick()

  const fault = deps.faults.take(method, route.path)
  if (fault && !fault.afterProcessing) {
    if (fault.kind === "500") return sendJson(res, 500, INTERNAL(requestId))
    if (fault.kind === "503")
      return sendJson(res, 503, {
        code: "SERVICE_UNAVAILABLE",
        message: "Service temporarily unavailable; nothing was processed.",
        requestId,
      })
    if (fault.kind === "429")
      return sendJson(
        res,
        429,
        { code: "RATE_LIMITED", message: "Too many requests.", requestId },
        fault.retryAfterSeconds !== undefined
          ? { "retry-after": String(fault.retryAfterSeconds) }
          : {}
      )
    if (fault.kind === "202")
      return sendJson(res, 202, {
        message:
          "The original request for this Idempotency-Key is still processing.",
        requestId,
      })
  }

  let idemScope: string | null = null
  let fingerprint = ""
  try {
    const key = findKey(
      { method, path: url.pathname, headers: req.headers, rawBody },
      engine.state.keys
    )
    if (engine.state.account.status === "TERMINATED")
      throw new ApiError(403, "ACCOUNT_TERMINATED", "account is terminated")
    if (method !== "GET")
      verifySignature(
        { method, path: url.pathname, headers: req.headers, rawBody },
        key,
        deps.replay
      )

    const rate = deps.limiter.take(route.rate ? [route.rate] : [])
    if (!rate.ok) deps.calls.countRateLimited()
    if (!rate.ok)
      throw new ApiError(429, "RATE_LIMITED", "rate limit exceeded", {
        "retry-after": String(rate.retryAfterSeconds),
      })

    if (route.feature && !engine.state.account.features[route.feature])
      throw new ApiError(
        403,
        "FEATURE_DISABLED",
        `feature ${route.feature} is not enabled for this account`
      )
    const gate = gateError(engine, route)
    if (gate) throw gate

    let body: unknown = undefined
    if (rawBody.length) {
      const ct = String(req.headers["content-type"] ?? "")
      if (!/^application\/json\b/i.test(ct))
        throw validationFailed("content-type: must be application/json")
      try {
        body = JSON.parse(rawBody.toString("utf8"))
      } catch {
        throw validationFailed("body: is not valid JSON")
      }
    }

    if (route.idempotency) {
      const idemKey = readIdempotencyKey(
        req.headers["idempotency-key"],
        route.idempotency === "required"
      )
      if (idemKey) {
        idemScope = `${engine.state.account.id} ${method} ${route.path} ${JSON.stringify(params)} ${idemKey}`
        fingerprint = canonicalJson(body ?? null)
        const rec = deps.idempotency.get(idemScope)
        if (rec) {
          idemScope = null // never overwrite the first request's record
          if (rec.fingerprint !== fingerprint)
            throw new ApiError(
              422,
              "CONFLICT",
              "Idempotency-Key was already used with a different body"
            )
          if (rec.state === "inflight")
            return sendJson(res, 202, {
              message:
                "The original request for this Idempotency-Key is still processing.",
              requestId,
            })
          const stored = rec.body
          const replayed =
            isRecord(stored) && "requestId" in stored
              ? { ...stored, requestId }
              : stored
          return sendJson(res, rec.status, replayed, {
            "idempotent-replayed": "true",
          })
        }
        deps.idempotency.begin(idemScope, fingerprint)
      }
    }
    if (fault?.kind === "hang" && !fault.afterProcessing) {
      // "in flight" for as long as the client waits: a retry under the same key meanwhile gets 202;
      // once the client gives up nothing was processed and the key is free again
      const scope = idemScope
      if (scope) req.socket.once("close", () => deps.idempotency.release(scope))
      return
    }

    const result = route.handler({
      engine,
      params,
      query: url.searchParams,
      body,
      baseUrl: deps.baseUrl(),
      requestId,
    })
    if (idemScope)
      deps.idempotency.finish(idemScope, result.status, result.body)
    engine.changed()
    if (fault?.afterProcessing) {
      if (fault.kind === "hang") return
      return sendJson(res, 500, INTERNAL(requestId))
    }
    sendJson(res, result.status, result.body)
  } catch (err) {
    if (err instanceof ApiError) {
      if (idemScope) {
        // payout-area 400s are retained 24 h under their key (spec: Errors rule 8); elsewhere a
        // rejected request frees its key; 503 means nothing was processed
        if (route.area === "payout" && err.status === 400)
          deps.idempotency.finish(idemScope, 400, errorBody(err, requestId))
        else deps.idempotency.release(idemScope)
      }
      if (fault?.afterProcessing) {
        if (fault.kind === "hang") return
        return sendJson(res, 500, INTERNAL(requestId))
      }
      return sendJson(res, err.status, errorBody(err, requestId), err.headers)
    }
    if (idemScope) deps.idempotency.release(idemScope)
    console.error("[svc sandbox] internal error", err)
    sendJson(res, 500, INTERNAL(requestId))
  }
}
