import { orderBalance } from "../../../../../../workflows/balance-payment-link/order-balance"
import { latestLastingLink } from "../../../../../../workflows/balance-payment-link/lasting-link"
import { answer } from "../../../answer"
import { linkBase } from "../../validators"

/**
 * GET /admin/svc/orders/:order_id/balance: what the buyer still owes on the order
 * (Medusa's pending difference, and in sen as svc would ask it), its unpaid
 * payment collection, the svc methods a link can be sent for, the open svc
 * link if one is still valid, and why none can be asked for (`refusal`); and
 * the order's newest lasting payment link (`payment_link`: the store's own
 * link, when it was sent and opened; docs/payment-links.md), or null.
 */
export const GET = answer(async (scope, req) => {
  const orderId = String(req.params.order_id)
  const balance = await orderBalance(scope, orderId)
  const payment_link = await latestLastingLink(scope, orderId, linkBase(req))
  return { balance, payment_link }
})
