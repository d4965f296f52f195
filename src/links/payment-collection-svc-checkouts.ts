import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import SvcModule from "../modules/svc"

/**
 * A payment collection's svc checkouts, `payment_collection.svc_checkouts` in
 * Query. Read-only: no link table, svc_checkout.payment_collection_id holds
 * the collection's id.
 */
export default defineLink(
  { linkable: PaymentModule.linkable.paymentCollection, field: "id" },
  { ...SvcModule.linkable.svcCheckout.id, primaryKey: "payment_collection_id" },
  { readOnly: true, isList: true }
)
