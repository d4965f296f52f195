import { boot, checkoutBody } from "./helpers/fixtures"
import { control, startReceiver } from "./helpers/http"
import { newKey } from "./helpers/signer"

describe("sandbox checkout", () => {
  let ctx: Awaited<ReturnType<typeof boot>>
  let hooks: Awaited<ReturnType<typeof startReceiver>>
  beforeAll(async () => {
    hooks = await startReceiver()
    ctx = await boot({ webhooks: { WALLET: [hooks.url] } })
  })
  afterAll(async () => {
    await ctx.sandbox.close()
    await hooks.close()
  })
  const create = (over: Record<string, unknown> = {}, key = newKey()) =>
    ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId, over), {
      idempotencyKey: key,
    })
  const eventsFor = (id: string) =>
    hooks.events.filter((e) => e.body.data.checkoutId === id)

  it("creates, reads and pays an SVC_ACCOUNT checkout with one event per transition", async () => {
    const r = await create()
    expect(r.status).toBe(200)
    const { checkoutId, checkoutUrl, expiresAt } = r.body
    expect(checkoutUrl).toBe(`${ctx.sandbox.url}/checkout/${checkoutId}`)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(19 * 60 * 1000)
    const got = await ctx.api.get(`/v1/checkout/${checkoutId}`)
    expect(got.body).toMatchObject({
      checkoutId,
      type: "SVC_ACCOUNT",
      status: "CREATED",
      amount: "5000",
      fee: "0",
      netAmount: "5000",
      txHash: null,
      paidAt: null,
      description: null,
    })
    expect(got.body.token).toMatchObject({ id: ctx.tokenId, symbol: "MYRC" })
    expect(got.body).not.toHaveProperty("buyerName")

    const paid = ctx.sandbox.control.pay(checkoutId)
    expect(paid.status).toBe("COMPLETED")
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(paid.paidAt).not.toBeNull()
    await ctx.sandbox.control.flushWebhooks()
    const evs = eventsFor(checkoutId)
    expect(evs.map((e) => e.body.data.status)).toEqual([
      "PENDING",
      "PROCESSING",
      "COMPLETED",
    ])
    const e = evs[2]
    expect(e.headers["content-type"]).toBe("application/json")
    expect(e.headers["svc-event-id"]).toBe(e.body.id)
    expect(e.headers["svc-event-type"]).toBe("checkout.updated")
    expect(e.body).toMatchObject({
      type: "checkout.updated",
      data: { checkoutId, status: "COMPLETED" },
    })
    expect(Date.parse(e.body.createdAt)).not.toBeNaN()
  })

  it("stopAt, complete, and the HTTP control routes", async () => {
    const { checkoutId } = (await create()).body
    const r = await control(
      ctx.sandbox.url,
      "POST",
      `/_sandbox/checkouts/${checkoutId}/pay`,
      { stopAt: "PROCESSING" }
    )
    expect(r.body.status).toBe("PROCESSING")
    expect(
      (
        await control(
          ctx.sandbox.url,
          "POST",
          `/_sandbox/checkouts/${checkoutId}/complete`
        )
      ).body.status
    ).toBe("COMPLETED")
    expect(
      (
        await control(
          ctx.sandbox.url,
          "POST",
          `/_sandbox/checkouts/${checkoutId}/cancel`
        )
      ).status
    ).toBe(409)
    const f = (await create()).body.checkoutId
    expect(
      (
        await control(
          ctx.sandbox.url,
          "POST",
          `/_sandbox/checkouts/${f}/fail`,
          { reason: "x" }
        )
      ).body.status
    ).toBe("FAILED")
    expect(
      (await control(ctx.sandbox.url, "GET", `/_sandbox/checkouts/${f}`)).body
        .status
    ).toBe("FAILED")
  })

  it("cancel and reject emit no event", async () => {
    const a = (await create()).body.checkoutId
    const b = (await create()).body.checkoutId
    ctx.sandbox.control.pay(a, { stopAt: "PENDING" })
    ctx.sandbox.control.cancel(a)
    ctx.sandbox.control.reject(b)
    await ctx.sandbox.control.flushWebhooks()
    expect(eventsFor(a).map((e) => e.body.data.status)).toEqual(["PENDING"])
    expect(eventsFor(b)).toEqual([])
    expect((await ctx.api.get(`/v1/checkout/${b}`)).body.status).toBe(
      "REJECTED"
    )
  })

  it("expires unpaid checkouts to FAILED after 20 minutes of sandbox clock, with an event", async () => {
    const { checkoutId } = (await create()).body
    ctx.sandbox.control.advanceClock(19 * 60)
    expect((await ctx.api.get(`/v1/checkout/${checkoutId}`)).body.status).toBe(
      "CREATED"
    )
    await control(ctx.sandbox.url, "POST", "/_sandbox/clock/advance", {
      seconds: 61,
    })
    expect((await ctx.api.get(`/v1/checkout/${checkoutId}`)).body.status).toBe(
      "FAILED"
    )
    await ctx.sandbox.control.flushWebhooks()
    expect(eventsFor(checkoutId).map((e) => e.body.data.status)).toEqual([
      "FAILED",
    ])
  })

  it("validates bodies with field: text messages", async () => {
    const noType = checkoutBody(ctx.tokenId) as Record<string, unknown>
    delete noType.type
    const r1 = await ctx.api.post("/v1/checkout", noType, {
      idempotencyKey: newKey(),
    })
    expect(r1.status).toBe(400)
    expect(r1.body.code).toBe("VALIDATION_FAILED")
    expect(r1.body.message).toMatch(/^type: /)
    const r2 = await create({ feeMode: "DEDUCT_FROM_AMOUNT" })
    expect(r2.body.message).toMatch(/feeMode: /)
    const r3 = await create({ amount: 999, title: "" })
    expect(r3.body.message).toMatch(/amount: .*; title: /)
    const r4 = await create({
      type: "FPX_HOSTED",
      feeMode: "DEDUCT_FROM_AMOUNT",
      bank: "MB2U0227",
    })
    expect(r4.body.message).toMatch(/bank: not accepted/)
    const r5 = await create({
      type: "FPX_DIRECT",
      feeMode: "DEDUCT_FROM_AMOUNT",
      buyerName: "A",
      bank: "HSBC0223",
      bankType: "RETAIL",
    })
    expect(r5.body.message).toMatch(/bank: /)
    const r6 = await create({ addressTo: "not-an-address" })
    expect(r6.body.message).toMatch(/addressTo: /)
    const r7 = await create({ tokenId: "00000000-0000-4000-8000-000000000000" })
    expect(r7.body).toMatchObject({ code: "INVALID_REQUEST" })
    const r8 = await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId))
    expect(r8.body.code).toBe("INVALID_REQUEST")
    const r9 = await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId), {
      idempotencyKey: "abc",
    })
    expect(r9.body.code).toBe("INVALID_REQUEST")
    const inactive = ctx.sandbox.control
      .state()
      .networks.flatMap((n) => n.tokens)
      .find((t) => !t.active)!
    expect((await create({ tokenId: inactive.id })).body.code).toBe(
      "INVALID_REQUEST"
    )
  })

  it("fees: DEDUCT_FROM_AMOUNT nets the fee; CHARGE_TO_PREFUND reserves it; INSUFFICIENT_BALANCE; amount cannot cover fee", async () => {
    const fpx = { type: "FPX_HOSTED", feeMode: "DEDUCT_FROM_AMOUNT" }
    const a = await create(fpx)
    expect(a.body.checkoutUrl).toMatch(
      new RegExp(`^${ctx.sandbox.url}/fpx/${a.body.checkoutId}\\?`)
    )
    expect(
      (await ctx.api.get(`/v1/checkout/${a.body.checkoutId}`)).body
    ).toMatchObject({ fee: "100", netAmount: "4900" })
    expect((await create({ ...fpx, amount: 1050 })).body.code).toBe(
      "INVALID_REQUEST"
    )
    ctx.sandbox.control.setCheckoutPrefundBalance(150)
    const b = await create({ type: "FPX_HOSTED", feeMode: "CHARGE_TO_PREFUND" })
    expect(
      (await ctx.api.get(`/v1/checkout/${b.body.checkoutId}`)).body
    ).toMatchObject({ fee: "100", netAmount: "5000" })
    const c = await create({ type: "FPX_HOSTED", feeMode: "CHARGE_TO_PREFUND" })
    expect(c.body.code).toBe("INSUFFICIENT_BALANCE")
    ctx.sandbox.control.fail(b.body.checkoutId) // the reservation comes back
    expect(ctx.sandbox.control.state().checkoutPrefundSen).toBe(150)
  })

  it("FPX_DIRECT needs the direct checkout feature; account statuses gate creation", async () => {
    const direct = {
      type: "FPX_DIRECT",
      feeMode: "DEDUCT_FROM_AMOUNT",
      buyerName: " Ali ",
      bank: "MB2U0227",
      bankType: "RETAIL",
    }
    expect((await create(direct)).status).toBe(200)
    ctx.sandbox.control.setFeature("directCheckout", false)
    expect((await create(direct)).body.code).toBe("FEATURE_DISABLED")
    expect((await ctx.api.get("/v1/checkout/banks")).body.code).toBe(
      "FEATURE_DISABLED"
    )
    ctx.sandbox.control.setFeature("directCheckout", true)
    for (const [status, code] of [
      ["FROZEN", "ACCOUNT_FROZEN"],
      ["SUSPENDED", "ACCOUNT_SUSPENDED"],
      ["PENDING_VERIFICATION", "ACCOUNT_PENDING_VERIFICATION"],
      ["NOT_ACTIVE", "ACCOUNT_NOT_ACTIVE"],
      ["RESTRICTED", "FORBIDDEN"],
    ] as const) {
      ctx.sandbox.control.setAccountStatus(status)
      const r = await create()
      expect([r.status, r.body.code]).toEqual([403, code])
      expect((await ctx.api.get("/v1/checkout")).status).toBe(200)
    }
    ctx.sandbox.control.setAccountStatus("TERMINATED")
    expect((await ctx.api.get("/v1/checkout")).body.code).toBe(
      "ACCOUNT_TERMINATED"
    )
    ctx.sandbox.control.setAccountStatus("ACTIVE")
  })

  it("lists newest first with cursor paging and filters", async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await create()).body.checkoutId)
    ctx.sandbox.control.pay(ids[1])
    const p1 = await ctx.api.get("/v1/checkout?limit=2")
    expect(p1.body.data.map((c: any) => c.checkoutId)).toEqual([ids[4], ids[3]])
    expect(p1.body).toMatchObject({ hasMore: true, nextCursor: ids[3] })
    const p2 = await ctx.api.get(`/v1/checkout?limit=2&cursor=${ids[3]}`)
    expect(p2.body.data.map((c: any) => c.checkoutId)).toEqual([ids[2], ids[1]])
    const done = await ctx.api.get("/v1/checkout?status=COMPLETED&limit=100")
    expect(done.body.data.every((c: any) => c.status === "COMPLETED")).toBe(
      true
    )
    expect(done.body.data.map((c: any) => c.checkoutId)).toContain(ids[1])
    const future = await ctx.api.get(
      `/v1/checkout?startDt=${new Date(Date.now() + 7 * 86400e3).toISOString()}`
    )
    expect(future.body).toEqual({ data: [], hasMore: false, nextCursor: null })
    for (const q of [
      "limit=0",
      "limit=101",
      "status=NOPE",
      "startDt=yesterday",
    ]) {
      const r = await ctx.api.get(`/v1/checkout?${q}`)
      expect([r.status, r.body.code]).toEqual([400, "VALIDATION_FAILED"])
    }
    let all = 0
    let cursor: string | null = null
    do {
      const page: any = (
        await ctx.api.get(
          `/v1/checkout?limit=3${cursor ? `&cursor=${cursor}` : ""}`
        )
      ).body
      all += page.data.length
      cursor = page.hasMore ? page.nextCursor : null
    } while (cursor)
    expect(all).toBe(Object.keys(ctx.sandbox.control.state().checkouts).length)
  })

  it("banks: retail and corporate, some inactive, logos served by the sandbox", async () => {
    const { banks } = (await ctx.api.get("/v1/checkout/banks")).body
    expect(banks.some((b: any) => b.type === "01")).toBe(true)
    expect(banks.some((b: any) => b.type === "02")).toBe(true)
    expect(banks.some((b: any) => !b.active)).toBe(true)
    const logo = await control(
      ctx.sandbox.url,
      "GET",
      new URL(banks[0].logoUrl).pathname
    )
    expect(logo.status).toBe(200)
    expect(logo.headers["content-type"]).toBe("image/svg+xml")
    expect(
      banks[0].logoUrl.startsWith(ctx.sandbox.url + "/_sandbox/bank-logos/")
    ).toBe(true)
    ctx.sandbox.control.setBankListAvailable(false)
    expect((await ctx.api.get("/v1/checkout/banks")).body.code).toBe(
      "INVALID_REQUEST"
    )
    ctx.sandbox.control.setBankListAvailable(true)
  })

  it("404 for unknown checkout ids", async () => {
    const r = await ctx.api.get(
      "/v1/checkout/00000000-0000-4000-8000-000000000000"
    )
    expect([r.status, r.body.code]).toEqual([404, "NOT_FOUND"])
  })
})
