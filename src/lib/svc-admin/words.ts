/**
 * What svc's codes and reasons mean, in words an admin can act on. The
 * deposit reasons are the spec's payout-area table (spec: Resources, Deposit);
 * the wallet-area values are not shown, svc's example has the same shape, so
 * the same words are used for both (spec gap).
 */
export const DEPOSIT_REASON_WORDS: Record<string, string> = {
  sender_not_allowed: "The sender is not an allowed sender of this trigger address: add it (or enable it), then redrive the deposit.",
  inactive_destination: "The beneficiary or bank account was removed or is inactive: nothing was paid out; the tokens stay in the svc wallet.",
  inactive_beneficiary: "The beneficiary was removed or is inactive (older name of inactive_destination).",
  missing_destination_bank_details: "The beneficiary has no bank account details: register it with a bank account, then redrive.",
  missing_beneficiary_bank_details: "The beneficiary has no bank account details (older name of missing_destination_bank_details).",
  feature_disabled: "Automatic withdrawal on deposit is not enabled for the svc account: ask svc to enable it, then redrive.",
  account_frozen: "The svc account is frozen: contact svc; redrive once it is active again.",
  account_suspended: "The svc account is suspended: contact svc; redrive once it is active again.",
  account_terminated: "The svc account is terminated: contact svc.",
  withdrawal_amount_out_of_range: "The amount is below the minimum or above the maximum withdrawal for the account (RM10 to RM1,000,000).",
  daily_fiat_withdrawal_limit_exceeded: "The daily withdrawal limit is reached: redrive tomorrow.",
  monthly_fiat_withdrawal_limit_exceeded: "The monthly withdrawal limit is reached: redrive next month.",
  fiat_withdrawal_rejected: "The bank rejected the transfer: check the bank account, then redrive.",
  fiat_withdrawal_failed: "The bank transfer failed: redrive to try again.",
  fiat_withdrawal_cancelled: "The bank transfer was cancelled: redrive to try again.",
  proxy_destination_not_supported: "The beneficiary is a DuitNow proxy: a deposit can only be paid to a bank account beneficiary.",
  provider_error: "The payment network failed: redrive to try again.",
}

/** A deposit's `result.statusReason` in words; unknown values are shown as they are. */
export function depositReasonWords(reason: string | null | undefined): string | null {
  if (!reason) return null
  return DEPOSIT_REASON_WORDS[reason] ?? `svc reason "${reason}" (not in the spec's table)`
}

/** A deposit's status in words (spec: Deposit status). */
export const DEPOSIT_STATUS_WORDS: Record<string, string> = {
  PENDING: "seen on chain, not yet confirmed",
  PROCESSING: "confirmed on chain; tokens not yet in the wallet",
  COMPLETED: "tokens credited to the svc wallet",
  FAILED: "tokens were not credited",
}

/** The deposit's outcome in one sentence: status, then what the transfer it started did. */
export function depositSummary(d: {
  status: string
  result_status: string | null
  status_reason: string | null
  withdrawal_status: string | null
  trigger_address: string | null
}): string {
  const s = `${d.status}: ${DEPOSIT_STATUS_WORDS[d.status] ?? "status not in the spec"}`
  if (d.status !== "COMPLETED") return s
  if (!d.trigger_address) return `${s}; not sent to a trigger address, so no withdrawal is started`
  if (!d.result_status) return `${s}; no withdrawal was started (redrive to start one)`
  const reason = depositReasonWords(d.status_reason)
  return `${s}; withdrawal ${d.result_status}${d.withdrawal_status && d.withdrawal_status !== d.result_status ? ` (bank transfer ${d.withdrawal_status})` : ""}${reason ? `. ${reason}` : ""}`
}

export const ALLOWED_SENDERS_LIMIT = 50
