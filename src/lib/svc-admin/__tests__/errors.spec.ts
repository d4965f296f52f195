// svc's answers in the admin's words, code and requestId kept (the deposit words:
// src/api/__tests__/deposit-words.spec.ts).
import { adminSvcError } from "../errors"

describe("adminSvcError", () => {
  it("svc's answers in the admin's words, code and requestId kept", () => {
    const e = adminSvcError(
      { status: 403, code: "LIMIT_EXCEEDED", message: "x", requestId: "req-1" },
      "adding an allowed sender"
    )
    expect(e.message).toMatch(
      /^allowed senders: this trigger address already has 50 allowed senders.*\(svc 403 LIMIT_EXCEEDED, requestId req-1\)$/
    )
    expect(
      adminSvcError(
        { status: 403, code: "ACCOUNT_FROZEN" },
        "sending the token transfer"
      ).message
    ).toMatch(/^The svc account is frozen/)
    expect(
      adminSvcError(
        { status: 400, code: "BENEFICIARY_NAME_MISMATCH" },
        "registering the beneficiary"
      ).message
    ).toMatch(/^name: does not match/)
  })
})
