import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { request } from "undici"
import { startSandbox } from "../index"
import { boot, checkoutBody } from "./helpers/fixtures"
import { TestApi } from "./helpers/http"
import { newKey } from "./helpers/signer"

const form = async (url: string, fields: Record<string, string>) => {
  const r = await request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
  await r.body.dump()
  return { status: r.statusCode, location: r.headers.location }
}
const page = async (url: string) => (await request(url)).body.text()

describe("sandbox hosted pages and snapshot", () => {
  let ctx: Awaited<ReturnType<typeof boot>>
  beforeAll(async () => {
    ctx = await boot()
  })
  afterAll(() => ctx.sandbox.close())
  const create = async (over: Record<string, unknown> = {}) =>
    (
      await ctx.api.post("/v1/checkout", checkoutBody(ctx.tokenId, over), {
        idempotencyKey: newKey(),
      })
    ).body
  const status = async (id: string) =>
    (await ctx.api.get(`/v1/checkout/${id}`)).body.status

  it("SVC_ACCOUNT: sign in, pay, 303 to redirectUrl", async () => {
    const c = await create()
    expect(await page(c.checkoutUrl)).toContain('id="signin"')
    expect(
      (await form(c.checkoutUrl, { action: "signin", walletName: "Aisyah" }))
        .status
    ).toBe(303)
    expect(await status(c.checkoutId)).toBe("PENDING")
    const html = await page(c.checkoutUrl)
    expect(html).toContain('id="pay"')
    expect(html).toContain('id="balance"')
    expect(await form(c.checkoutUrl, { action: "pay" })).toEqual({
      status: 303,
      location: "https://shop.example/return?order=1",
    })
    expect(await status(c.checkoutId)).toBe("COMPLETED")
    expect(await page(c.checkoutUrl)).toContain('id="status">COMPLETED')
  })

  it("FPX_HOSTED: bank + name then fail; FPX_DIRECT approve; cancel", async () => {
    const h = await create({
      type: "FPX_HOSTED",
      feeMode: "DEDUCT_FROM_AMOUNT",
    })
    expect(await page(h.checkoutUrl)).toContain('id="bank"')
    expect(
      (
        await form(h.checkoutUrl, {
          action: "fail",
          bank: "MB2U0227",
          buyerName: "Ali",
        })
      ).status
    ).toBe(303)
    expect(await status(h.checkoutId)).toBe("FAILED")
    const d = await create({
      type: "FPX_DIRECT",
      feeMode: "DEDUCT_FROM_AMOUNT",
      buyerName: "Ali",
      bank: "BCBB0235",
      bankType: "01",
    })
    expect(await page(d.checkoutUrl)).toContain("CIMB Clicks")
    expect((await form(d.checkoutUrl, { action: "pay" })).status).toBe(303)
    expect(await status(d.checkoutId)).toBe("COMPLETED")
    const x = await create({
      type: "FPX_HOSTED",
      feeMode: "DEDUCT_FROM_AMOUNT",
    })
    expect((await form(x.checkoutUrl, { action: "cancel" })).location).toBe(
      "https://shop.example/return?order=1"
    )
    expect(await status(x.checkoutId)).toBe("CANCELLED")
  })

  it("a snapshot file keeps state across a restart", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "svc-snap-")), "state.json")
    const a = await startSandbox({ snapshotFile: file, rateLimits: false })
    const api = new TestApi(a.url, a.credentials)
    const tokenId = (await api.get("/v1/wallet/networks")).body[0].tokens[0].id
    const id = (
      await api.post("/v1/checkout", checkoutBody(tokenId), {
        idempotencyKey: newKey(),
      })
    ).body.checkoutId
    await a.close()
    const b = await startSandbox({ snapshotFile: file, rateLimits: false })
    try {
      expect(b.credentials.apiKey).toBe(a.credentials.apiKey)
      expect(
        (await new TestApi(b.url, b.credentials).get(`/v1/checkout/${id}`)).body
          .status
      ).toBe("CREATED")
    } finally {
      await b.close()
    }
  })
})
