import { model } from "@medusajs/framework/utils"

/**
 * The inbox of svc's events other than checkouts, refund payouts and
 * settlements: `wallet.deposit.updated`, `payout.deposit.updated`,
 * `payout.withdrawal.updated`, `payout.prefund_completed` (src/api/hooks/svc/inbox.ts).
 *
 * Beside svc_webhook_event rather than in it: that table is the checkout hot
 * path's per-delivery log (one row per arrival, written before the lock, read
 * by nothing), while the inbox needs one row per svc event (`event_id` unique:
 * a duplicate delivery is counted, not processed twice), a retry count and a
 * re-process by an admin. Widening the hot-path table with a unique key would
 * have changed how checkout deliveries are logged.
 *
 * The body is never trusted: `status_hint` is what the event said, kept for
 * the record; processing re-reads the resource from svc.
 */
const SvcInboxEvent = model
  .define("svc_inbox_event", {
    id: model.id({ prefix: "svcin" }).primaryKey(),
    event_id: model.text().unique(),
    event_type: model.text(),
    resource_id: model.text().nullable(),
    status_hint: model.text().nullable(),
    outcome: model.text().default("received"),
    detail: model.text().nullable(),
    deliveries: model.number().default(1),
    attempts: model.number().default(0),
    last_attempt_at: model.dateTime().nullable(),
    processed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["resource_id"] }, { on: ["outcome"] }])

export default SvcInboxEvent
