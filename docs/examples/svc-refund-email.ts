// An example subscriber to the plugin's events (docs/events.md): when a refund's payout has
// reached the buyer's bank, the buyer gets an email through Medusa's Notification Module.
//
// Copy this file into your store's src/subscribers/ and configure a notification provider for
// the "email" channel (SendGrid, Resend, ...; the demo uses Medusa's local provider, which
// writes the email to the log). Write the "svc-refund-settled" template at your provider.
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SvcEvents, type RefundPayoutData } from "medusa-payment-svc/workflows"

export default async function svcRefundSettledEmail({ event, container }: SubscriberArgs<RefundPayoutData>) {
  const { id, order_id, refund_id } = event.data
  if (!order_id) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [order],
  } = await query.graph({ entity: "order", fields: ["id", "display_id", "email", "currency_code"], filters: { id: order_id } })
  if (!order?.email) return
  const refunds = refund_id ? (await query.graph({ entity: "refund", fields: ["id", "amount"], filters: { id: refund_id } })).data : []

  await container.resolve(Modules.NOTIFICATION).createNotifications({
    to: order.email,
    channel: "email",
    template: "svc-refund-settled",
    data: { order_id, display_id: order.display_id, amount: refunds[0]?.amount ?? null, currency_code: order.currency_code },
    // an event bus that delivers an event again (Redis, after a failure) sends no second email
    idempotency_key: `svc-refund-settled:${id}`,
  })
}

export const config: SubscriberConfig = { event: SvcEvents.REFUND_PAYOUT_SETTLED }
