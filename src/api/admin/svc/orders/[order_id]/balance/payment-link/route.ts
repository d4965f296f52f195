import { createBalancePaymentLinkWorkflow } from "../../../../../../../workflows/balance-payment-link"
import { issueLastingLink } from "../../../../../../../workflows/balance-payment-link/lasting-link"
import { linkBase, type PaymentLinkBody } from "../../../validators"
import { answerBody } from "../../../../answer"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link `{provider_id, payment_collection_id?}`
 * (JSON only): the order page's "Request payment". An svc checkout for the
 * order's outstanding amount on its unpaid payment collection, made through
 * Medusa's own workflows (`link`: svc's own, 20 minutes; asked again while it
 * is open, the same one, `reused: true`), and the store's lasting link to send
 * the buyer (`payment_link`: `<base>/svc/pay/<order_id>/<token>`, valid for
 * `paymentLinks.lifetimeDays`; opened, it makes a fresh svc checkout for the
 * balance if svc's has expired: docs/payment-links.md). 400 names the field
 * and the rule; nothing was made or sent.
 */
export const POST = answerBody<PaymentLinkBody>(async (scope, body, req) => {
  const orderId = String(req.params.order_id)
  const { result } = await createBalancePaymentLinkWorkflow(scope).run({
    input: { ...body, order_id: orderId },
  })
  const { balance, link, reused } = result
  const payment_link = await issueLastingLink(scope, {
    order_id: orderId,
    provider_id: link.provider_id,
    payment_collection_id: balance.payment_collection?.id ?? null,
    amount_sen: link.amount_sen,
    requested_by: req.auth_context?.actor_id ?? null,
    base: linkBase(req),
  })
  return { link, reused, balance, payment_link }
})
