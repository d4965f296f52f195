import { z } from "@medusajs/framework/zod"

export const PROXY_TYPES = ["MOBILE", "NRIC", "PASSPORT", "BRN", "ARMY"] as const
export const NAME_CHECKS = ["strict", "loose"] as const

/**
 * `POST /admin/svc/beneficiaries`: a bank account (`bank_code` +
 * `account_number`) or a DuitNow proxy (`proxy_type` + `proxy_value`), exactly
 * one. The proxy kinds are the spec's (mobile number, NRIC, passport, business
 * registration, army number); their wire names are the sandbox's (spec gap: not shown).
 */
export const beneficiaryRegister = z
  .object({
    name: z.string().trim().min(1).max(100),
    bank_code: z.string().trim().min(1).max(20).optional(),
    account_number: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, "account_number: must be 6-20 digits, no spaces or dashes")
      .optional(),
    proxy_type: z.enum(PROXY_TYPES).optional(),
    proxy_value: z.string().trim().min(3).max(40).optional(),
    name_check: z.enum(NAME_CHECKS).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const bank = b.bank_code !== undefined || b.account_number !== undefined
    const proxy = b.proxy_type !== undefined || b.proxy_value !== undefined
    const fail = (field: string, rule: string) => ctx.addIssue({ code: "custom", path: [field], message: `${field}: ${rule}` })
    if (bank && proxy) fail("proxy_type", "give a bank account (bank_code, account_number) or a DuitNow proxy (proxy_type, proxy_value), not both")
    else if (!bank && !proxy) fail("account_number", "is required with bank_code, or give a DuitNow proxy (proxy_type, proxy_value)")
    else if (bank && !b.bank_code) fail("bank_code", "is required with account_number")
    else if (bank && !b.account_number) fail("account_number", "is required with bank_code")
    else if (proxy && !b.proxy_type) fail("proxy_type", "is required with proxy_value")
    else if (proxy && !b.proxy_value) fail("proxy_value", "is required with proxy_type")
  })
export type BeneficiaryRegister = z.output<typeof beneficiaryRegister>

/** `POST /admin/svc/beneficiaries/:id/verify {name_check?}`. */
export const beneficiaryVerify = z.object({ name_check: z.enum(NAME_CHECKS).optional() }).strict()
export type BeneficiaryVerify = z.output<typeof beneficiaryVerify>
