import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/**
 * The plugin's own events on Medusa's event bus (docs/events.md), for a store's
 * subscribers: `export const config = { event: SvcEvents.REFUND_PAYOUT_SETTLED }`.
 * Each is emitted once per transition, by the caller whose conditional write made it
 * (a retry, a replayed webhook, the watcher racing the job, a second server: nothing more).
 */
export const SvcEvents = {
  /** A payment failed (or was cancelled, rejected, expired) after its order was placed: the order was canceled or flagged. */
  PAYMENT_FAILED_AFTER_ORDER: "svc.payment.failed_after_order",
  /** A paid cart cannot become an order: a person refunds the buyer or places the order by hand. */
  PAID_CART_NEEDS_ATTENTION: "svc.paid_cart.needs_attention",
  /** A paid cart that needed a person became an order after all. */
  PAID_CART_RESOLVED: "svc.paid_cart.resolved",
  /** svc accepted a refund's payout (it has a payout id). */
  REFUND_PAYOUT_SENT: "svc.refund_payout.sent",
  /** The refund's payout reached the buyer's bank. */
  REFUND_PAYOUT_SETTLED: "svc.refund_payout.settled",
  /** The bank reversed the payout: the buyer was not paid. */
  REFUND_PAYOUT_REVERSED: "svc.refund_payout.reversed",
  /** The bank returned the payout after settling it: the buyer was not paid. */
  REFUND_PAYOUT_RETURNED: "svc.refund_payout.returned",
  /** A settlement (svc wallet to the store's bank account) arrived. */
  WITHDRAWAL_COMPLETED: "svc.withdrawal.completed",
  /** A settlement failed, was rejected or cancelled: the amount is back in the svc wallet. */
  WITHDRAWAL_FAILED: "svc.withdrawal.failed",
  /** A new svc payment link for an order's balance (not a link given again). */
  PAYMENT_LINK_CREATED: "svc.payment_link.created",
} as const

export type SvcEventName = (typeof SvcEvents)[keyof typeof SvcEvents]

/** `svc.payment.failed_after_order` */
export type PaymentFailedAfterOrderData = {
  order_id: string
  checkout_id: string
  payment_session_id: string
  /** svc's final status: FAILED, CANCELLED, REJECTED, or EXPIRED (the link expired unpaid) */
  status: string
  /** what the plugin did with the order (option failedPaymentOrder): "canceled" or "flagged" */
  order_action: "canceled" | "flagged"
}

/** `svc.paid_cart.needs_attention` */
export type PaidCartNeedsAttentionData = {
  checkout_id: string
  cart_id: string
  payment_session_id: string
}

/** `svc.paid_cart.resolved` */
export type PaidCartResolvedData = PaidCartNeedsAttentionData & {
  /** the order the cart became; null when a flag from an earlier version went back to the plugin's own retries */
  order_id: string | null
}

/** `svc.refund_payout.sent|settled|reversed|returned` */
export type RefundPayoutData = {
  /** the payout request (svc_payout row) */
  id: string
  /** svc's payout id */
  payout_id: string
  /** Medusa's refund, payment and order */
  refund_id: string | null
  payment_id: string | null
  order_id: string | null
}

/** `svc.withdrawal.completed|failed` */
export type WithdrawalEventData = {
  /** the withdrawal (svc_withdrawal row) */
  id: string
  /** svc's withdrawal id */
  withdrawal_id: string
  /** svc's status: COMPLETED, or FAILED, REJECTED, CANCELLED */
  status: string
}

/** `svc.payment_link.created` */
export type PaymentLinkCreatedData = {
  order_id: string
  payment_collection_id: string
  payment_session_id: string
  checkout_id: string
}

export type SvcEventData = {
  "svc.payment.failed_after_order": PaymentFailedAfterOrderData
  "svc.paid_cart.needs_attention": PaidCartNeedsAttentionData
  "svc.paid_cart.resolved": PaidCartResolvedData
  "svc.refund_payout.sent": RefundPayoutData
  "svc.refund_payout.settled": RefundPayoutData
  "svc.refund_payout.reversed": RefundPayoutData
  "svc.refund_payout.returned": RefundPayoutData
  "svc.withdrawal.completed": WithdrawalEventData
  "svc.withdrawal.failed": WithdrawalEventData
  "svc.payment_link.created": PaymentLinkCreatedData
}

type EventBus = { emit: (e: { name: string; data: object }) => Promise<void> }
/** A container (Medusa's, a scope's): what resolves the event bus and the logger. */
type Resolver = { resolve: (key: string) => unknown }

/**
 * Emit one of the plugin's events, right after the write that made its transition
 * (never held for the end of the workflow: a later step failing must not lose it, as a
 * retry finds the transition made and emits nothing). An event bus that fails is
 * logged, not thrown: the transition is recorded and stays visible to admins.
 */
export async function emitSvcEvent<N extends SvcEventName>(
  container: Resolver,
  name: N,
  data: SvcEventData[N]
): Promise<void> {
  try {
    await (container.resolve(Modules.EVENT_BUS) as EventBus).emit({
      name,
      data,
    })
  } catch (e) {
    try {
      ;(
        container.resolve(ContainerRegistrationKeys.LOGGER) as {
          warn: (m: string) => void
        }
      ).warn(`svc: emitting ${name}: ${(e as Error)?.message ?? e}`)
    } catch {
      // no logger: nothing more to do
    }
  }
}
