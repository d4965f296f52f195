import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  orderEinvoice,
  setOrderEinvoice,
} from "../../../reports/einvoice/myinvois"
import type { EinvoiceFlagBody } from "../../validators"

const read = (req: AuthenticatedMedusaRequest<unknown>, id: string) => () =>
  orderEinvoice(req.scope, id, `order_id: no order ${id}`)

/** GET /admin/svc/orders/:order_id/einvoice: whether the buyer asked for their own e-invoice (order metadata `svc_einvoice_requested`). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown>,
  res: MedusaResponse
) {
  const id = String(req.params.order_id)
  res.json({ order_id: id, requested: await read(req, id)() })
}

/** POST /admin/svc/orders/:order_id/einvoice {requested}: sets the flag, recorded in the order's history with the admin who set it. */
export async function POST(
  req: AuthenticatedMedusaRequest<EinvoiceFlagBody>,
  res: MedusaResponse
) {
  const id = String(req.params.order_id)
  const { requested } = req.validatedBody
  res.json({
    order_id: id,
    requested: await setOrderEinvoice(
      req.scope,
      { id, user_id: req.auth_context.actor_id, requested },
      read(req, id)
    ),
  })
}
