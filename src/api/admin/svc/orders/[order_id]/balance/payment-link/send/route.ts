import { sendLastingLink } from "../../../../../../../../workflows/balance-payment-link/lasting-link"
import { linkAction } from "../../../../validators"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link/send `{payment_link_id}`
 * (JSON only): the order page's "Send to customer". The lasting link goes to
 * the order's email through Medusa's Notification Module (channel `email`,
 * template `svc-payment-link`; docs/payment-links.md); the answer is the link
 * with `sent_at` and `sent_to`. 400 names what is missing (an expired link, no
 * email on the order, no notification provider); nothing was sent then.
 */
export const POST = linkAction(sendLastingLink)
