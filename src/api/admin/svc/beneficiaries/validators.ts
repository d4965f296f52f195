import { z } from "@medusajs/framework/zod"
import {
  checkDestination,
  destinationFields,
  NAME_CHECKS,
  PROXY_TYPES,
} from "../../../../lib/svc-admin/destination"

export { NAME_CHECKS, PROXY_TYPES }

/**
 * `POST /admin/svc/beneficiaries`: a bank account (`bank_code` + `account_number`) or a
 * DuitNow proxy (`proxy_type` + `proxy_value`), exactly one (src/lib/svc-admin/destination.ts,
 * the same schema as a refund's beneficiary).
 */
export const beneficiaryRegister = z
  .object({
    ...destinationFields(),
    name_check: z.enum(NAME_CHECKS).optional(),
  })
  .strict()
  .superRefine(checkDestination())
export type BeneficiaryRegister = z.output<typeof beneficiaryRegister>

/** `POST /admin/svc/beneficiaries/:id/verify {name_check?}`. */
export const beneficiaryVerify = z
  .object({ name_check: z.enum(NAME_CHECKS).optional() })
  .strict()
export type BeneficiaryVerify = z.output<typeof beneficiaryVerify>
