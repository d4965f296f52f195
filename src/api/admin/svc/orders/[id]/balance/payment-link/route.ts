import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parsePaymentLinkBody, requestBalancePayment } from "../../../../../../../plugin/balances/order-balance"
import { invalidData } from "../../../../../../../plugin/core/admin-input"
import { orderIdSchema } from "../route"

/**
 * POST /admin/svc/orders/:id/balance/payment-link `{provider_id, payment_collection_id?}`
 * (JSON only): the order page's "Request payment". An svc checkout link for the
 * order's outstanding amount on its unpaid payment collection, made through
 * Medusa's own workflows, to copy and send to the buyer. svc links last 20
 * minutes; asked again while the link is open, the same link comes back
 * (`reused: true`), and after it expired or failed, a new one. 400 names the
 * field and the rule; nothing was made or sent.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = orderIdSchema.safeParse(req.params.id)
  if (!id.success) throw invalidData(`order_id: ${id.error.issues[0]!.message}`)
  const body = parsePaymentLinkBody(req.body)
  const { balance, link, reused } = await requestBalancePayment(req.scope as never, id.data, body)
  res.json({ link, reused, balance })
}
