import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import SvcModule from "../modules/svc"

/**
 * A Medusa refund's svc payout request, `refund.svc_payout` in Query (one per
 * refund: svc_payout.refund_id holds it once the payout is claimed for the
 * refund). Read-only: no link table.
 */
export default defineLink(
  { linkable: PaymentModule.linkable.refund, field: "id" },
  { ...SvcModule.linkable.svcPayout.id, primaryKey: "refund_id" },
  { readOnly: true }
)
