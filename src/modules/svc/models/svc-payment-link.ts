import { model } from "@medusajs/framework/utils"

/**
 * A lasting payment link for an order's balance ("Request payment" on the order
 * page; docs/payment-links.md). The link the buyer holds is the store's, not
 * svc's: `/svc/pay/<order_id>/<token>`, a signed token naming this row, the
 * order and the expiry (src/workflows/balance-payment-link). Opened, it sends the buyer to
 * an svc checkout for the order's balance as it is then, if it still equals
 * `amount_sen` (the amount the admin asked for; never more). The token is not
 * kept: it is made again from this row with the store's secret.
 */
const SvcPaymentLink = model
  .define("svc_payment_link", {
    id: model.id({ prefix: "svcpl" }).primaryKey(),
    order_id: model.text(),
    payment_collection_id: model.text().nullable(),
    provider_id: model.text(),
    /** The balance the link asks for, in sen, when it was made. */
    amount_sen: model.number(),
    expires_at: model.dateTime(),
    /** Sent to the buyer through Medusa's Notification Module: when, to whom, by which admin. */
    sent_at: model.dateTime().nullable(),
    sent_to: model.text().nullable(),
    requested_by: model.text().nullable(),
    /** First and last opening by the buyer, and how many. */
    opened_at: model.dateTime().nullable(),
    last_opened_at: model.dateTime().nullable(),
    open_count: model.number().default(0),
    /** The svc checkout the last opening sent the buyer to. */
    last_checkout_id: model.text().nullable(),
    /** Set when an admin revoked the link (its page says so; "Request payment" then makes a new one). */
    revoked_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["order_id"] }])

export default SvcPaymentLink
