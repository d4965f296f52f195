import { model } from "@medusajs/framework/utils"

/**
 * A payout beneficiary registered from Medusa admin. svc has no route to list
 * beneficiaries (spec: Payout area, other routes named), so the admin's list is
 * this table. Account numbers and proxy values are kept masked (last 4).
 */
const SvcBeneficiary = model.define("svc_beneficiary", {
  id: model.id({ prefix: "svcben" }).primaryKey(),
  beneficiary_id: model.text().unique(),
  name: model.text(),
  kind: model.text(),
  bank_code: model.text().nullable(),
  bank_name: model.text().nullable(),
  account_number_masked: model.text().nullable(),
  proxy_type: model.text().nullable(),
  proxy_value_masked: model.text().nullable(),
  name_check: model.text().nullable(),
  bank_account_verified: model.boolean().nullable(),
  bank_account_verified_at: model.text().nullable(),
  name_match: model.text().nullable(),
  trigger_address: model.text().nullable(),
  removed_at: model.dateTime().nullable(),
  registered_by: model.text().nullable(),
})

export default SvcBeneficiary
