import { monitorEventLoopDelay } from "node:perf_hooks"
import { subscribe, unsubscribe } from "node:diagnostics_channel"
/** The request core against real local node:http servers (no mocking of undici). */
import { createServer } from "node:net"
import { inspect } from "node:util"

import {
  SvcAuthenticationError,
  SvcBadRequestError,
  SvcConflictError,
  SvcConnectionError,
  SvcError,
  SvcNotFoundError,
  SvcPendingError,
  SvcPermissionError,
  SvcRateLimitError,
  SvcResponseValidationError,
  SvcServerError,
  SvcServiceUnavailableError,
  SvcTimeoutError,
  type SvcClient,
} from "../index"
import * as f from "./helpers/fixtures"
import {
  API_KEY,
  json,
  makeClient,
  startServer,
  svcError,
  testKey,
  verifySeen,
  type Handler,
  type TestServer,
} from "./helpers/server"

const key = testKey("ed25519")
const open: { s: TestServer; c: SvcClient }[] = []
async function setup(
  handler: Handler,
  extra: Parameters<typeof makeClient>[2] = {}
) {
  const s = await startServer(handler)
  const c = makeClient(s.url, key, extra)
  open.push({ s, c })
  return { s, c }
}
afterEach(async () => {
  for (const { s, c } of open.splice(0)) {
    await c.close()
    await s.close()
  }
})
const KEY = "3b241101-e2bb-4255-8caf-4136c566a962"

async function caught(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p
  } catch (e) {
    return e as SvcError
  }
  throw new Error("expected a rejection")
}

