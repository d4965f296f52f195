import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  paymentLinkBase,
  revokeLastingLink,
} from "../../../../../../../../workflows/balance-payment-link/lasting-link"
import { requestOrigin, type SendPaymentLinkBody } from "../../../../validators"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link/revoke `{payment_link_id}`
 * (JSON only): the order page's "Revoke link". The lasting link stops working at
 * once (its page says the store withdrew it, 410); the answer is the link with
 * `revoked_at`. Another order's link is a 400; a revoked one is answered as it is.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<SendPaymentLinkBody>,
  res: MedusaResponse
) {
  const payment_link = await revokeLastingLink(req.scope, {
    order_id: String(req.params.order_id),
    payment_link_id: req.validatedBody.payment_link_id,
    base: paymentLinkBase(req.scope, requestOrigin(req)),
    by: req.auth_context?.actor_id ?? null,
  })
  res.json({ payment_link })
}
