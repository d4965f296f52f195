import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/core-flows"
import {
  EINVOICE_FLAG,
  einvoiceRequested,
} from "../../../../../../lib/reports/einvoice"
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
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const read = async () => {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "customer_id", "metadata"],
      filters: { id },
    })
    const order = (
      data as {
        id: string
        customer_id: string | null
        metadata: Record<string, unknown> | null
      }[]
    )[0]
    if (!order || !customerId || order.customer_id !== customerId)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `id: no order ${id} of this customer`
      )
    return order
  }
  await read()
  await updateOrderWorkflow(req.scope).run({
    input: {
      id,
      user_id: customerId,
      metadata: { [EINVOICE_FLAG]: req.validatedBody.requested },
    },
  })
  res.json({
    order_id: id,
    requested: einvoiceRequested((await read()).metadata),
  })
}