describe("retries", () => {
  it("retries 503 with the same Idempotency-Key and body and a new valid signature each attempt", async () => {
    const { s, c } = await setup((_r, res, n) =>
      n < 3
        ? svcError(res, 503, "SERVICE_UNAVAILABLE")
        : json(res, 200, f.checkoutCreated)
    )
    const out = await c.checkout.create(f.checkoutBody, { idempotencyKey: KEY })
    expect(out).toEqual({ ...f.checkoutCreated, idempotencyKey: KEY })
    expect(s.seen).toHaveLength(3)
    expect(new Set(s.seen.map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set([KEY])
    )
    expect(new Set(s.seen.map((r) => r.body)).size).toBe(1)
    expect(new Set(s.seen.map((r) => r.headers.signature)).size).toBe(3)
    for (const r of s.seen) expect(verifySeen(r, key).ok).toBe(true)
  })

  it("202 then 200: retried with the same key", async () => {
    const { s, c } = await setup((_r, res, n) =>
      n === 1 ? json(res, 202, {}) : json(res, 200, f.checkoutCreated)
    )
    const out = await c.checkout.create(f.checkoutBody)
    expect(s.seen).toHaveLength(2)
    expect(s.seen[1]!.headers["idempotency-key"]).toBe(out.idempotencyKey)
    expect(s.seen[0]!.headers["idempotency-key"]).toBe(out.idempotencyKey)
  })

  it("202 after every retry throws SvcPendingError IDEMPOTENCY_IN_PROGRESS carrying the key", async () => {
    const { s, c } = await setup((_r, res) => json(res, 202, {}))
    const e = await caught(
      c.checkout.create(f.checkoutBody, { idempotencyKey: KEY })
    )
    expect(e).toBeInstanceOf(SvcPendingError)
    expect(e).toMatchObject({
      status: 202,
      code: "IDEMPOTENCY_IN_PROGRESS",
      idempotencyKey: KEY,
    })
    expect(s.seen).toHaveLength(3)
  })

  it("429 honours Retry-After (seconds, capped) and HTTP-date", async () => {
    const { s, c } = await setup((_r, res, n) =>
      n === 1
        ? svcError(res, 429, "RATE_LIMITED", "slow down", {
            "retry-after": "1",
          })
        : n === 2
          ? svcError(res, 429, "RATE_LIMITED", "slow down", {
              "retry-after": new Date(Date.now() + 1000).toUTCString(),
            })
          : json(res, 200, f.walletBalance)
    )
    const t0 = Date.now()
    await c.wallet.balance()
    const gap1 = s.seen[1]!.at - s.seen[0]!.at
    expect(gap1).toBeGreaterThanOrEqual(280) // 1 s capped to retryAfterCapMs = 300
    expect(s.seen).toHaveLength(3)
    expect(Date.now() - t0).toBeLessThan(2000)
  })

  it("5xx exhausts retries into SvcServerError with code, status and requestId", async () => {
    const { s, c } = await setup((_r, res) =>
      svcError(res, 500, "INTERNAL_ERROR", "Internal error")
    )
    const e = await caught(c.wallet.address())
    expect(e).toBeInstanceOf(SvcServerError)
    expect(e).toMatchObject({
      code: "INTERNAL_ERROR",
      status: 500,
      requestId: "0b7d7a4e-1c9e-4c1e-9d5e-5a4f3c2b1a00",
    })
    expect(s.seen).toHaveLength(3)
  })

  it("a server that never answers gives SvcTimeoutError after each attempt times out", async () => {
    const { s, c } = await setup(() => undefined, {
      timeoutMs: 150,
      maxRetries: 1,
    })
    const t0 = Date.now()
    const e = await caught(
      c.payouts.create(
        { beneficiaryId: f.ID, amount: 1000 },
        { idempotencyKey: KEY }
      )
    )
    expect(e).toBeInstanceOf(SvcTimeoutError)
    expect(e).toBeInstanceOf(SvcConnectionError)
    expect(e).toMatchObject({ code: "TIMEOUT", status: 0, idempotencyKey: KEY })
    expect(s.seen).toHaveLength(2)
    expect(s.seen[0]!.headers["idempotency-key"]).toBe(KEY)
    expect(s.seen[1]!.headers["idempotency-key"]).toBe(KEY)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280)
  })

  it("per-call limits: each attempt gets attemptTimeoutMs, and no attempt starts past the deadline", async () => {
    // The client alone would give a hang 10 s x 3 attempts; the call's limits give it ~1 s in all.
    const { s, c } = await setup(() => undefined, {
      timeoutMs: 10_000,
      maxRetries: 5,
    })
    const t0 = Date.now()
    const e = await caught(
      c.checkout.create(f.checkoutBody, {
        idempotencyKey: KEY,
        attemptTimeoutMs: 300,
        deadlineMs: 1000,
      })
    )
    const took = Date.now() - t0
    expect(e).toBeInstanceOf(SvcTimeoutError)
    expect(e).toMatchObject({ idempotencyKey: KEY })
    expect(s.seen.length).toBeGreaterThanOrEqual(2)
    expect(s.seen.length).toBeLessThanOrEqual(4)
    expect(new Set(s.seen.map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set([KEY])
    )
    // Bounded by the deadline, not by timeoutMs x attempts (a ratio, not a wall-clock target).
    expect(took).toBeLessThan(10_000 / 2)
  })

  it("per-call deadline: a Retry-After longer than what is left is not waited for", async () => {
    const { s, c } = await setup(
      (_r, res) =>
        svcError(res, 429, "RATE_LIMITED", "slow down", {
          "retry-after": "20",
        }),
      {
        maxRetries: 3,
        retry: { baseMs: 5, capMs: 20, retryAfterCapMs: 30_000 },
      }
    )
    const t0 = Date.now()
    const e = await caught(
      c.checkout.create(f.checkoutBody, {
        idempotencyKey: KEY,
        deadlineMs: 2000,
      })
    )
    expect(e.status).toBe(429)
    expect(s.seen).toHaveLength(1)
    expect(Date.now() - t0).toBeLessThan(20_000 / 4)
  })

  it("per-call deadline: a call whose turn in the rate budget comes too late gives up before sending anything", async () => {
    const { s, c } = await setup(
      (_r, res) => json(res, 200, f.checkoutCreated),
      { accountRateLimit: 1 }
    )
    await c.checkout.create(f.checkoutBody, { idempotencyKey: KEY })
    const t0 = Date.now()
    const e = await caught(
      c.checkout.create(f.checkoutBody, {
        idempotencyKey: "0b7d7a4e-1c9e-4c1e-9d5e-5a4f3c2b1a01",
        deadlineMs: 600,
      })
    )
    expect(e).toMatchObject({
      name: "SvcRateLimitError",
      code: "RATE_BUDGET",
      status: 0,
    })
    expect(s.seen).toHaveLength(1) // nothing was sent for the second call
    expect(Date.now() - t0).toBeLessThan(60_000 / 10) // not the window's minute
  })

  it("connection refused gives SvcConnectionError (not a timeout), retried", async () => {
    const srv = createServer()
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r))
    const port = (srv.address() as { port: number }).port
    await new Promise<void>((r) => srv.close(() => r()))
    const c = makeClient(`http://127.0.0.1:${port}`, key)
    const e = await caught(c.health())
    expect(e).toBeInstanceOf(SvcConnectionError)
    expect(e).not.toBeInstanceOf(SvcTimeoutError)
    expect(e.code).toBe("CONNECTION_ERROR")
    await c.close()
  })

  it.each([
    [400, "INVALID_REQUEST", SvcBadRequestError],
    [401, "UNAUTHORIZED", SvcAuthenticationError],
    [403, "ACCOUNT_FROZEN", SvcPermissionError],
    [404, "NOT_FOUND", SvcNotFoundError],
    [422, "CONFLICT", SvcConflictError],
  ])("never retries %i %s", async (status, code, cls) => {
    const { s, c } = await setup((_r, res) => svcError(res, status, code))
    const e = await caught(
      c.wallet.fiatWithdrawals.create(
        { bankAccountId: f.ID, amount: 5000 },
        { idempotencyKey: KEY }
      )
    )
    expect(e).toBeInstanceOf(cls)
    expect(e).toMatchObject({
      status,
      code,
      idempotencyKey: KEY,
      requestId: "0b7d7a4e-1c9e-4c1e-9d5e-5a4f3c2b1a00",
    })
    expect(s.seen).toHaveLength(1)
  })

  it("svc's own 429 on a new checkout (another app spends the account): its retry goes, new checkouts wait for Retry-After unsent, and the room is 0", async () => {
    const { s, c } = await setup((r, res, n) =>
      n === 1
        ? svcError(res, 429, "RATE_LIMITED", "slow down", {
            "retry-after": "1",
          })
        : json(
            res,
            r.method === "GET" ? 200 : 201,
            r.method === "GET" ? f.walletBalance : f.checkoutCreated
          )
    )
    // the same request again after the 429 (spec: retry with the same key)
    await c.checkout.create(f.checkoutBody)
    expect(s.seen).toHaveLength(2)
    expect((await c.checkoutRoom()).now).toBe(0)
    const e = await caught(c.checkout.create(f.checkoutBody))
    expect(e).toMatchObject({ code: "RATE_BUDGET", status: 0 })
    expect(s.seen).toHaveLength(2) // nothing sent
    // other routes are not held
    await c.wallet.balance().catch(() => undefined)
    expect(s.seen).toHaveLength(3)
    await new Promise((r) => setTimeout(r, 1_050))
    expect((await c.checkoutRoom()).now).toBeGreaterThan(0)
    await c.checkout.create(f.checkoutBody)
    expect(s.seen).toHaveLength(4)
  })

  it("429 exhausted is SvcRateLimitError; 503 is SvcServiceUnavailableError (a SvcServerError)", async () => {
    const { c } = await setup((r, res) =>
      r.path === "/v1/wallet/balance"
        ? svcError(res, 429, "RATE_LIMITED")
        : svcError(res, 503, "SERVICE_UNAVAILABLE")
    )
    expect(await caught(c.wallet.balance())).toBeInstanceOf(SvcRateLimitError)
    const e = await caught(c.wallet.address())
    expect(e).toBeInstanceOf(SvcServiceUnavailableError)
    expect(e).toBeInstanceOf(SvcServerError)
  })
})

