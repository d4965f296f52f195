import { ControlError } from "../errors"
import {
  accountStatusBody,
  depositBody,
  faultBody,
  feesBody,
  parseBody,
  webhookConfigBody,
} from "../control/control-bodies"

describe("control API bodies over HTTP", () => {
  it("hands a well-formed body on as it came, unknown keys included", () => {
    expect(
      parseBody(faultBody, {
        route: "POST /v1/checkout",
        kind: "503",
        count: 1,
        extra: true,
      })
    ).toEqual({
      route: "POST /v1/checkout",
      kind: "503",
      count: 1,
      extra: true,
    })
    expect(parseBody(webhookConfigBody, ["http://a"])).toEqual(["http://a"])
    expect(parseBody(feesBody, { payoutFeeSen: 100 })).toEqual({
      payoutFeeSen: 100,
    })
    expect(parseBody(accountStatusBody, "FROZEN")).toBe("FROZEN")
  })

  it("refuses a body with the control's own 400 and message", () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn()
      } catch (e) {
        return e instanceof ControlError ? [e.status, e.code, e.message] : e
      }
      return "accepted"
    }
    expect(
      refusal(() =>
        parseBody(faultBody, { route: "POST /v1/checkout", kind: "404" })
      )
    ).toEqual([400, "INVALID", "kind must be one of 500, 503, 429, 202, hang"])
    expect(refusal(() => parseBody(faultBody, { kind: "500" }))).toEqual([
      400,
      "INVALID",
      "route is required",
    ])
    expect(refusal(() => parseBody(accountStatusBody, undefined))).toEqual([
      400,
      "INVALID",
      "status must be one of ACTIVE, FROZEN, SUSPENDED, TERMINATED, PENDING_VERIFICATION, NOT_ACTIVE, RESTRICTED",
    ])
    expect(
      refusal(() =>
        parseBody(depositBody, { area: "NOPE", amountSen: 1, from: "x" })
      )
    ).toEqual([400, "INVALID", "area must be WALLET or PAYOUT"])
    expect(
      refusal(() => parseBody(depositBody, { area: "WALLET", from: "x" }))
    ).toEqual([400, "INVALID", "amountSen must be a positive integer"])
  })
})
