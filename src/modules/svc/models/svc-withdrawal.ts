import { model } from "@medusajs/framework/utils"

import {
  requestIdIndex,
  requestKeyColumns,
  requestOutcomeColumns,
  svcStatusColumns,
} from "./columns"

/**
 * A settlement: the wallet balance sent to a linked bank account (fiat withdrawal).
 * `request_id` is the admin form's own id (optional for API callers): unique, so the
 * same request sent again, even at the same moment, is one withdrawal.
 */
const SvcWithdrawal = model
  .define("svc_withdrawal", {
    id: model.id({ prefix: "svcwd" }).primaryKey(),
    ...requestKeyColumns(),
    bank_account_id: model.text(),
    amount_sen: model.number(),
    reference: model.text().nullable(),
    withdrawal_id: model.text().nullable(),
    ...svcStatusColumns(),
    ...requestOutcomeColumns(),
  })
  .indexes([{ on: ["withdrawal_id"] }, requestIdIndex])

export default SvcWithdrawal
