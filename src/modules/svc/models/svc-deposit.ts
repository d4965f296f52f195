import { model } from "@medusajs/framework/utils"

/**
 * A deposit svc told us about (deposit events, check-missed, redrive, a look-up),
 * as last read from svc. `status` never moves back from COMPLETED (spec: Deposit
 * status); a later PROCESSING is recorded in `status_history` and ignored.
 * `amount` is in the token's smallest unit (not sen); the withdrawal amount is sen.
 */
const SvcDeposit = model
  .define("svc_deposit", {
    id: model.id({ prefix: "svcdep" }).primaryKey(),
    deposit_id: model.text().unique(),
    area: model.text(),
    status: model.text(),
    tx_hash: model.text(),
    chain_id: model.number(),
    log_index: model.number().default(0),
    token_id: model.text().nullable(),
    amount: model.text(),
    from_address: model.text(),
    confirmations: model.number().default(0),
    trigger_address: model.text().nullable(),
    destination_type: model.text().nullable(),
    destination_id: model.text().nullable(),
    destination_name: model.text().nullable(),
    result_status: model.text().nullable(),
    status_reason: model.text().nullable(),
    withdrawal_id: model.text().nullable(),
    withdrawal_status: model.text().nullable(),
    withdrawal_amount_sen: model.text().nullable(),
    svc_created_at: model.text().nullable(),
    svc_updated_at: model.text().nullable(),
    status_history: model.json().default({ entries: [] }),
  })
  .indexes([
    { on: ["destination_id"] },
    { on: ["trigger_address"] },
    { on: ["withdrawal_id"] },
  ])

export default SvcDeposit
