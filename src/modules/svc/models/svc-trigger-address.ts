import { model } from "@medusajs/framework/utils"

/**
 * A trigger address created from Medusa admin, per bank account (wallet area)
 * or beneficiary (payout area). svc has no route to read one: only
 * `POST …/address`, which creates it the first time and returns the same one
 * after (one for life), so the admin's view of it is this table.
 */
const SvcTriggerAddress = model
  .define("svc_trigger_address", {
    id: model.id({ prefix: "svcta" }).primaryKey(),
    owner_type: model.text(),
    owner_id: model.text(),
    address: model.text(),
    network: model.text().nullable(),
    active: model.boolean().default(true),
  })
  .indexes([
    { on: ["owner_type", "owner_id"], unique: true },
    { on: ["address"] },
  ])

export default SvcTriggerAddress
