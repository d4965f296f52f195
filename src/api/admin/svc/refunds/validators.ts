/**
 * `POST /admin/svc/refunds`: the workflow's own schema (src/workflows/refund-to-bank/validators.ts),
 * so a refund is checked the same way from the admin and from a store's code.
 */
export {
  refundRequest,
  type RefundRequestInput as RefundRequest,
} from "../../../../workflows/refund-to-bank/validators"
