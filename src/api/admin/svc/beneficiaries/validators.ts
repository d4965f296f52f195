import { z } from "@medusajs/framework/zod"
import { NAME_CHECKS } from "../../../../client/schemas/payouts"
import { destinationSchema } from "../../../../workflows/refund-to-bank/validators"

const nameCheck = { name_check: z.enum(NAME_CHECKS).optional() }

/**
 * `POST /admin/svc/beneficiaries`: a bank account (`bank_code` + `account_number`) or a
 * DuitNow proxy (`proxy_type` + `proxy_value`), exactly one, the same schema as a
 * refund's beneficiary (src/workflows/refund-to-bank/validators.ts).
 */
export const beneficiaryRegister = destinationSchema().safeExtend(nameCheck)
export type BeneficiaryRegister = z.output<typeof beneficiaryRegister>

/** `POST /admin/svc/beneficiaries/:id/verify {name_check?}`. */
export const beneficiaryVerify = z.object(nameCheck).strict()
export type BeneficiaryVerify = z.output<typeof beneficiaryVerify>
