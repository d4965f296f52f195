import { model } from "@medusajs/framework/utils"

/**
 * A refund made as an svc payout (svc has no checkout refund). The
 * Idempotency-Key is persisted before `POST /v1/payouts`, so one Medusa refund is
 * at most one payout whatever crashes in between.
 */
const SvcPayout = model
  .define("svc_payout", {
    id: model.id({ prefix: "svcpo" }).primaryKey(),
    idempotency_key: model.text().unique(),
    refund_id: model.text().nullable(),
    payment_id: model.text().nullable(),
    order_id: model.text().nullable(),
    amount_sen: model.number(),
    beneficiary_id: model.text().nullable(),
    beneficiary_name: model.text().nullable(),
    payout_id: model.text().nullable(),
    status: model.text().default("CREATING"),
    status_history: model.json().default({ entries: [] }),
    failure_reason: model.text().nullable(),
  })
  .indexes([{ on: ["payout_id"] }, { on: ["payment_id"] }])

export default SvcPayout
