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
import type { EinvoiceFlagBody } from "../../validators"

async function orderMetadata(
  req: AuthenticatedMedusaRequest<unknown>,
  id: string
): Promise<Record<string, unknown> | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "metadata"],
    filters: { id },
  })
  const order = (
    data as { id: string; metadata: Record<string, unknown> | null }[]
  )[0]
  if (!order)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `order_id: no order ${id}`
    )
  return order.metadata
}

/** GET /admin/svc/orders/:order_id/einvoice: whether the buyer asked for their own e-invoice (order metadata `svc_einvoice_requested`). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown>,
  res: MedusaResponse
) {
  const id = String(req.params.order_id)
  res.json({
    order_id: id,
    requested: einvoiceRequested(await orderMetadata(req, id)),
  })
}

/**
 * POST /admin/svc/orders/:order_id/einvoice {requested}: sets the flag through
 * Medusa's updateOrderWorkflow (metadata is merged, and the change is recorded
 * in the order's history with the admin who made it).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<EinvoiceFlagBody>,
  res: MedusaResponse
) {
  const id = String(req.params.order_id)
  await orderMetadata(req, id)
  await updateOrderWorkflow(req.scope).run({
    input: {
      id,
      user_id: req.auth_context.actor_id,
      metadata: { [EINVOICE_FLAG]: req.validatedBody.requested },
    },
  })
  res.json({
    order_id: id,
    requested: einvoiceRequested(await orderMetadata(req, id)),
  })
}
