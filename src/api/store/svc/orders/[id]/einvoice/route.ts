import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  orderEinvoice,
  setOrderEinvoice,
} from "../../../../../admin/svc/reports/einvoice/myinvois"
import type { EinvoiceFlagBody } from "../../../../../admin/svc/orders/validators"

/**
 * POST /store/svc/orders/:id/einvoice {requested}: a logged-in customer asks
 * (or no longer asks) for their own e-invoice for one of their orders. Another
 * customer's order, or an unknown one, is the same 404 (no order is revealed).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<EinvoiceFlagBody>,
  res: MedusaResponse
) {
  const id = String(req.params.id)
  const customerId = req.auth_context.actor_id
  const { requested } = req.validatedBody
  res.json({
    order_id: id,
    requested: await setOrderEinvoice(
      req.scope,
      { id, user_id: customerId, requested },
      () =>
        orderEinvoice(req.scope, id, `id: no order ${id} of this customer`, {
          customer_id: customerId,
        })
    ),
  })
}
