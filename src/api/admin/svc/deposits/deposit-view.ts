/**
 * What svc's codes and reasons mean, in words an admin can act on. The
 * deposit reasons are the spec's payout-area table (spec: Resources, Deposit);
 * the wallet-area values are not shown, svc's example has the same shape, so
 * the same words are used for both (spec gap). The sentences are the
 * catalogue's (src/lib/texts), so the admin shows them in its language.
 */
import { say, spoken, type Said } from "../../../../lib/texts"

/** Each reason's sentence in the catalogue (src/lib/texts). */
const DEPOSIT_REASONS: Record<string, Said> = {
  sender_not_allowed: say("deposit.senderNotAllowed"),
  inactive_destination: say("deposit.inactiveDestination"),
  inactive_beneficiary: say("deposit.inactiveBeneficiary"),
  missing_destination_bank_details: say(
    "deposit.missingDestinationBankDetails"
  ),
  missing_beneficiary_bank_details: say(
    "deposit.missingBeneficiaryBankDetails"
  ),
  feature_disabled: say("deposit.featureDisabled"),
  account_frozen: say("deposit.accountFrozen"),
  account_suspended: say("deposit.accountSuspended"),
  account_terminated: say("deposit.accountTerminated"),
  withdrawal_amount_out_of_range: say("deposit.amountOutOfRange"),
  daily_fiat_withdrawal_limit_exceeded: say("deposit.dailyLimit"),
  monthly_fiat_withdrawal_limit_exceeded: say("deposit.monthlyLimit"),
  fiat_withdrawal_rejected: say("deposit.withdrawalRejected"),
  fiat_withdrawal_failed: say("deposit.withdrawalFailed"),
  fiat_withdrawal_cancelled: say("deposit.withdrawalCancelled"),
  proxy_destination_not_supported: say("deposit.proxyNotSupported"),
  provider_error: say("deposit.providerError"),
}
/** A deposit's `result.statusReason` as a sentence; an unknown value is quoted as it is. */
export function depositReasonSaid(
  reason: string | null | undefined
): Said | null {
  if (!reason) return null
  return DEPOSIT_REASONS[reason] ?? say("deposit.reasonUnknown", { reason })
}

/** A deposit's status in words (spec: Deposit status). */
const DEPOSIT_STATUSES: Record<string, Said> = {
  PENDING: say("deposit.pending"),
  PROCESSING: say("deposit.processing"),
  COMPLETED: say("deposit.completed"),
  FAILED: say("deposit.failed"),
}
type DepositFacts = {
  status: string
  result_status: string | null
  status_reason: string | null
  withdrawal_status: string | null
  trigger_address: string | null
}

/** The deposit's outcome in one sentence: status, then what the transfer it started did. */
export function depositSummarySaid(d: DepositFacts): Said {
  const status = say("deposit.status", {
    status: d.status,
    words: DEPOSIT_STATUSES[d.status] ?? say("deposit.statusUnknown"),
  })
  if (d.status !== "COMPLETED") return status
  if (!d.trigger_address) return say("deposit.noTrigger", { status })
  if (!d.result_status) return say("deposit.noWithdrawal", { status })
  const reason = depositReasonSaid(d.status_reason)
  const bank =
    d.withdrawal_status && d.withdrawal_status !== d.result_status
      ? d.withdrawal_status
      : null
  if (bank) {
    return reason
      ? say("deposit.withdrawalBankWhy", {
          status,
          result: d.result_status,
          bank,
          reason,
        })
      : say("deposit.withdrawalBank", { status, result: d.result_status, bank })
  }
  return reason
    ? say("deposit.withdrawalWhy", { status, result: d.result_status, reason })
    : say("deposit.withdrawal", { status, result: d.result_status })
}

/** The admin's area of a deposit (`?area=wallet|payout`) as svc names it. */
export const AREA = { wallet: "WALLET", payout: "PAYOUT" } as const

/** A stored deposit for the admin: the summary and the reason in words, each with its code and values (src/lib/texts). */
export const depositView = <
  R extends DepositFacts & { withdrawal_id: string | null },
>(
  r: R
) => ({
  ...r,
  ...spoken("summary", depositSummarySaid(r)),
  ...spoken("status_reason_words", depositReasonSaid(r.status_reason)),
  // a redrive is for a deposit that started no transfer (svc returns an existing one unchanged)
  can_redrive:
    r.status === "COMPLETED" && Boolean(r.trigger_address) && !r.withdrawal_id,
})
