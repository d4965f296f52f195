import { z } from "@medusajs/framework/zod"
import { attentionQuery } from "../validators"

/** `GET /admin/svc/payouts?order_id&payment_id&attention&limit` (refund payouts). */
export const refundPayoutsQuery = attentionQuery
  .extend({
    payment_id: z
      .string()
      .regex(/^pay_[0-9A-Za-z]+$/, "payment_id: must be a payment id (pay_…)")
      .optional(),
  })
  .strict()
export type RefundPayoutsQuery = z.output<typeof refundPayoutsQuery>
