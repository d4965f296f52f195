import type { MedusaContainer } from "@medusajs/framework/types"
import {
  orderEinvoice,
  setOrderEinvoice,
} from "../../../reports/einvoice/myinvois"
import { answer, answerBody } from "../../../answer"
import type { EinvoiceFlagBody } from "../../validators"

const read = (scope: MedusaContainer, id: string) => () =>
  orderEinvoice(scope, id, `order_id: no order ${id}`)

/** GET /admin/svc/orders/:order_id/einvoice: whether the buyer asked for their own e-invoice (order metadata `svc_einvoice_requested`). */
export const GET = answer(async (scope, req) => {
  const id = String(req.params.order_id)
  return { order_id: id, requested: await read(scope, id)() }
})

/** POST /admin/svc/orders/:order_id/einvoice {requested}: sets the flag, recorded in the order's history with the admin who set it. */
export const POST = answerBody<EinvoiceFlagBody>(
  async (scope, { requested }, req) => {
    const id = String(req.params.order_id)
    return {
      order_id: id,
      requested: await setOrderEinvoice(
        scope,
        { id, user_id: req.auth_context.actor_id, requested },
        read(scope, id)
      ),
    }
  }
)
