// svc's deposit reasons and outcomes read as sentences an admin can act on (the admin
// inputs' checks: src/api/__tests__/inputs.spec.ts).
import {
  depositReasonWords,
  depositSummary,
  DEPOSIT_REASON_WORDS,
} from "../words"
import { adminSvcError } from "../errors"

describe("words", () => {
  it("every payout-area statusReason of the spec has a sentence", () => {
    for (const r of [
      "sender_not_allowed",
      "inactive_destination",
      "missing_destination_bank_details",
      "feature_disabled",
      "account_frozen",
      "account_suspended",
      "account_terminated",
      "withdrawal_amount_out_of_range",
      "daily_fiat_withdrawal_limit_exceeded",
      "monthly_fiat_withdrawal_limit_exceeded",
      "fiat_withdrawal_rejected",
      "fiat_withdrawal_failed",
      "fiat_withdrawal_cancelled",
      "proxy_destination_not_supported",
      "provider_error",
      "inactive_beneficiary",
      "missing_beneficiary_bank_details",
    ])
      expect(DEPOSIT_REASON_WORDS[r]).toMatch(/\.$/)
    expect(depositReasonWords("new_reason")).toBe(
      'svc reason "new_reason" (not in the spec\'s table)'
    )
    expect(depositReasonWords(null)).toBeNull()
  })

  it("a deposit's outcome in one sentence", () => {
    const base = {
      trigger_address: "0xabc",
      withdrawal_status: null,
      status_reason: null,
      result_status: null,
    }
    expect(depositSummary({ ...base, status: "PROCESSING" })).toBe(
      "PROCESSING: confirmed on chain; tokens not yet in the wallet"
    )
    expect(depositSummary({ ...base, status: "COMPLETED" })).toMatch(
      /no withdrawal was started \(redrive to start one\)$/
    )
    expect(
      depositSummary({ ...base, status: "COMPLETED", trigger_address: null })
    ).toMatch(/not sent to a trigger address/)
    expect(
      depositSummary({
        ...base,
        status: "COMPLETED",
        result_status: "FAILED",
        status_reason: "sender_not_allowed",
      })
    ).toMatch(/withdrawal FAILED\. The sender is not an allowed sender/)
  })

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
