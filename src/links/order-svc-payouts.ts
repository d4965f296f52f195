import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import SvcModule from "../modules/svc"

/**
 * An order's svc refund payouts, `order.svc_payouts` in Query. Read-only: no
 * link table, svc_payout.order_id holds the order's id.
 */
export default defineLink(
  { linkable: OrderModule.linkable.order, field: "id" },
  { ...SvcModule.linkable.svcPayout.id, primaryKey: "order_id" },
  { readOnly: true, isList: true }
)
