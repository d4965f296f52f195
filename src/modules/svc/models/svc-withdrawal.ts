import { model } from "@medusajs/framework/utils"

/**
 * A settlement: the wallet balance sent to a linked bank account (fiat withdrawal).
 * `request_id` is the admin form's own id (optional for API callers): unique, so the
 * same request sent again, even at the same moment, is one withdrawal.
 */
const SvcWithdrawal = model
  .define("svc_withdrawal", {
    id: model.id({ prefix: "svcwd" }).primaryKey(),
    idempotency_key: model.text().unique(),
    request_id: model.text().nullable(),
    bank_account_id: model.text(),
    amount_sen: model.number(),
    reference: model.text().nullable(),
    withdrawal_id: model.text().nullable(),
    status: model.text().default("CREATING"),
    status_history: model.json().default({ entries: [] }),
    failure_reason: model.text().nullable(),
    requested_by: model.text().nullable(),
  })
  .indexes([{ on: ["withdrawal_id"] }, { on: ["request_id"], unique: true, where: "request_id IS NOT NULL" }])

export default SvcWithdrawal
