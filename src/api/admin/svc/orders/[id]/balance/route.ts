import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { orderBalance } from "../../../../../../plugin/balances/order-balance"
import { invalidData } from "../../../../../../plugin/core/admin-input"

export const orderIdSchema = z.string().regex(/^order_[0-9A-Za-z]+$/, "must be an order id (order_…)")

/**
 * GET /admin/svc/orders/:id/balance: what the buyer still owes on the order
 * (Medusa's pending difference, and in sen as svc would ask it), its unpaid
 * payment collection, the svc methods a link can be sent for, the open svc
 * link if one is still valid, and why none can be asked for (`refusal`).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = orderIdSchema.safeParse(req.params.id)
  if (!id.success) throw invalidData(`order_id: ${id.error.issues[0]!.message}`)
  res.json({ balance: await orderBalance(req.scope as never, id.data) })
}
