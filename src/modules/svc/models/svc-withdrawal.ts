import { model } from "@medusajs/framework/utils"

/** A settlement: the wallet balance sent to a linked bank account (fiat withdrawal). */
const SvcWithdrawal = model
  .define("svc_withdrawal", {
    id: model.id({ prefix: "svcwd" }).primaryKey(),
    idempotency_key: model.text().unique(),
    bank_account_id: model.text(),
    amount_sen: model.number(),
    reference: model.text().nullable(),
    withdrawal_id: model.text().nullable(),
    status: model.text().default("CREATING"),
    status_history: model.json().default({ entries: [] }),
    failure_reason: model.text().nullable(),
    requested_by: model.text().nullable(),
  })
  .indexes([{ on: ["withdrawal_id"] }])

export default SvcWithdrawal
