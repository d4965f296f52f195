import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestBalancePayment } from "../../../../../../../plugin/balances/order-balance"
import type { PaymentLinkBody } from "../../../validators"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link `{provider_id, payment_collection_id?}`
 * (JSON only): the order page's "Request payment". An svc checkout link for the
 * order's outstanding amount on its unpaid payment collection, made through
 * Medusa's own workflows, to copy and send to the buyer. svc links last 20
 * minutes; asked again while the link is open, the same link comes back
 * (`reused: true`), and after it expired or failed, a new one. 400 names the
 * field and the rule; nothing was made or sent.
 */
export async function POST(req: AuthenticatedMedusaRequest<PaymentLinkBody>, res: MedusaResponse) {
  const { balance, link, reused } = await requestBalancePayment(req.scope, String(req.params.order_id), req.validatedBody)
  res.json({ link, reused, balance })
}
