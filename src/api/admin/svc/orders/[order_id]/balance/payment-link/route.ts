import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createBalancePaymentLinkWorkflow } from "../../../../../../../workflows/balance-payment-link"
import type { PaymentLinkBody } from "../../../validators"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link `{provider_id, payment_collection_id?}`
 * (JSON only): the order page's "Request payment". An svc checkout link for the
 * order's outstanding amount on its unpaid payment collection, made through
 * Medusa's own workflows, to copy and send to the buyer. svc links last 20
 * minutes; asked again while the link is open, the same link comes back
 * (`reused: true`), and after it expired or failed, a new one. 400 names the
 * field and the rule; nothing was made or sent. The balance payment link
 * workflow (src/workflows/balance-payment-link) does it all.
 */
export async function POST(req: AuthenticatedMedusaRequest<PaymentLinkBody>, res: MedusaResponse) {
  const { result } = await createBalancePaymentLinkWorkflow(req.scope).run({ input: { ...req.validatedBody, order_id: String(req.params.order_id) } })
  const { balance, link, reused } = result
  res.json({ link, reused, balance })
}
