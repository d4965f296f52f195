/**
 * The plugin's money moves as Medusa workflows, for a store to run
 * (`settleCheckoutWorkflow(container).run({ input })`) or to extend through their hooks
 * (`settleCheckoutWorkflow.hooks.checkoutSettled(handler)` in the store's
 * src/workflows/hooks/). Imported as `medusa-payment-svc/workflows`.
 */
export {
  settleCheckoutWorkflow,
  completePaidCartWorkflow,
  settleCheckoutEvent,
  settleCheckout,
  type SettleCheckoutInput,
  type SettleCheckoutResult,
  type SettleOutcome,
  type SettleSource,
} from "./settle-checkout"
export * from "./withdraw"
export * from "./transfer-tokens"
export * from "./balance-payment-link"
export * from "./refund-to-bank"
export * from "./track-payout"
export { sweepRefundPayouts } from "./track-payout/sweep-payouts"
// The plugin's own events on Medusa's event bus (docs/events.md): names and payload types for a store's subscribers.
export {
  SvcEvents,
  type SvcEventName,
  type SvcEventData,
  type PaymentFailedAfterOrderData,
  type PaidCartNeedsAttentionData,
  type PaidCartResolvedData,
  type RefundPayoutData,
  type WithdrawalEventData,
  type PaymentLinkCreatedData,
} from "../lib/events/svc-events"
// Lasting payment links of an order's balance (docs/payment-links.md)
export {
  issueLastingLink,
  latestLastingLink,
  openLastingLink,
  sendLastingLink,
  PAYMENT_LINK_TEMPLATE,
  type LastingLink,
  type Opened,
} from "./balance-payment-link/lasting-link"
