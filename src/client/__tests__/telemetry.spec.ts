/**
 * OpenTelemetry on the client, against the running svc sandbox over real HTTP: with a tracer
 * and a meter provider registered (in-memory, as a store's instrumentation.ts registers its
 * own), each call is one span `svc <METHOD> <route>` with its route template, status, svc's
 * code and attempts, and the requests, call durations and refusals are counted; no attribute
 * holds the API key, a signature, a body, an Idempotency-Key or an id from the path.
 */
import { randomUUID } from "node:crypto"
import {
  metricPoints as points,
  registerInMemoryOtel,
  type InMemoryOtel,
} from "./helpers/otel"
import { startSandbox } from "../../sandbox"
import { sandboxClient } from "./helpers/fixtures"
import { SvcError } from "../errors"
import { observeSvcLine, SVC_METRICS } from "../telemetry"
import { CheckoutLine, MemoryLine } from "../../lib/svc-runtime/checkout-line"

describe("OpenTelemetry on the svc client", () => {
  let otel: InMemoryOtel
  beforeAll(() => {
    otel = registerInMemoryOtel()
  })
  afterAll(() => otel.stop())

  it("a span per call with the route's template, status, svc's code and attempts; requests, durations and refusals counted; no secret, body or id in any attribute", async () => {
    const sb = await startSandbox({ algorithm: "ed25519" })
    const c = sandboxClient(sb, { maxRetries: 1, accountRateLimit: 10 })
    const key = randomUUID()
    const title = `otel-${randomUUID()}`
    try {
      const evm = (await c.wallet.address()).evmAddress
      const tokenId = (await c.wallet.networks())[0]!.tokens[0]!.id
      const made = await c.checkout.create(
        {
          type: "FPX_HOSTED",
          addressTo: evm,
          amount: 5000,
          tokenId,
          redirectUrl: "https://shop.example/r",
          title,
          feeMode: "DEDUCT_FROM_AMOUNT",
        },
        { idempotencyKey: key }
      )
      await c.checkout.retrieve(made.checkoutId)
      const missing = randomUUID()
      const notFound = await c.checkout
        .retrieve(missing)
        .catch((e: unknown) => e)
      expect(notFound).toBeInstanceOf(SvcError)
      // a 503 then a 200: one call, two requests
      sb.control.injectFault({
        route: "GET /v1/wallet/balance",
        kind: "503",
        count: 1,
      })
      await c.wallet.balance()
      // new checkouts until only the settlements' reserve of the minute's 10 is left: the next is refused before anything is sent
      const body = {
        type: "FPX_HOSTED" as const,
        addressTo: evm,
        amount: 5000,
        tokenId,
        redirectUrl: "https://shop.example/r",
        title,
        feeMode: "DEDUCT_FROM_AMOUNT" as const,
      }
      let refused: unknown
      for (let i = 0; i < 5 && !refused; i++)
        refused = await c.checkout.create(body).then(
          () => undefined,
          (e: unknown) => e
        )
      expect((refused as SvcError).code).toBe("RATE_BUDGET")

      const finished = otel.spans.getFinishedSpans()
      const byName = (n: string) => finished.filter((s) => s.name === n)
      const creates = byName("svc POST /v1/checkout")
      const create = creates[0]!
      expect(create.attributes).toMatchObject({
        "http.request.method": "POST",
        "url.template": "/v1/checkout",
        "http.response.status_code": 200,
        "server.address": "127.0.0.1",
      })
      const reads = byName("svc GET /v1/checkout/{id}")
      expect(reads).toHaveLength(2)
      expect(reads[1]!.attributes).toMatchObject({
        "http.response.status_code": 404,
        "svc.error.code": "NOT_FOUND",
        "error.type": "NOT_FOUND",
      })
      expect(reads[1]!.status).toMatchObject({ code: 2, message: "NOT_FOUND" })
      expect(byName("svc GET /v1/wallet/balance")[0]!.attributes).toMatchObject(
        { "http.response.status_code": 200, "http.request.resend_count": 1 }
      )
      expect(creates.at(-1)!.attributes).toMatchObject({
        "svc.error.code": "RATE_BUDGET",
      })
      expect(
        creates.at(-1)!.attributes["http.response.status_code"]
      ).toBeUndefined()

      // nothing secret or identifying in any span's name, attributes or events
      const said = JSON.stringify(
        finished.map((s) => ({
          name: s.name,
          attributes: s.attributes,
          events: s.events,
          status: s.status,
        }))
      )
      for (const secret of [
        sb.credentials.apiKey,
        key,
        title,
        made.checkoutId,
        missing,
        evm,
        "signature",
        "BEGIN PRIVATE KEY",
      ])
        expect(said).not.toContain(secret)

      const { resourceMetrics, errors } = await otel.reader.collect()
      expect(errors).toEqual([])
      const requests = points(resourceMetrics, SVC_METRICS.requests)
      const sent = (route: string, status: number) =>
        requests
          .filter(
            (p) =>
              p.attributes["url.template"] === route &&
              p.attributes["http.response.status_code"] === status
          )
          .reduce((n, p) => n + p.value, 0)
      expect(sent("/v1/checkout", 200)).toBe(creates.length - 1)
      expect(sent("/v1/checkout/{id}", 200)).toBe(1)
      expect(sent("/v1/checkout/{id}", 404)).toBe(1)
      expect(sent("/v1/wallet/balance", 503)).toBe(1)
      expect(sent("/v1/wallet/balance", 200)).toBe(1)
      const calls = points(resourceMetrics, SVC_METRICS.callDuration)
      expect(calls.reduce((n, p) => n + p.value, 0)).toBe(finished.length)
      expect(points(resourceMetrics, SVC_METRICS.refusals)).toEqual([
        {
          attributes: {
            "svc.refusal.reason": "account_budget",
            "url.template": "/v1/checkout",
          },
          value: 1,
        },
      ])
      expect(JSON.stringify(resourceMetrics.scopeMetrics)).not.toContain(
        sb.credentials.apiKey
      )
    } finally {
      await c.close()
      await sb.close()
    }
  })

  it("the checkout line's length and the wait a shopper starting now is told, as gauges", async () => {
    // room for one checkout now, 60 a minute: a cart past the first waits a second a place
    const line = new CheckoutLine(
      new MemoryLine(),
      async () => ({ now: 1, perMinute: 60 }),
      1
    )
    observeSvcLine(() => line.state())
    for (const cart of ["a", "b", "c"]) await line.visit(cart)
    const { resourceMetrics } = await otel.reader.collect()
    expect(points(resourceMetrics, SVC_METRICS.lineLength)).toEqual([
      { attributes: {}, value: 3 },
    ])
    expect(points(resourceMetrics, SVC_METRICS.lineWait)).toEqual([
      { attributes: {}, value: 3 },
    ])
  })
})
