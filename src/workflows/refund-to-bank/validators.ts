import { z } from "@medusajs/framework/zod"
import { amountInput } from "../../lib/money/admin-input"
import { destinationSchema, NAME_CHECKS } from "../../lib/svc-admin/destination"

/**
 * A refund to a bank account or DuitNow proxy, as `POST /admin/svc/refunds` takes it and
 * as `refundToBankWorkflow` checks it again when a store runs the workflow itself: the
 * amount (at least one sen, at most what is left of the payment) is checked against the
 * payment by the workflow's first step.
 */
export const refundRequest = z
  .object({
    request_id: z
      .string()
      .uuid(
        "request_id: must be a UUID made once per refund form (the same one when the form is sent again)"
      )
      .optional(),
    payment_id: z
      .string()
      .regex(
        /^pay_[0-9A-Za-z]+$/,
        "payment_id: must be a Medusa payment id (pay_…)"
      ),
    amount: amountInput("25.50"),
    beneficiary: destinationSchema("beneficiary."),
    name_check: z.enum(NAME_CHECKS).optional(),
    note: z.string().max(500).optional(),
    refund_reason_id: z
      .string()
      .regex(
        /^refr_[0-9A-Za-z]+$/,
        "refund_reason_id: must be a Medusa refund reason id (refr_…)"
      )
      .optional(),
  })
  .strict()
export type RefundRequestInput = z.output<typeof refundRequest>
