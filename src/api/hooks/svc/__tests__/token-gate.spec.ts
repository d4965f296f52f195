import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { generateKeyPairSync } from "node:crypto"
import express from "express"
import { generateWebhookToken } from "../webhook-token"
import { configuredWebhookToken, webhookUrlToRegister } from "../webhook-guard"
import {
  redactToken,
  refusalFor,
  REFUSE_WITHOUT,
  REFUSE_WRONG,
  tokenVerdict,
  WEBHOOK_BODY_LIMIT,
  webhookBody,
} from "../token-gate"

describe("the webhook token gate", () => {
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

  describe("the webhook body, read after the token check", () => {
    let server: Server
    let url: string
    beforeAll(async () => {
      const app = express()
      app.post("/", webhookBody as express.RequestHandler, (req, res) => {
        res.json({ body: req.body })
      })
      server = createServer(app)
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    })
    afterAll(() => {
      server.closeAllConnections()
      return new Promise<void>((r) => server.close(() => r()))
    })
    const post = async (
      body: string,
      contentType = "application/json",
      headers: Record<string, string> = {}
    ) => {
      const r = await fetch(url, {
        method: "POST",
        headers: { "content-type": contentType, ...headers },
        body,
      })
      return { status: r.status, ...(await r.json()) }
    }

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
      expect(await post("")).toMatchObject({ status: 400 })
      expect(
        await post(JSON.stringify({ a: "x".repeat(WEBHOOK_BODY_LIMIT) }))
      ).toMatchObject({ status: 413 })
      expect(
        await post(`{"a":1}`, "application/json", {
          "content-encoding": "gzip",
        })
      ).toMatchObject({ status: 415 })
    })
  })
})
