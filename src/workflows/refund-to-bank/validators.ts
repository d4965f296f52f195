import { z } from "@medusajs/framework/zod"
import { NAME_CHECKS } from "../../client/schemas/payouts"
import { amountInput } from "../../lib/money/admin-input"
import { english, say, type Said } from "../../lib/texts"

/** DuitNow proxy kinds: the spec's (mobile number, NRIC, passport, business registration, army number); their wire names are the sandbox's (spec gap: not shown). */
const PROXY_TYPES = ["MOBILE", "NRIC", "PASSPORT", "BRN", "ARMY"] as const

/** A payout destination's fields: the holder's `name`, and a bank account or a DuitNow proxy. */
const destinationFields = (prefix: string) => ({
  name: z.string().trim().min(1).max(100),
  bank_code: z.string().trim().min(1).max(20).optional(),
  account_number: z
    .string()
    .trim()
    .regex(
      /^\d{6,20}$/,
      english(say("input.accountNumber", { path: `${prefix}account_number` }))
    )
    .optional(),
  proxy_type: z.enum(PROXY_TYPES).optional(),
  proxy_value: z.string().trim().min(3).max(40).optional(),
})

/**
 * A payout destination as an admin gives it, one schema for a beneficiary (`POST
 * /admin/svc/beneficiaries`, which adds `name_check`) and a refund's `beneficiary`
 * (`prefix` "beneficiary." names the field in its messages).
 */
export const destinationSchema = (prefix = "") =>
  z
    .object(destinationFields(prefix))
    .strict()
    // exactly one destination: a bank account (`bank_code` + `account_number`) or a DuitNow proxy (`proxy_type` + `proxy_value`)
    .superRefine((b, ctx) => {
      const bank = b.bank_code !== undefined || b.account_number !== undefined
      const proxy = b.proxy_type !== undefined || b.proxy_value !== undefined
      const fail = (field: string, rule: (path: string) => Said) =>
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: english(rule(`${prefix}${field}`)),
        })
      const requiredWith = (other: string) => (path: string) =>
        say("input.requiredWith", { path, other })
      if (bank && proxy)
        fail("proxy_type", (path) => say("input.bankAndProxy", { path }))
      else if (!bank && !proxy)
        fail("account_number", (path) => say("input.bankOrProxy", { path }))
      else if (bank && !b.bank_code)
        fail("bank_code", requiredWith("account_number"))
      else if (bank && !b.account_number)
        fail("account_number", requiredWith("bank_code"))
      else if (proxy && !b.proxy_type)
        fail("proxy_type", requiredWith("proxy_value"))
      else if (proxy && !b.proxy_value)
        fail("proxy_value", requiredWith("proxy_type"))
    })

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
