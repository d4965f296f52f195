import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { orderBalance } from "../../../../../../workflows/balance-payment-link/order-balance"

/**
 * GET /admin/svc/orders/:order_id/balance: what the buyer still owes on the order
 * (Medusa's pending difference, and in sen as svc would ask it), its unpaid
 * payment collection, the svc methods a link can be sent for, the open svc
 * link if one is still valid, and why none can be asked for (`refusal`).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ balance: await orderBalance(req.scope, String(req.params.order_id)) })
}
