import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import SvcModule from "../modules/svc"

/**
 * An order's svc checkouts (the order a checkout's money became),
 * `order.svc_checkouts` in Query. Read-only: svc_checkout.order_id holds it.
 */
export default defineLink(
  { linkable: OrderModule.linkable.order, field: "id" },
  { ...SvcModule.linkable.svcCheckout.id, primaryKey: "order_id" },
  { readOnly: true, isList: true }
)
