import { model } from "@medusajs/framework/utils"

import { attentionColumns, svcStatusColumns } from "./columns"

/**
 * One svc checkout made for one Medusa payment session: the mapping
 * checkoutId -> payment session, with the Idempotency-Key and title that were
 * persisted before `POST /v1/checkout` was sent (spec: Idempotency rules 1, 4),
 * the last status read from svc and every status seen (status_history).
 *
 * A payment session can own several rows: a changed amount makes a new checkout
 * with a new key (a checkout's amount cannot change); `attempt` orders them.
 */
const SvcCheckout = model
  .define("svc_checkout", {
    id: model.id({ prefix: "svcco" }).primaryKey(),
    payment_session_id: model.text(),
    // The session's payment collection, read when the intent is recorded. Medusa
    // deletes a collection's earlier sessions (hard delete) in parallel with
    // creating the new one, so the collection must not be found through the old
    // session row: a retry after a crash adopts the open checkout by this column.
    payment_collection_id: model.text().nullable(),
    provider_id: model.text(),
    attempt: model.number().default(1),
    type: model.text(),
    idempotency_key: model.text().unique(),
    title: model.text(),
    amount_sen: model.number(),
    currency_code: model.text().default("myr"),
    checkout_id: model.text().nullable(),
    checkout_url: model.text().nullable(),
    // CREATING until svc answered; then svc's own status (CREATED, PENDING,
    // PROCESSING, COMPLETED, FAILED, CANCELLED, REJECTED, or a future value).
    ...svcStatusColumns(),
    expires_at: model.dateTime().nullable(),
    paid_at: model.dateTime().nullable(),
    tx_hash: model.text().nullable(),
    failure_reason: model.text().nullable(),
    // Set when money arrived that the store cannot keep as is (paid after the
    // order was canceled, or a cart already paid another way): an admin must act.
    ...attentionColumns(),
    order_id: model.text().nullable(),
    // The final svc status whose outcome is fully applied in Medusa (captured,
    // session failed, order canceled or flagged). An event for a settled
    // checkout costs no svc call and takes no lock.
    settled_status: model.text().nullable(),
    settled_at: model.dateTime().nullable(),
    // A paid cart whose order is not placed yet (its completion found Medusa's cart
    // lock held, say by a killed process): completed again by the job and the
    // watcher (src/workflows/settle-checkout/place-order.ts) at `order_retry_at`, with a back-off
    // per attempt. A cart that cannot be completed keeps `attention` instead.
    order_attempts: model.number().default(0),
    order_retry_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["payment_session_id"] },
    {
      on: ["payment_collection_id"],
      where: "payment_collection_id IS NOT NULL",
    },
    { on: ["checkout_id"], unique: true, where: "checkout_id IS NOT NULL" },
    { on: ["status"] },
    { on: ["order_retry_at"], where: "order_retry_at IS NOT NULL" },
  ])

export default SvcCheckout
