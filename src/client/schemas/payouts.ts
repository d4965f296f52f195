import { z } from "@medusajs/framework/zod"

import { looseJson, nonEmpty, oneOf, positiveInt, rule, uuid } from "./common"
import { resource } from "./fragments"

/**
 * spec gap: the payout resource beyond `payoutId`, `fee`, `netAmount` and `status`
 * is not shown. Those four are typed; everything else passes through.
 */
export const payoutSchema = resource({
  payoutId: z.string(),
  status: z.string(),
  fee: z.string().optional(),
  netAmount: z.string().optional(),
})
export type Payout = z.infer<typeof payoutSchema>
export const PAYOUT_STATUSES = [
  "INITIATED",
  "SETTLED",
  "REVERSED",
  "RETURNED",
] as const

export const NAME_CHECKS = ["strict", "loose"] as const

/** Exactly one destination: bank account (`bankCode` + `accountNumber`) or DuitNow `proxyValue`. */
function oneDestination(
  b: Record<string, unknown>,
  ctx: z.RefinementCtx
): void {
  const bank = b.bankCode !== undefined || b.accountNumber !== undefined
  const proxy = b.proxyValue !== undefined
  if (bank && proxy) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["proxyValue"],
      message:
        "must not be given with bankCode/accountNumber (exactly one destination)",
    })
  } else if (!bank && !proxy) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["accountNumber"],
      message: "is required, or proxyValue (exactly one destination)",
    })
  } else if (
    bank &&
    (b.bankCode === undefined || b.accountNumber === undefined)
  ) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [b.bankCode === undefined ? "bankCode" : "accountNumber"],
      message: "is required for a bank account destination",
    })
  }
}

/**
 * spec gap: POST /v1/payouts/beneficiaries body is only partly shown ("includes `name`,
 * `bankCode`, `accountNumber` or a proxy destination, optional `nameCheck`"). Known fields
 * are checked; others pass through.
 */
export const beneficiaryCreateBodySchema = z
  .object({
    name: nonEmpty,
    bankCode: nonEmpty.optional(),
    accountNumber: rule<string>(
      (v) => typeof v === "string" && /^\d{1,34}$/.test(v),
      "must be 1-34 digits"
    ).optional(),
    proxyValue: nonEmpty.optional(),
    nameCheck: oneOf(NAME_CHECKS).optional(),
  })
  .passthrough()
  .superRefine(oneDestination)
export type BeneficiaryCreateBody = z.infer<typeof beneficiaryCreateBodySchema>

/** spec gap: verify body not shown; optional, loose (e.g. `{nameCheck}`). */
export const beneficiaryVerifyBodySchema = resource({
  nameCheck: oneOf(NAME_CHECKS).optional(),
})
export type BeneficiaryVerifyBody = z.infer<typeof beneficiaryVerifyBodySchema>

/** spec gap: beneficiary fields beyond the four named are not shown; `id` is assumed (routes take it). */
export const beneficiarySchema = resource({
  id: z.string(),
  autoWithdrawalAddress: z.string().nullable().optional(),
  bankAccountVerified: z.boolean().nullable().optional(),
  bankAccountVerifiedAt: z.string().nullable().optional(),
  bankAccountNameMatch: z.unknown().optional(),
})
export type Beneficiary = z.infer<typeof beneficiarySchema>

/**
 * spec gap: POST /v1/payouts body is not shown beyond "exactly one of `beneficiaryId` or
 * an inline `beneficiary`". `amount` (integer sen, positive; bounds not shown) is assumed.
 */
export const payoutCreateBodySchema = z
  .object({
    beneficiaryId: uuid().optional(),
    beneficiary: beneficiaryCreateBodySchema.optional(),
    amount: positiveInt,
  })
  .passthrough()
  .superRefine((b, ctx) => {
    if ((b.beneficiaryId === undefined) === (b.beneficiary === undefined)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["beneficiaryId"],
        message: "exactly one of beneficiaryId or beneficiary is required",
      })
    }
  })
export type PayoutCreateBody = z.input<typeof payoutCreateBodySchema>

/** spec gap: list query and response not shown. */
export type PayoutListQuery = Record<
  string,
  string | number | boolean | undefined
>
export const payoutListSchema = looseJson
export type PayoutList = z.infer<typeof payoutListSchema>
/** spec gap: GET /v1/payouts/active-banks response not shown. */
export const activeBanksSchema = looseJson
export type ActiveBanks = z.infer<typeof activeBanksSchema>
/** spec gap: beneficiary deletion response not shown; an empty body reads as null. */
export const beneficiaryRemovedSchema = z.union([looseJson, z.null()])

/** GET /v1/payout/prefund/balance: `available` (string, sen); other fields not shown. */
export const prefundBalanceSchema = resource({ available: z.string() })
export type PrefundBalance = z.infer<typeof prefundBalanceSchema>
