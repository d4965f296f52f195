import { readFileSync } from "node:fs"
import { join } from "node:path"
import { request } from "undici"
import { maskApiKey } from "../index"
import { allRoutes } from "../routes"
import { boot, checkoutBody } from "./helpers/fixtures"
import { control, TestApi } from "./helpers/http"
import { newKey } from "./helpers/signer"

describe("sandbox call stats", () => {
  let ctx: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    ctx = await boot()
  })
  afterAll(() => ctx.sandbox.close())
  beforeEach(() => ctx.sandbox.control.clearFaults())

  const httpStats = async () => {
    const r = await control(ctx.sandbox.url, "GET", "/_sandbox/stats")
    expect(r.status).toBe(200)
    return r.body
  }

  it("route names are the spec's templates", () => {
    const spec = (
      JSON.parse(
        readFileSync(
          join(__dirname, "../../../test-data/svc-api/spec-routes.json"),
          "utf8"
        )
      ) as Array<{ method: string | null; path: string | null }>
    )
      .filter((r) => r.method && r.path)
      .map((r) => `${r.method} ${r.path}`)
    const ours = allRoutes().map((r) => `${r.method} ${r.path}`)
    // every spec route is a route here; the one extra is the assumed beneficiary deletion (a spec gap)
    expect(spec.filter((s) => !ours.includes(s))).toEqual([])
    expect(ours.filter((s) => !spec.includes(s))).toEqual([
      "DELETE /v1/payouts/beneficiaries/{id}",
    ])
  })

  it("counts per route template and per API key over HTTP; DELETE resets", async () => {
    expect(
      (await control(ctx.sandbox.url, "DELETE", "/_sandbox/stats")).body
    ).toEqual({ ok: true })
    expect(await httpStats()).toEqual({
      total: 0,
      byRoute: {},
      byApiKey: {},
      unmatched: 0,
      rateLimited: 0,
    })

    const a = await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId), {
      idempotencyKey: newKey(),
    })
    expect(a.status).toBe(200)
    await ctx.api.get(`/v1/checkout/${a.body.checkoutId}`)
    await ctx.api.get(`/v1/checkout/${a.body.checkoutId}`)
    await ctx.api.get("/v1/checkout/banks") // the fixed segment, not {id}
    // the control API and hosted pages are not API calls
    await control(
      ctx.sandbox.url,
      "GET",
      `/_sandbox/checkouts/${a.body.checkoutId}`
    )
    expect(
      await request(a.body.checkoutUrl).then(
        async (r) => (await r.body.dump(), r.statusCode)
      )
    ).toBe(200)

    const key = maskApiKey(ctx.sandbox.credentials.apiKey)
    const byRoute = {
      "GET /v1/checkout/banks": 1,
      "GET /v1/checkout/{id}": 2,
      "POST /v1/checkout": 1,
    }
    const stats = await httpStats()
    expect(stats).toEqual({
      total: 4,
      byRoute,
      byApiKey: { [key]: { total: 4, byRoute } },
      unmatched: 0,
      rateLimited: 0,
    })
    expect(ctx.sandbox.control.stats()).toEqual(stats)
    expect(key).toMatch(/^svc_pk…[0-9a-f]{4}$/)
    expect(JSON.stringify(stats)).not.toContain(ctx.sandbox.credentials.apiKey)

    expect(
      (await control(ctx.sandbox.url, "DELETE", "/_sandbox/stats")).status
    ).toBe(200)
    expect(ctx.sandbox.control.stats().total).toBe(0)
  })

  it("counts rejected calls too: bad key, no key, 4xx, injected faults, rate limits; not unknown paths", async () => {
    ctx.sandbox.control.resetStats()
    const wrongKey = "svc_pk_sandbox_" + "0".repeat(28) + "beef"
    await new TestApi(ctx.sandbox.url, {
      ...ctx.sandbox.credentials,
      apiKey: wrongKey,
    }).get("/v1/wallet/balance")
    expect(
      (await request(`${ctx.sandbox.url}/v1/wallet/balance`)).statusCode
    ).toBe(401)
    expect((await ctx.api.get("/v1/checkout/nope")).status).toBe(404)
    ctx.sandbox.control.injectFault({
      route: "GET /v1/health",
      kind: "503",
      count: 2,
    })
    expect((await ctx.api.get("/v1/health")).status).toBe(503)
    expect((await ctx.api.get("/v1/health")).status).toBe(503)
    expect((await ctx.api.get("/v1/health")).status).toBe(200)
    expect((await ctx.api.get("/v1/no-such-route")).status).toBe(404)

    const s = ctx.sandbox.control.stats()
    expect(s.byRoute).toEqual({
      "GET /v1/checkout/{id}": 1,
      "GET /v1/health": 3,
      "GET /v1/wallet/balance": 2,
    })
    expect(s.total).toBe(6)
    expect(s.unmatched).toBe(1)
    expect(s.byApiKey["svc_pk…beef"]).toEqual({
      total: 1,
      byRoute: { "GET /v1/wallet/balance": 1 },
    })
    expect(s.byApiKey["(none)"]).toEqual({
      total: 1,
      byRoute: { "GET /v1/wallet/balance": 1 },
    })
    expect(s.byApiKey[maskApiKey(ctx.sandbox.credentials.apiKey)].total).toBe(4)
  })

  it("counts 429s from the account ceiling; reset() clears the counts", async () => {
    const limited = await boot({ rateLimits: { accountPerMinute: 3 } })
    try {
      limited.sandbox.control.reset() // boot() itself made two calls: empty the rate window and the counts
      expect(limited.sandbox.control.stats().total).toBe(0)
      const statuses: number[] = []
      for (let i = 0; i < 5; i++)
        statuses.push((await limited.api.get("/v1/wallet/balance")).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      expect(limited.sandbox.control.stats().byRoute).toEqual({
        "GET /v1/wallet/balance": 5,
      })
    } finally {
      await limited.sandbox.close()
    }
  })
})
