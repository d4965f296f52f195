import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  generateWebhookToken,
  hourKey,
  readJsonBody,
  redactToken,
  refusalFor,
  REFUSE_WITHOUT,
  REFUSE_WRONG,
  tokenVerdict,
  WebhookRequestTally,
  BodyError,
} from "../webhook-token"
import { tokenCheck as said } from "../../../api/admin/svc/health/doctor"
import { english } from "../../texts"

describe("the store's webhook token", () => {
  it("is 32 random bytes, base64url: 43 characters the provider option's rule accepts too", () => {
    const a = generateWebhookToken()
    const b = generateWebhookToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, "base64url")).toHaveLength(32)
    expect(a).not.toBe(b)
  })

  it("tells a request with the token from one without it or with another one", () => {
    const t = generateWebhookToken()
    expect(tokenVerdict(t, t)).toBe("with")
    expect(tokenVerdict(t, [t, "x"])).toBe("with") // ?token=a&token=b: the first
    expect(tokenVerdict(t, undefined)).toBe("without")
    expect(tokenVerdict(t, "")).toBe("without")
    expect(tokenVerdict(t, { token: t })).toBe("without") // ?token[x]=…
    expect(tokenVerdict(t, t.slice(0, -1))).toBe("wrong")
    expect(tokenVerdict(t, t + "x")).toBe("wrong")
    expect(tokenVerdict(t, "x".repeat(100_000))).toBe("wrong") // digests: any length compares in the same time
  })

  it("refuses only when required; the refusal never carries the token", () => {
    expect(refusalFor("without", false)).toBeNull() // not required yet: the old URL keeps working
    expect(refusalFor("wrong", false)).toBeNull() // e.g. an old option's token still registered with svc
    expect(refusalFor("with", true)).toBeNull()
    expect(refusalFor("without", true)).toBe(REFUSE_WITHOUT)
    expect(refusalFor("wrong", true)).toBe(REFUSE_WRONG)
    expect(`${REFUSE_WITHOUT}${REFUSE_WRONG}`).not.toMatch(/[A-Za-z0-9_-]{43}/)
  })

  it("redacts the token from a URL before Medusa's request log writes it", () => {
    const t = generateWebhookToken()
    expect(redactToken(`/hooks/svc?token=${t}`)).toBe(
      "/hooks/svc?token=[redacted]"
    )
    expect(
      redactToken(`/hooks/payment/svc-wallet_svc?a=1&TOKEN=${t}&b=2`)
    ).toBe("/hooks/payment/svc-wallet_svc?a=1&TOKEN=[redacted]&b=2")
    expect(redactToken("/hooks/svc")).toBe("/hooks/svc")
  })

  it("counts requests per UTC hour in memory; nothing is written without a database", async () => {
    const tally = new WebhookRequestTally(0) // no timer: flushed by hand
    const at = Date.UTC(2026, 10, 24, 17, 59, 59)
    expect(hourKey(at)).toBe("webhook_requests:2026-11-24T17")
    tally.record("with", null, at)
    tally.record("without", null, at)
    tally.record("without", null, at)
    tally.record("wrong", null, at + 1000) // the next hour
    expect(Object.fromEntries(tally.pendingCounts())).toEqual({
      "webhook_requests:2026-11-24T17": { with: 1, without: 2, wrong: 0 },
      "webhook_requests:2026-11-24T18": { with: 0, without: 0, wrong: 1 },
    })
    await tally.flush(null) // no connection: the counts stay pending
    expect(tally.pendingCounts().size).toBe(2)
  })

  it("the doctor's advice follows the counts", () => {
    const URL = "https://shop.example/hooks/svc?token=t"
    const tokenCheck = (t: Parameters<typeof said>[0]) => {
      const c = said(t, URL)
      return {
        level: c.level,
        detail: english(c.detail),
        advice: c.advice && english(c.advice),
      }
    }
    const r = (w: number, wo: number, wr = 0) => ({
      hours: 24,
      with: w,
      without: wo,
      wrong: wr,
    })
    const gen = { source: "generated" as const, required_at: null }
    expect(
      tokenCheck({ ...gen, required: false, requests: r(0, 5) })
    ).toMatchObject({
      level: "ok",
      advice: expect.stringMatching(
        /^Register https:\/\/shop\.example\/hooks\/svc\?token=t with svc/
      ),
    })
    expect(
      tokenCheck({ ...gen, required: false, requests: r(3, 0) })
    ).toMatchObject({
      level: "ok",
      advice: expect.stringMatching(/Require the token/),
    })
    expect(
      tokenCheck({ ...gen, required: true, requests: r(3, 0) })
    ).toMatchObject({ level: "ok", advice: null })
    expect(
      tokenCheck({ ...gen, required: true, requests: r(3, 2) })
    ).toMatchObject({
      level: "warn",
      detail: expect.stringMatching(/2 without.*refused/),
    })
    expect(
      tokenCheck({ ...gen, required: true, requests: r(0, 2) })
    ).toMatchObject({
      level: "fail",
      advice: expect.stringMatching(/stop requiring/),
    })
    expect(
      tokenCheck({
        source: "option",
        required: true,
        required_at: null,
        requests: r(0, 1, 1),
      }).advice
    ).not.toMatch(/stop requiring/)
    expect(
      tokenCheck({
        source: null,
        required: false,
        required_at: null,
        requests: null,
      }).level
    ).toBe("warn")
  })

  describe("the webhook body, read after the token check", () => {
    let server: Server
    let url: string
    beforeAll(async () => {
      server = createServer((req, res) => {
        readJsonBody(req, 1024).then(
          (body) => res.end(JSON.stringify({ status: 200, body })),
          (e: BodyError) =>
            res.end(JSON.stringify({ status: e.status, message: e.message }))
        )
      })
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    })
    afterAll(() => new Promise<void>((r) => server.close(() => r())))
    const post = async (
      body: string,
      contentType = "application/json",
      headers: Record<string, string> = {}
    ) =>
      (
        await fetch(url, {
          method: "POST",
          headers: { "content-type": contentType, ...headers },
          body,
        })
      ).json()

    it("JSON only, bounded, parsed", async () => {
      expect(await post(`{"type":"checkout.updated"}`)).toEqual({
        status: 200,
        body: { type: "checkout.updated" },
      })
      expect(
        await post(`{"a":1}`, "application/json; charset=utf-8")
      ).toMatchObject({ status: 200 })
      expect(
        await post(`type=checkout.updated`, "application/x-www-form-urlencoded")
      ).toMatchObject({ status: 415 })
      expect(await post(`{"a":`)).toMatchObject({ status: 400 })
      expect(await post(JSON.stringify({ a: "x".repeat(2000) }))).toMatchObject(
        { status: 413 }
      )
      expect(
        await post(`{"a":1}`, "application/json", {
          "content-encoding": "gzip",
        })
      ).toMatchObject({ status: 415 })
    })
  })
})
