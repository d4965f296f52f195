import { z } from "@medusajs/framework/zod"
import { amountInput } from "../validators"
import { NAME_CHECKS, PROXY_TYPES } from "../beneficiaries/validators"

const beneficiary = z
  .object({
    name: z.string().trim().min(1).max(100),
    bank_code: z.string().trim().min(1).max(20).optional(),
    account_number: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, "beneficiary.account_number: must be 6-20 digits")
      .optional(),
    proxy_type: z.enum(PROXY_TYPES).optional(),
    proxy_value: z.string().trim().min(3).max(40).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const bank = b.bank_code !== undefined || b.account_number !== undefined
    const proxy = b.proxy_type !== undefined || b.proxy_value !== undefined
    const fail = (field: string, rule: string) => ctx.addIssue({ code: "custom", path: [field], message: `beneficiary.${field}: ${rule}` })
    if (bank === proxy) fail("account_number", "give exactly one destination: bank_code and account_number, or proxy_type and proxy_value")
    else if (bank && (!b.bank_code || !b.account_number)) fail(b.bank_code ? "account_number" : "bank_code", "is required for a bank account")
    else if (proxy && (!b.proxy_type || !b.proxy_value)) fail(b.proxy_type ? "proxy_value" : "proxy_type", "is required for a DuitNow proxy")
  })

/**
 * `POST /admin/svc/refunds`: the amount (at least one sen, at most what is
 * left of the payment) is checked against the payment by the route's code.
 */
export const refundRequest = z
  .object({
    request_id: z.string().uuid("request_id: must be a UUID made once per refund form (the same one when the form is sent again)").optional(),
    payment_id: z.string().regex(/^pay_[0-9A-Za-z]+$/, "payment_id: must be a Medusa payment id (pay_…)"),
    amount: amountInput("25.50"),
    beneficiary,
    name_check: z.enum(NAME_CHECKS).optional(),
    note: z.string().max(500).optional(),
  })
  .strict()
export type RefundRequest = z.output<typeof refundRequest>
