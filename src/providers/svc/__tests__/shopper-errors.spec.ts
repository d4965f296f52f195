import { MedusaError } from "@medusajs/framework/utils"

import { SvcConnectionError, svcErrorFromResponse } from "../../../svc"
import { SHOPPER_UNAVAILABLE, toMedusaError, toShopperError } from "../core/errors"

// Issue 13: a shopper never sees setup advice; the admin finds the cause in the log.
const log = () => {
  const lines: string[] = []
  return { lines, logger: { error: (m: string) => lines.push(m) } }
}
const fromSvc = (status: number, code: string) =>
  svcErrorFromResponse({ status, body: { code, message: `${code} from svc`, requestId: "req-1" }, headerRequestId: null, method: "POST", path: "/v1/checkout" } as never)

describe("errors a shopper sees", () => {
  it.each([
    [fromSvc(401, "UNAUTHORIZED"), /apiKey, keyId, privateKey and algorithm/],
    [fromSvc(404, "NOT_FOUND"), /baseUrl/],
    [fromSvc(403, "FEATURE_DISABLED"), /does not allow this for the account/],
    [new SvcConnectionError({ code: "CONNECTION_ERROR", status: 0, message: "svc GET /v1/wallet/networks failed without a response (ECONNREFUSED)" } as never), /ECONNREFUSED.*baseUrl/],
  ])("setup failures read 'unavailable right now'; the cause, naming the option, goes to the log (%#)", (e, cause) => {
    const l = log()
    const err = toShopperError(e, "creating the svc checkout", l.logger)
    expect(err).toBeInstanceOf(MedusaError)
    expect(err.message).toBe(SHOPPER_UNAVAILABLE)
    expect(err.message).not.toMatch(/apiKey|baseUrl|credentials/)
    expect(l.lines).toHaveLength(1)
    expect(l.lines[0]).toMatch(cause)
  })

  it("the same cause is logged at most once a minute", () => {
    const l = log()
    for (let i = 0; i < 5; i++) toShopperError(fromSvc(401, "UNAUTHORIZED"), "reading the checkout", l.logger)
    expect(l.lines).toHaveLength(1)
  })

  it("anything the shopper's input caused keeps its reason", () => {
    const l = log()
    const e = fromSvc(400, "VALIDATION_FAILED")
    expect(toShopperError(e, "creating the svc checkout", l.logger).message).toBe(toMedusaError(e, "creating the svc checkout").message)
    expect(l.lines).toEqual([])
  })

  it("admins (toMedusaError) still get the cause", () => {
    expect(toMedusaError(fromSvc(401, "UNAUTHORIZED"), "reading the svc wallet").message).toMatch(/check apiKey/)
  })
})
