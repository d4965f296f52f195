import { revokeLastingLink } from "../../../../../../../../workflows/balance-payment-link/lasting-link"
import { linkAction } from "../../../../validators"

/**
 * POST /admin/svc/orders/:order_id/balance/payment-link/revoke `{payment_link_id}`
 * (JSON only): the order page's "Revoke link". The lasting link stops working at
 * once (its page says the store withdrew it, 410); the answer is the link with
 * `revoked_at`. Another order's link is a 400; a revoked one is answered as it is.
 */
export const POST = linkAction(revokeLastingLink)
