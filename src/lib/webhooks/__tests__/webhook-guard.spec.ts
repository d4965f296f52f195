import { generateKeyPairSync } from "node:crypto"
import { generateEntityId } from "@medusajs/framework/utils"
import {
  BackgroundReadBudget,
  BackgroundReadDeferred,
  capEventId,
  capText,
  isKnownWebhookEventType,
  ulidTime,
  unknownTypeLabel,
  configuredWebhookToken,
  webhookUrlToRegister,
} from "../webhook-guard"
import { refusalFor, tokenVerdict } from "../webhook-token"

describe("webhook guard", () => {
  it("known event types only", () => {
    expect(isKnownWebhookEventType("checkout.updated")).toBe(true)
    expect(isKnownWebhookEventType("payout.prefund_completed")).toBe(true)
    expect(isKnownWebhookEventType("checkout.completed")).toBe(false)
    expect(isKnownWebhookEventType(undefined)).toBe(false)
  })

  it("caps what an untrusted body puts in a row", () => {
    expect(capText("x".repeat(500), 40)).toHaveLength(40)
    expect(capText(42, 40)).toBeNull()
    expect(capEventId("evt_1")).toBe("evt_1")
    const long = capEventId("e".repeat(100_000))!
    expect(long).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(capEventId("e".repeat(100_000))).toBe(long) // the same id stays the same key
    expect(unknownTypeLabel("forged.<img src=x>")).toBe("forged.?img?src?x?")
    expect(unknownTypeLabel("t".repeat(300))).toHaveLength(40)
    expect(unknownTypeLabel(null)).toBe("(none)")
  })

  it("ulidTime gives the time prefix Medusa's ids sort by", () => {
    const before = ulidTime(Date.now())
    const id = generateEntityId(undefined, "svcwh")
    const after = ulidTime(Date.now())
    const time = id.slice("svcwh_".length, "svcwh_".length + 10)
    expect(time >= before && time <= after).toBe(true)
    expect(`svcwh_${ulidTime(Date.now() - 86_400_000)}` < id).toBe(true)
  })

  it("background reads: at most their share of the budget a minute, none while the account is busy", () => {
    const b = new BackgroundReadBudget(0.1, 0.5, 30)
    expect(b.cap(100)).toBe(10)
    expect(b.cap(1000)).toBe(30)
    expect(b.cap(5)).toBe(1)
    const t = 1_000_000
    for (let i = 0; i < 10; i++) b.take({ used: 0, limit: 100 }, t + i)
    expect(() => b.take({ used: 0, limit: 100 }, t + 20)).toThrow(
      BackgroundReadDeferred
    )
    expect(() => b.take({ used: 0, limit: 100 }, t + 20)).toThrow(
      /10 svc reads a minute/
    )
    b.take({ used: 0, limit: 100 }, t + 60_001) // the first one left the window
    const busy = new BackgroundReadBudget(0.1, 0.5, 30)
    expect(() => busy.take({ used: 50, limit: 100 }, t)).toThrow(
      /shoppers and settlements go first/
    )
    busy.take({ used: 49, limit: 100 }, t)
  })

  it("the webhook token: refused without it or with a wrong one, in words that never show it", () => {
    const token = "a".repeat(20) + "SECRETtoken123"
    const privateKey = generateKeyPairSync("ed25519")
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString()
    const options = {
      baseUrl: "http://127.0.0.1:4010",
      apiKey: "svc_pk_secret_value_123",
      keyId: "key-1",
      privateKey,
      redirectUrl: "https://shop.example/return?cart_id={cart_id}",
    }
    // the host's medusa-config.ts as Medusa hands it over (configModule)
    const config = (o: Record<string, unknown>) => ({
      resolve: () => ({
        modules: {
          payment: {
            resolve: "@medusajs/medusa/payment",
            options: {
              providers: [
                { resolve: "./src/providers/svc", id: "svc", options: o },
              ],
            },
          },
        },
      }),
    })
    expect(configuredWebhookToken(config(options) as never)).toBeNull() // no option: the store's generated token (webhook-token.spec)
    const withToken = config({ ...options, webhookToken: token }) as never
    expect(configuredWebhookToken(withToken)).toBe(token)
    // the option's token is always required
    const webhookTokenRefusal = (c: never, given: unknown) =>
      refusalFor(tokenVerdict(configuredWebhookToken(c)!, given), true)
    const r = webhookTokenRefusal(withToken, undefined)
    expect(r).toMatch(/needs its token/)
    expect(webhookTokenRefusal(withToken, "wrong")).toMatch(/wrong token/)
    expect(webhookTokenRefusal(withToken, token.slice(0, -1))).toMatch(
      /wrong token/
    )
    expect(webhookTokenRefusal(withToken, token)).toBeNull()
    expect(webhookTokenRefusal(withToken, [token])).toBeNull()
    expect(`${r}${webhookTokenRefusal(withToken, "wrong")}`).not.toContain(
      token
    )
    expect(webhookUrlToRegister("https://shop.example/", null)).toBe(
      "https://shop.example/hooks/svc"
    )
    expect(webhookUrlToRegister("https://shop.example", "abc")).toBe(
      "https://shop.example/hooks/svc?token=abc"
    )
  })
})
