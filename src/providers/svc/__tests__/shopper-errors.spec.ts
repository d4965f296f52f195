import { MedusaError } from "@medusajs/framework/utils"
import { getHttpResponseFromError } from "@medusajs/framework/http"

import { SvcConnectionError, svcErrorFromResponse } from "../../../client"
import { en as kitEn } from "../../../../packages/storefront/src/i18n/en"
import {
  SHOPPER_UNAVAILABLE,
  SVC_UNAVAILABLE_CODE,
  SVC_TRY_AGAIN_CODE,
  SvcTryAgainError,
  toMedusaError,
  toShopperError,
} from "../../../lib/svc-runtime/errors"
import { svcErrorHandler } from "../../../api/svc-error-handler"
import { SvcRateLimitError } from "../../../client"

// A shopper never sees setup advice; the admin finds the cause in the log.
const log = () => {
  const lines: string[] = []
  return { lines, logger: { error: (m: string) => lines.push(m) } }
}
const fromSvc = (status: number, code: string) =>
  svcErrorFromResponse({
    status,
    body: { code, message: `${code} from svc`, requestId: "req-1" },
    headerRequestId: null,
    method: "POST",
    path: "/v1/checkout",
  } as never)

describe("errors a shopper sees", () => {
  it.each([
    [fromSvc(401, "UNAUTHORIZED"), /apiKey, keyId, privateKey and algorithm/],
    [fromSvc(404, "NOT_FOUND"), /baseUrl/],
    [fromSvc(403, "FEATURE_DISABLED"), /does not allow this for the account/],
    [
      fromSvc(403, "ACCOUNT_SUSPENDED"),
      /does not allow this for the account.*ACCOUNT_SUSPENDED.*req-1/,
    ],
    [fromSvc(403, "ACCOUNT_FROZEN"), /ACCOUNT_FROZEN/],
    [fromSvc(422, "CONFLICT"), /CONFLICT/],
    [fromSvc(500, "INTERNAL_ERROR"), /INTERNAL_ERROR/],
    [
      new SvcConnectionError({
        code: "CONNECTION_ERROR",
        status: 0,
        message:
          "svc GET /v1/wallet/networks failed without a response (ECONNREFUSED)",
      } as never),
      /ECONNREFUSED.*baseUrl/,
    ],
  ])(
    "setup failures read 'unavailable right now'; the cause, naming the option, goes to the log (%#)",
    (e, cause) => {
      const l = log()
      const err = toShopperError(e, "creating the svc checkout", l.logger)
      expect(err).toBeInstanceOf(MedusaError)
      expect(err.message).toBe(SHOPPER_UNAVAILABLE)
      expect(err.code).toBe(SVC_UNAVAILABLE_CODE)
      // the kit's English sentence is the store's, so it knows it and says it in the shopper's language
      expect(kitEn.unavailable).toBe(SHOPPER_UNAVAILABLE)
      expect(err.message).not.toMatch(/apiKey|baseUrl|credentials/)
      expect(l.lines).toHaveLength(1)
      expect(l.lines[0]).toMatch(cause)
    }
  )

  it("the same cause is logged at most once a minute", () => {
    const l = log()
    for (let i = 0; i < 5; i++)
      toShopperError(
        fromSvc(401, "UNAUTHORIZED"),
        "reading the checkout",
        l.logger
      )
    expect(l.lines).toHaveLength(1)
  })

  it("anything the shopper's input caused keeps its reason", () => {
    const l = log()
    const e = fromSvc(400, "VALIDATION_FAILED")
    expect(
      toShopperError(e, "creating the svc checkout", l.logger).message
    ).toBe(toMedusaError(e, "creating the svc checkout").message)
    expect(l.lines).toEqual([])
  })

  it("admins (toMedusaError) still get the cause", () => {
    expect(
      toMedusaError(fromSvc(401, "UNAUTHORIZED"), "reading the svc wallet")
        .message
    ).toMatch(/check apiKey/)
  })
})

describe("a spent rate budget is 'try again', not 500", () => {
  const budget = () =>
    new SvcRateLimitError({
      code: "RATE_BUDGET",
      status: 0,
      message:
        "svc POST /v1/checkout: the account's rate budget for POST /v1/checkout is used up for now; nothing was sent",
      method: "POST",
      path: "/v1/checkout",
    } as never)

  it("the shopper hears 'try again in a moment, nothing was charged', marked with its code; the plugin's middleware makes it 503", () => {
    const l = log()
    const err = toShopperError(budget(), "creating the svc checkout", l.logger)
    expect(err).toBeInstanceOf(SvcTryAgainError)
    expect(err).toBeInstanceOf(MedusaError)
    expect(err.message).toMatch(
      /try again in a moment \(nothing was sent, nothing charged\)$/
    )
    expect(l.lines).toEqual([])
    // Medusa's workflows keep an error's own properties (a plain object after one): still 503
    for (const thrown of [err, { ...err, message: err.message }]) {
      const sent = answer(
        thrown,
        "/store/payment-collections/pay_1/payment-sessions"
      )
      expect(sent).toEqual({
        status: 503,
        headers: { "Retry-After": "5" },
        body: {
          code: SVC_TRY_AGAIN_CODE,
          type: "unexpected_state",
          message: err.message,
          message_code: "error.tooManyRequests",
          message_params: { doing: "creating the svc checkout" },
        },
      })
    }
  })

  it("other 500s go to Medusa's own handler, unchanged", () => {
    const other = new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "x y z")
    expect(answer(other, "/store/carts")).toEqual({
      status: 500,
      headers: {},
      body: getHttpResponseFromError(other).body,
    })
  })
})

/** What the plugin's error handler answers for `err` on `path`. */
function answer(err: unknown, path: string) {
  const sent: {
    status?: number
    headers: Record<string, string>
    body?: unknown
  } = { headers: {} }
  const logger = { info() {}, warn() {}, error() {} }
  const req = { path, method: "POST", scope: { resolve: () => logger } }
  const res = {
    statusCode: 200,
    status(n: number) {
      this.statusCode = n
      return this
    },
    setHeader(k: string, v: string) {
      sent.headers[k] = v
    },
    json(b: unknown) {
      sent.status = this.statusCode
      sent.body = b
      return this
    },
  }
  svcErrorHandler(err, req as never, res as never, () => undefined)
  return sent
}
