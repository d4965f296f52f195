import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { english, say } from "../texts"

/** Checkout statuses of the spec; svc may add more (tolerated as "still open"). */
export const FINAL_UNPAID = new Set([
  "FAILED",
  "CANCELLED",
  "REJECTED",
  "EXPIRED",
])
export const OPEN = new Set(["CREATED", "PENDING", "PROCESSING"])

/**
 * svc checkout status -> Medusa payment session status.
 * COMPLETED is `captured`: on-chain settlement is final and svc has no separate
 * capture, and Medusa records the capture itself when authorize says captured.
 * An open checkout is `pending_authorization`: the order can be placed awaiting
 * payment (FPX must work when the shopper closes the tab) and the webhook or the
 * reconciliation job confirms it later.
 */
export function toSessionStatus(
  svcStatus: string,
  expired: boolean
): PaymentSessionStatus {
  if (svcStatus === "COMPLETED") return PaymentSessionStatus.CAPTURED
  if (FINAL_UNPAID.has(svcStatus) || expired) return PaymentSessionStatus.ERROR
  return PaymentSessionStatus.PENDING_AUTHORIZATION
}

/** A sentence a shopper or merchant can act on. */
export function failureReason(
  svcStatus: string,
  expired: boolean
): string | null {
  switch (svcStatus) {
    case "FAILED":
      return english(say(expired ? "payment.linkExpired" : "payment.failed"))
    case "CANCELLED":
      return english(say("payment.cancelled"))
    case "REJECTED":
      return english(say("payment.rejected"))
    default:
      return expired ? english(say("payment.linkExpired")) : null
  }
}
