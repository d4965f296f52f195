import { model } from "@medusajs/framework/utils"

import { requestOutcomeColumns, svcStatusColumns } from "./columns"

/**
 * A token transfer from the svc wallet to an external address, stored with its
 * Idempotency-Key before `POST /v1/wallet/token/withdrawals` (status CREATING).
 * `request_id` is the admin form's own id: the same request sent again (a
 * double click, a browser retry) finds this row and never makes a second transfer.
 */
const SvcTokenTransfer = model
  .define("svc_token_transfer", {
    id: model.id({ prefix: "svctt" }).primaryKey(),
    request_id: model.text().unique(),
    idempotency_key: model.text().unique(),
    token_id: model.text(),
    network_id: model.text().nullable(),
    network_name: model.text().nullable(),
    token_symbol: model.text().nullable(),
    address_to: model.text(),
    amount_sen: model.number(),
    reference: model.text().nullable(),
    transfer_id: model.text().nullable(),
    ...svcStatusColumns(),
    fee_sen: model.text().nullable(),
    tx_hash: model.text().nullable(),
    ...requestOutcomeColumns(),
  })
  .indexes([{ on: ["transfer_id"] }, { on: ["status"] }])

export default SvcTokenTransfer
