// svc's deposit reasons and outcomes read as sentences an admin can act on (the admin
// inputs' checks: inputs.spec.ts).
import { english } from "../../lib/texts"
import {
  depositReasonSaid,
  depositSummarySaid,
} from "../admin/svc/deposits/deposit-view"

const reasonWords = (r: string | null) => {
  const said = depositReasonSaid(r)
  return said && english(said)
}
const depositSummary = (d: Parameters<typeof depositSummarySaid>[0]) =>
  english(depositSummarySaid(d))

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
      expect(reasonWords(r)).toMatch(/\.$/)
    expect(reasonWords("new_reason")).toBe(
      'svc reason "new_reason" (not in the spec\'s table)'
    )
    expect(reasonWords(null)).toBeNull()
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
})
