/** A refund payout's row not final: asked, being sent, sent without an answer, or initiated at svc (settles, or comes back). */
export const UNSETTLED_PAYOUT = new Set([
  "REQUESTED",
  "SENDING",
  "UNCERTAIN",
  "INITIATED",
])

/** svc's final statuses of a withdrawal to the merchant's bank. */
export const FINAL_WITHDRAWAL_STATUS = [
  "COMPLETED",
  "FAILED",
  "REJECTED",
  "CANCELLED",
] as const

/** svc's final statuses of a checkout: svc never moves a checkout out of them. */
export const FINAL_CHECKOUT_STATUS: readonly string[] = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REJECTED",
]