describe("error mapping and tolerance", () => {
  it("VALIDATION_FAILED carries the parsed field list", async () => {
    const { c } = await setup((_r, res) =>
      svcError(
        res,
        400,
        "VALIDATION_FAILED",
        "amount: must be at least 1000\ntitle: is required; description: too long"
      )
    )
    const e = await caught(c.checkout.create(f.checkoutBody))
    expect(e.code).toBe("VALIDATION_FAILED")
    expect(e.fields).toEqual([
      { field: "amount", message: "must be at least 1000" },
      { field: "title", message: "is required" },
      { field: "description", message: "too long" },
    ])
    expect(e.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("unknown codes, unknown statuses and extra fields are tolerated", async () => {
    const { c } = await setup((r, res) =>
      r.path.startsWith("/v1/checkout/")
        ? json(res, 200, {
            ...f.checkout,
            status: "ON_HOLD",
            type: "NEW_TYPE",
            extra: { a: 1 },
          })
        : svcError(res, 400, "BRAND_NEW_CODE")
    )
    const ch = await c.checkout.retrieve(f.ID)
    expect(ch.status).toBe("ON_HOLD")
    expect((ch as Record<string, unknown>).extra).toEqual({ a: 1 })
    const e = await caught(c.wallet.balance())
    expect(e).toBeInstanceOf(SvcBadRequestError)
    expect(e.code).toBe("BRAND_NEW_CODE")
  })

  it("a body without code falls back to the status's code; a non-JSON 2xx is SvcResponseValidationError", async () => {
    const { c } = await setup((r, res) => {
      if (r.path === "/v1/wallet/balance") {
        res.writeHead(404)
        res.end("nope")
      } else json(res, 200, { evmAddress: 1 })
    })
    const e = await caught(c.wallet.balance())
    expect(e).toMatchObject({ status: 404, code: "NOT_FOUND" })
    const v = await caught(c.wallet.address())
    expect(v).toBeInstanceOf(SvcResponseValidationError)
    expect(v.code).toBe("INVALID_RESPONSE")
  })
})

describe("signatures and clock", () => {
  it("two identical bodyless writes in the same second carry different signatures", async () => {
    const { s, c } = await setup((_r, res) => json(res, 200, { success: true }))
    await Promise.all([
      c.wallet.allowedSenders.remove(f.ID, f.ID2),
      c.wallet.allowedSenders.remove(f.ID, f.ID2),
    ])
    const created = s.seen.map((r) => verifySeen(r, key).created)
    expect(created[0]).not.toBe(created[1])
    expect(s.seen[0]!.headers.signature).not.toBe(s.seen[1]!.headers.signature)
    expect(Math.abs(created[0]! - created[1]!)).toBe(1)
  })

  it("two processes sending the same write in the same second: the same signature, unless they share the claims of `created`", async () => {
    const { s } = await setup((_r, res) => json(res, 200, { success: true }))
    // a deployment's shared store (the plugin's is on Redis): the budget always has room, a `created` is claimed once
    const claimed = new Set<string>()
    const shared = {
      take: async () => ({ ok: true as const, used: 1 }),
      claimCreated: async (k: string, created: number) =>
        !claimed.has(`${k} ${created}`) && !!claimed.add(`${k} ${created}`),
    }
    const twoSend = async (extra: Parameters<typeof makeClient>[2]) => {
      const [a, b] = [
        makeClient(s.url, key, extra),
        makeClient(s.url, key, extra),
      ]
      s.seen.splice(0)
      try {
        await Promise.all([
          a.wallet.allowedSenders.remove(f.ID, f.ID2),
          b.wallet.allowedSenders.remove(f.ID, f.ID2),
        ])
      } finally {
        await Promise.all([a.close(), b.close()])
      }
      return s.seen.map((r) => r.headers.signature)
    }
    const [alone1, alone2] = await twoSend({})
    // each process alone: the same second gives the same signature (svc refuses the second as reused)
    // (unless the two sends straddle a second: then there is nothing to show)
    if (
      verifySeen(s.seen[0]!, key).created ===
      verifySeen(s.seen[1]!, key).created
    )
      expect(alone1).toBe(alone2)
    const [shared1, shared2] = await twoSend({ sharedRateBudget: shared })
    expect(shared1).not.toBe(shared2)
    expect(claimed.size).toBe(2)
  })

  it("learns a skewed server clock from Date and signs with it", async () => {
    const skewMs = 120_000
    const { s, c } = await setup((r, res) =>
      json(res, 200, r.path === "/v1/health" ? f.health : f.checkoutCreated, {
        date: new Date(Date.now() + skewMs).toUTCString(),
      })
    )
    await c.health()
    expect(Math.abs(c.clockOffsetMs - skewMs)).toBeLessThan(1500)
    await c.checkout.create(f.checkoutBody)
    const created = verifySeen(s.seen[1]!, key).created
    expect(Math.abs(created * 1000 - (Date.now() + skewMs))).toBeLessThan(3000)
  })

  it("a 401 whose Date shows skew re-signs once with the corrected clock", async () => {
    const skewMs = -90_000 // server is 90 s behind the local clock
    const { s, c } = await setup((r, res) => {
      const serverNow = Date.now() + skewMs
      const created = verifySeen(r, key).created * 1000
      const headers = { date: new Date(serverNow).toUTCString() }
      if (created > serverNow + 5000 || created < serverNow - 30_000)
        svcError(res, 401, "UNAUTHORIZED", "stale", headers)
      else json(res, 200, f.checkoutCreated, headers)
    })
    await c.checkout.create(f.checkoutBody, { idempotencyKey: KEY })
    expect(s.seen).toHaveLength(2)
    expect(s.seen[1]!.headers["idempotency-key"]).toBe(KEY)
  })

  it("a plain 401 (no skew) is not retried", async () => {
    const { s, c } = await setup((_r, res) =>
      svcError(res, 401, "UNAUTHORIZED")
    )
    await caught(c.checkout.create(f.checkoutBody))
    expect(s.seen).toHaveLength(1)
  })
})

describe("rate limiter", () => {
  it("makes a burst wait its turn (account ceiling) instead of sending it all at once", async () => {
    const { s, c } = await setup((_r, res) => json(res, 200, f.walletBalance), {
      accountRateLimit: 3,
      rateLimitWindowMs: 400,
    })
    // The limiter releases sends 400 ms apart (3 per window). Stamped when undici makes each
    // request (its diagnostics channel), after the limiter and the signing: a stamp on arrival
    // at the test's server would add each request's own trip (a new connection, the server's
    // parsing, all in this busy process), which can bring two arrivals closer than the limiter
    // sent them (seen once). Between release and the stamp only this process's event loop can
    // delay a send: allowed for as measured, here.
    const made: number[] = []
    const stamp = () => made.push(Date.now())
    subscribe("undici:request:create", stamp)
    const lag = monitorEventLoopDelay({ resolution: 5 })
    lag.enable()
    const t0 = Date.now()
    await Promise.all(Array.from({ length: 7 }, () => c.wallet.balance()))
    lag.disable()
    unsubscribe("undici:request:create", stamp)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(790)
    expect(s.seen).toHaveLength(7)
    expect(made).toHaveLength(7)
    const slack = 10 + lag.max / 1e6
    for (let i = 3; i < made.length; i++)
      expect(made[i]! - made[i - 3]!).toBeGreaterThanOrEqual(400 - slack)
  })

  it("applies the per-route limit inside the ceiling (token withdrawals: 30 per window)", async () => {
    const { s, c } = await setup((_r, res) => json(res, 200, f.tokenTransfer), {
      accountRateLimit: 1000,
      rateLimitWindowMs: 300,
    })
    const t0 = Date.now()
    await Promise.all(
      Array.from({ length: 31 }, (_, i) =>
        c.wallet.tokenWithdrawals.create({
          tokenId: f.TOKEN_ID,
          addressTo: f.EVM,
          amount: 1000 + i,
        })
      )
    )
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290)
    expect(s.seen).toHaveLength(31)
  })
})

describe("secrets", () => {
  it("apiKey and privateKey never appear in errors, logs, toString, inspect or JSON", async () => {
    const logs: string[] = []
    const logger = {
      debug: (m: string, meta?: unknown) => logs.push(m + JSON.stringify(meta)),
      warn: (m: string, meta?: unknown) => logs.push(m + JSON.stringify(meta)),
    }
    const { c } = await setup(
      (r, res) =>
        r.path === "/v1/health"
          ? svcError(res, 503, "SERVICE_UNAVAILABLE")
          : svcError(res, 401, "UNAUTHORIZED"),
      { logger }
    )
    const errs = [
      await caught(c.health()),
      await caught(c.checkout.create(f.checkoutBody)),
    ]
    const pemBody = key.privatePem.split("\n")[1]!
    const texts = [
      ...logs,
      ...errs.flatMap((e) => [
        String(e),
        e.message,
        e.stack ?? "",
        JSON.stringify(e),
        inspect(e, { depth: 5, showHidden: true }),
      ]),
      String(c),
      JSON.stringify(c),
      inspect(c, { depth: 10, showHidden: true }),
    ]
    expect(logs.length).toBeGreaterThan(0)
    for (const t of texts) {
      expect(t).not.toContain(API_KEY)
      expect(t).not.toContain(pemBody)
    }
  })

  it("option errors name the option but not the value", () => {
    const { SvcClient } = jest.requireActual(
      "../index"
    ) as typeof import("../index")
    const base = {
      baseUrl: "http://x",
      apiKey: API_KEY,
      keyId: "k",
      privateKey: key.privatePem,
      algorithm: "ed25519" as const,
    }
    expect(() => new SvcClient({ ...base, baseUrl: "ftp:/nope" })).toThrow(
      /^baseUrl: /
    )
    expect(() => new SvcClient({ ...base, apiKey: "" })).toThrow(/^apiKey: /)
    expect(() => new SvcClient({ ...base, algorithm: "rsa" as never })).toThrow(
      /^algorithm: /
    )
    expect(() => new SvcClient({ ...base, timeoutMs: -1 })).toThrow(
      /^timeoutMs: /
    )
    expect(() => new SvcClient({ ...base, maxRetries: 1.5 })).toThrow(
      /^maxRetries: /
    )
    let msg = ""
    try {
      new SvcClient({ ...base, privateKey: `${API_KEY}-garbage` })
    } catch (e) {
      msg = `${String(e)} ${JSON.stringify(e)}`
    }
    expect(msg).toMatch(/privateKey/)
    expect(msg).not.toContain(API_KEY)
  })
})
