import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateCartWorkflow } from "@medusajs/core-flows"
import { openCart } from "../open-cart"
import {
  EINVOICE_FLAG,
  einvoiceRequested,
} from "../../../../../admin/svc/reports/einvoice/myinvois"
import type { EinvoiceFlagBody } from "../../../../../admin/svc/orders/validators"

/**
 * POST /store/svc/carts/:id/einvoice {requested}: the buyer asks (or no longer
 * asks) for their own e-invoice before placing the order. Stored in the cart's
 * metadata through Medusa's updateCartWorkflow (merged with what is there);
 * Medusa's cart completion copies the cart's metadata to the order. A
 * completed cart is refused: the order's flag is then the customer's order
 * route or the admin's.
 */
export async function POST(
  req: MedusaRequest<EinvoiceFlagBody>,
  res: MedusaResponse
) {
  const id = String(req.params.id)
  await openCart(req.scope, id)
  const metadata = { [EINVOICE_FLAG]: req.validatedBody.requested }
  await updateCartWorkflow(req.scope).run({ input: { id, metadata } })
  // the flag as the cart now keeps it (the workflow stored it, or threw)
  res.json({ cart_id: id, requested: einvoiceRequested(metadata) })
}
