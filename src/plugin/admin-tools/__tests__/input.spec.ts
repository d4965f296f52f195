// The admin inputs are refused by field, with the rule, before any svc call; svc's
// deposit reasons and outcomes read as sentences an admin can act on.
import { MedusaError } from "@medusajs/framework/utils"
import { parseInput } from "../../core/admin-input"
import { allowedSenderAdd, beneficiaryRegister, checkMissed, tokenTransferRequest } from "../input"
import { depositReasonWords, depositSummary, DEPOSIT_REASON_WORDS } from "../words"
import { adminSvcError } from "../errors"

const refusal = (schema: Parameters<typeof parseInput>[0], value: unknown) => {
  try {
    parseInput(schema, value)
  } catch (e) {
    expect(e).toBeInstanceOf(MedusaError)
    return (e as Error).message
  }
  throw new Error("accepted")
}

describe("admin inputs", () => {
  it("allowed sender: EVM address and a 1-120 label", () => {
    expect(refusal(allowedSenderAdd, { address: "0x12" })).toMatch(/^address: must be an EVM address/)
    expect(refusal(allowedSenderAdd, { address: `0x${"a".repeat(40)}`, label: "" })).toMatch(/^label: must be 1-120 characters/)
    expect(refusal(allowedSenderAdd, { address: `0x${"a".repeat(40)}`, extra: 1 })).toMatch(/extra|Unrecognized/)
    expect(parseInput(allowedSenderAdd, { address: ` 0x${"A".repeat(40)} `, label: "exchange" })).toEqual({ address: `0x${"A".repeat(40)}`, label: "exchange" })
  })

  it("beneficiary: exactly one destination, each part named", () => {
    expect(refusal(beneficiaryRegister, { name: "A", bank_code: "MBBEMYKL" })).toBe("account_number: is required with bank_code")
    expect(refusal(beneficiaryRegister, { name: "A", account_number: "5140123401" })).toBe("bank_code: is required with account_number")
    expect(refusal(beneficiaryRegister, { name: "A", proxy_value: "0123456789" })).toBe("proxy_type: is required with proxy_value")
    expect(refusal(beneficiaryRegister, { name: "A", proxy_type: "MOBILE" })).toBe("proxy_value: is required with proxy_type")
    expect(refusal(beneficiaryRegister, { name: "", bank_code: "X", account_number: "123456" })).toMatch(/^name: must be 1-100 characters/)
    expect(parseInput(beneficiaryRegister, { name: "Ali", proxy_type: "NRIC", proxy_value: "900101145555", name_check: "loose" })).toMatchObject({ proxy_type: "NRIC" })
  })

  it("check-missed: EVM hashes only, Solana named", () => {
    expect(refusal(checkMissed, { area: "payout", tx_hash: "0x12", chain_id: 11155111 })).toMatch(/^tx_hash: .*check-missed is EVM only/)
    expect(refusal(checkMissed, { area: "payout", tx_hash: `0x${"1".repeat(64)}`, chain_id: 101 })).toMatch(/^chain_id: 101 is Solana/)
    expect(parseInput(checkMissed, { area: "wallet", tx_hash: `0x${"1".repeat(64)}`, chain_id: "421614" })).toMatchObject({ chain_id: 421614 })
  })

  it("token transfer: request id, reference at most 32", () => {
    const ok = { request_id: "3b241101-e2bb-4255-8caf-4136c566a962", network_id: "n", token_id: "3b241101-e2bb-4255-8caf-4136c566a962", address_to: "0x1", amount: "10.00" }
    expect(refusal(tokenTransferRequest, { ...ok, request_id: "x" })).toMatch(/^request_id: must be a UUID/)
    expect(refusal(tokenTransferRequest, { ...ok, reference: "r".repeat(33) })).toBe("reference: must be at most 32 characters")
    expect(parseInput(tokenTransferRequest, { ...ok, reference: "r".repeat(32) }).reference).toHaveLength(32)
  })
})

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
    expect(depositReasonWords("new_reason")).toBe('svc reason "new_reason" (not in the spec\'s table)')
    expect(depositReasonWords(null)).toBeNull()
  })

  it("a deposit's outcome in one sentence", () => {
    const base = { trigger_address: "0xabc", withdrawal_status: null, status_reason: null, result_status: null }
    expect(depositSummary({ ...base, status: "PROCESSING" })).toBe("PROCESSING: confirmed on chain; tokens not yet in the wallet")
    expect(depositSummary({ ...base, status: "COMPLETED" })).toMatch(/no withdrawal was started \(redrive to start one\)$/)
    expect(depositSummary({ ...base, status: "COMPLETED", trigger_address: null })).toMatch(/not sent to a trigger address/)
    expect(depositSummary({ ...base, status: "COMPLETED", result_status: "FAILED", status_reason: "sender_not_allowed" })).toMatch(/withdrawal FAILED\. The sender is not an allowed sender/)
  })

  it("svc's answers in the admin's words, code and requestId kept", () => {
    const e = adminSvcError({ status: 403, code: "LIMIT_EXCEEDED", message: "x", requestId: "req-1" }, "adding an allowed sender")
    expect(e.message).toMatch(/^allowed senders: this trigger address already has 50 allowed senders.*\(svc 403 LIMIT_EXCEEDED, requestId req-1\)$/)
    expect(adminSvcError({ status: 403, code: "ACCOUNT_FROZEN" }, "sending the token transfer").message).toMatch(/^The svc account is frozen/)
    expect(adminSvcError({ status: 400, code: "BENEFICIARY_NAME_MISMATCH" }, "registering the beneficiary").message).toMatch(/^name: does not match/)
  })
})
