import { refundToBankWorkflow } from "../../../../workflows/refund-to-bank"
import type { RefundRequestInput as RefundRequest } from "../../../../workflows/refund-to-bank/validators"
import { sendOut } from "../answer"

/**
 * POST /admin/svc/refunds: refund (part of) an svc payment to the buyer's bank
 * account or DuitNow proxy as an svc payout (the svc-refund-to-bank workflow).
 *
 * Body: `{request_id?, payment_id, amount ("25.50", ringgit), beneficiary: {name, bank_code,
 * account_number} | {name, proxy_type, proxy_value}, name_check?, note?}`; the same
 * request_id again answers with the same payout (another body: 400 naming the field).
 * 200: the payout was made (`payout.status` INITIATED, then SETTLED by webhook
 * or job). 202: svc did not answer; the request is kept with its key and the
 * job finishes it. 400: what is wrong, by field; nothing was sent. Answers
 * `{payout, message}`.
 */
export const POST = sendOut<RefundRequest>((scope, input) =>
  refundToBankWorkflow(scope).run({ input })
)
