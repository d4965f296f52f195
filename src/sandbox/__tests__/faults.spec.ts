import { request } from "undici"
import { startSandbox } from "../index"
import { boot, checkoutBody } from "./helpers/fixtures"
import { control, startReceiver, TestApi } from "./helpers/http"
import { newKey, signHeaders } from "./helpers/signer"

describe("sandbox idempotency, faults, rate limits, webhooks", () => {
  let ctx: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    ctx = await boot()
  })
  afterAll(() => ctx.sandbox.close())
  const count = () => Object.keys(ctx.sandbox.control.state().checkouts).length
  /** A fault of checkout creation that strikes after the checkout was made. */
  const faultAfterCreating = (kind: "500" | "hang") =>
    ctx.sandbox.control.injectFault({
      route: "POST /v1/checkout",
      kind,
      afterProcessing: true,
    })

  it("same key + same body replays; different body is 422 CONFLICT; 400s free the key", async () => {
    const key = newKey()
    const body = checkoutBody(ctx.tokenId)
    const a = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    const b = await ctx.api.post(
      "/v1/checkout",
      { ...body },
      { idempotencyKey: key }
    )
    expect(b.status).toBe(200)
    expect(b.body.checkoutId).toBe(a.body.checkoutId)
    const c = await ctx.api.post(
      "/v1/checkout",
      { ...body, amount: 6000 },
      { idempotencyKey: key }
    )
    expect([c.status, c.body.code]).toEqual([422, "CONFLICT"])
    const k2 = newKey()
    expect(
      (
        await ctx.api.post(
          "/v1/checkout",
          { ...body, amount: 5 },
          { idempotencyKey: k2 }
        )
      ).status
    ).toBe(400)
    expect(
      (
        await ctx.api.post(
          "/v1/checkout",
          { ...body, title: "fixed" },
          { idempotencyKey: k2 }
        )
      ).status
    ).toBe(200)
  })

  it("records expire after 24 h of sandbox clock", async () => {
    const key = newKey()
    const body = checkoutBody(ctx.tokenId)
    const a = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    ctx.sandbox.control.advanceClock(24 * 3600 + 1)
    const b = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    expect(b.body.checkoutId).not.toBe(a.body.checkoutId)
  })

  it("fault 500 afterProcessing: created and stored, client sees 500, the retry returns the first result", async () => {
    const before = count()
    faultAfterCreating("500")
    const key = newKey()
    const body = checkoutBody(ctx.tokenId)
    const r = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    expect([r.status, r.body.code]).toEqual([500, "INTERNAL_ERROR"])
    expect(count()).toBe(before + 1)
    const list = await ctx.api.get("/v1/checkout?limit=1")
    expect(list.body.data[0].title).toBe(body.title)
    const retry = await ctx.api.post("/v1/checkout", body, {
      idempotencyKey: key,
    })
    expect(retry.body.checkoutId).toBe(list.body.data[0].checkoutId)
    expect(count()).toBe(before + 1)
  })

  it("fault 500/503/429/202 without processing", async () => {
    const before = count()
    await control(ctx.sandbox.url, "POST", "/_sandbox/faults", {
      route: "POST /v1/checkout",
      kind: "503",
      count: 1,
    })
    ctx.sandbox.control.injectFault({
      route: "*",
      kind: "429",
      retryAfterSeconds: 2,
    })
    ctx.sandbox.control.injectFault({ route: "POST /v1/checkout", kind: "202" })
    ctx.sandbox.control.injectFault({ route: "POST /v1/checkout", kind: "500" })
    const key = newKey()
    const body = checkoutBody(ctx.tokenId)
    const r1 = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    expect([r1.status, r1.body.code]).toEqual([503, "SERVICE_UNAVAILABLE"])
    const r2 = await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })
    expect([r2.status, r2.body.code, r2.headers["retry-after"]]).toEqual([
      429,
      "RATE_LIMITED",
      "2",
    ])
    expect(
      (await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })).status
    ).toBe(202)
    expect(
      (await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })).status
    ).toBe(500)
    expect(count()).toBe(before)
    expect(
      (await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })).status
    ).toBe(200)
  })

  it("hang: in flight answers 202 to a retry; afterProcessing hang creates once", async () => {
    ctx.sandbox.control.injectFault({
      route: "POST /v1/checkout",
      kind: "hang",
    })
    const key = newKey()
    const body = checkoutBody(ctx.tokenId)
    const text = JSON.stringify(body)
    const ac = new AbortController()
    const hung = request(ctx.sandbox.url + "/v1/checkout", {
      method: "POST",
      headers: {
        ...signHeaders(ctx.sandbox.credentials, "POST", "/v1/checkout", text),
        "idempotency-key": key,
      },
      body: text,
      signal: ac.signal,
    }).catch((e: Error) => e)
    await new Promise((r) => setTimeout(r, 100))
    expect(
      (await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })).status
    ).toBe(202)
    ac.abort()
    expect(String(await hung)).toMatch(/abort/i)
    await new Promise((r) => setTimeout(r, 50))
    expect(
      (await ctx.api.post("/v1/checkout", body, { idempotencyKey: key })).status
    ).toBe(200)

    const before = count()
    faultAfterCreating("hang")
    const key2 = newKey()
    const body2 = checkoutBody(ctx.tokenId)
    const t2 = JSON.stringify(body2)
    const timedOut = await request(ctx.sandbox.url + "/v1/checkout", {
      method: "POST",
      headers: {
        ...signHeaders(ctx.sandbox.credentials, "POST", "/v1/checkout", t2),
        "idempotency-key": key2,
      },
      body: t2,
      headersTimeout: 200,
    }).catch((e: Error) => e)
    expect(timedOut).toBeInstanceOf(Error)
    expect(count()).toBe(before + 1)
    const again = await ctx.api.post("/v1/checkout", body2, {
      idempotencyKey: key2,
    })
    expect(again.status).toBe(200)
    expect(count()).toBe(before + 1)
  })

  it("rate limits: the account ceiling and per-route limits over a rolling 60 s window", async () => {
    const sb = await startSandbox({ rateLimits: { accountPerMinute: 5 } })
    try {
      const api = new TestApi(sb.url, sb.credentials)
      const codes: number[] = []
      for (let i = 0; i < 6; i++)
        codes.push((await api.get("/v1/health")).status)
      expect(codes).toEqual([200, 200, 200, 200, 200, 429])
      const r = await api.get("/v1/health")
      expect(r.body.code).toBe("RATE_LIMITED")
      sb.control.advanceClock(61)
      expect((await api.get("/v1/health")).status).toBe(200)
    } finally {
      await sb.close()
    }
    // a shorter window (tests that wait for it to free room): the same ceiling over 10 s
    const short = await startSandbox({
      rateLimits: { accountPerMinute: 1, windowMs: 10_000 },
    })
    try {
      const api = new TestApi(short.url, short.credentials)
      expect((await api.get("/v1/health")).status).toBe(200)
      const r = await api.get("/v1/health")
      expect(r.status).toBe(429)
      expect(Number(r.headers["retry-after"])).toBeLessThanOrEqual(10)
      short.control.advanceClock(11)
      expect((await api.get("/v1/health")).status).toBe(200)
    } finally {
      await short.close()
    }
    const sb2 = await startSandbox({ rateLimits: { accountPerMinute: 1000 } })
    try {
      const api = new TestApi(sb2.url, sb2.credentials)
      const tokenId = (await api.get("/v1/wallet/networks")).body[0].tokens[0]
        .id
      let last = 0
      for (let i = 0; i < 121; i++)
        last = (
          await api.post("/v1/checkout", checkoutBody(tokenId), {
            idempotencyKey: newKey(),
          })
        ).status
      expect(last).toBe(429)
      expect((await api.get("/v1/health")).status).toBe(200)
    } finally {
      await sb2.close()
    }
  }, 60_000) // 130 requests: seconds on a busy machine, not the 5 s default

  it("webhooks: retries with backoff, logs every attempt, faults drop/duplicate/reorder/delay", async () => {
    let fails = 2
    const hooks = await startReceiver(() => (fails-- > 0 ? 500 : 200))
    ctx.sandbox.control.setWebhooks([hooks.url])
    try {
      const id = (
        await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId), {
          idempotencyKey: newKey(),
        })
      ).body.checkoutId
      ctx.sandbox.control.fail(id)
      await ctx.sandbox.control.flushWebhooks()
      const log = (
        await control(ctx.sandbox.url, "GET", "/_sandbox/webhooks")
      ).body.filter((a: any) => a.payload.data.checkoutId === id)
      expect(log.map((a: any) => [a.attempt, a.statusCode])).toEqual([
        [1, 500],
        [2, 500],
        [3, 200],
      ])
      expect(hooks.events).toHaveLength(1)

      hooks.events.length = 0
      const mk = async () =>
        (
          await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId), {
            idempotencyKey: newKey(),
          })
        ).body.checkoutId
      const [a, b, c, d, e] = [
        await mk(),
        await mk(),
        await mk(),
        await mk(),
        await mk(),
      ]
      ctx.sandbox.control.webhookFaults({ mode: "drop" })
      ctx.sandbox.control.fail(a)
      await control(ctx.sandbox.url, "POST", "/_sandbox/webhooks/faults", {
        mode: "duplicate",
        count: 1,
      })
      ctx.sandbox.control.fail(b)
      ctx.sandbox.control.webhookFaults({ mode: "reorder" })
      ctx.sandbox.control.fail(c)
      ctx.sandbox.control.fail(d)
      ctx.sandbox.control.webhookFaults({ mode: "delay", delayMs: 100 })
      ctx.sandbox.control.fail(e)
      expect(
        (await control(ctx.sandbox.url, "POST", "/_sandbox/webhooks/flush"))
          .status
      ).toBe(200)
      // Several resources are delivered at once (one resource's events in order): compare as sets.
      const seq = hooks.events.map((x) => x.body.data.checkoutId)
      expect([...seq].sort()).toEqual([b, b, c, d, e].sort())
      const twice = hooks.events.filter((x) => x.body.data.checkoutId === b)
      expect(twice[0].body.id).toBe(twice[1].body.id)
      expect(
        ctx.sandbox.control
          .webhookLog()
          .some(
            (x) =>
              x.fault === "drop" && (x.payload.data as any).checkoutId === a
          )
      ).toBe(true)

      // Reorder within one checkout: its first event is held until its next one went out.
      hooks.events.length = 0
      const f = await mk()
      ctx.sandbox.control.webhookFaults({ mode: "reorder" })
      ctx.sandbox.control.pay(f)
      await ctx.sandbox.control.flushWebhooks()
      const statuses = hooks.events.map((x) => x.body.data.status)
      const expected =
        ctx.sandbox.control.getCheckout(f).type === "SVC_ACCOUNT"
          ? ["PROCESSING", "PENDING", "COMPLETED"]
          : ["COMPLETED", "PROCESSING"]
      expect(statuses).toEqual(expected)
    } finally {
      ctx.sandbox.control.setWebhooks([])
      await hooks.close()
    }
  })
})
