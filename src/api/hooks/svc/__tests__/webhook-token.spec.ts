import {
  generateWebhookToken,
  hourKey,
  WebhookRequestTally,
} from "../webhook-token"
import { tokenCheck as said } from "../../../admin/svc/health/doctor"
import { english } from "../../../../lib/texts"

describe("the store's webhook token", () => {
  it("is 32 random bytes, base64url: 43 characters the provider option's rule accepts too", () => {
    const a = generateWebhookToken()
    const b = generateWebhookToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, "base64url")).toHaveLength(32)
    expect(a).not.toBe(b)
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
})
