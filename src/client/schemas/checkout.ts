import { z } from "@medusajs/framework/zod"

import {
  amountSen,
  cursorQuery,
  evmOrSolanaAddress,
  httpUrl,
  isoDateTime,
  nonEmpty,
  oneOf,
  page,
  rule,
  text,
  uuid,
} from "./common"
import { amountAndFee, resource, timestamps } from "./fragments"

export const CHECKOUT_TYPES = [
  "SVC_ACCOUNT",
  "FPX_HOSTED",
  "FPX_DIRECT",
] as const
export type CheckoutType = (typeof CHECKOUT_TYPES)[number]
export const FEE_MODES = ["DEDUCT_FROM_AMOUNT", "CHARGE_TO_PREFUND"] as const
export type FeeMode = (typeof FEE_MODES)[number]
export const BANK_TYPES = ["RETAIL", "CORPORATE", "01", "02"] as const
export type BankType = (typeof BANK_TYPES)[number]
/** spec: States, Checkout status. Responses use z.string(): a new value must not crash. */
export const CHECKOUT_STATUSES = [
  "CREATED",
  "PENDING",
  "PROCESSING",
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REJECTED",
] as const
export type KnownCheckoutStatus = (typeof CHECKOUT_STATUSES)[number]
export const CHECKOUT_FINAL_STATUSES: readonly string[] = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "REJECTED",
]
export function isKnownCheckoutStatus(s: string): s is KnownCheckoutStatus {
  return CHECKOUT_STATUSES.some((c) => c === s)
}

// ---------------------------------------------------------------- POST /v1/checkout body

interface CheckoutCreateCommon {
  addressTo: string
  /** integer sen, 1000-100000000 */
  amount: number
  tokenId: string
  redirectUrl: string
  /** 1-100 characters; use as a unique reconciliation handle (spec: Idempotency rules 4). */
  title: string
  description?: string
}
export type CheckoutCreateBody =
  | (CheckoutCreateCommon & { type: "SVC_ACCOUNT" })
  | (CheckoutCreateCommon & { type: "FPX_HOSTED"; feeMode: FeeMode })
  | (CheckoutCreateCommon & {
      type: "FPX_DIRECT"
      feeMode: FeeMode
      buyerName: string
      bank: string
      bankType: BankType
    })

const trimmedBuyerName = rule<string>(
  (v) =>
    typeof v === "string" &&
    Array.from(v.trim()).length >= 1 &&
    Array.from(v.trim()).length <= 100,
  "must be 1-100 characters after trimming"
)

/** Every field rule of POST /v1/checkout, including the per-type table. */
export const checkoutCreateBodySchema: z.ZodType<CheckoutCreateBody, unknown> =
  z
    .object({
      type: oneOf(CHECKOUT_TYPES),
      addressTo: evmOrSolanaAddress,
      amount: amountSen,
      tokenId: uuid(),
      redirectUrl: httpUrl,
      title: text(1, 100),
      description: text(0, 500).optional(),
      feeMode: oneOf(FEE_MODES).optional(),
      buyerName: trimmedBuyerName.transform((s) => s.trim()).optional(),
      bank: nonEmpty.optional(),
      bankType: oneOf(BANK_TYPES).optional(),
    })
    .strict()
    .superRefine((b, ctx) => {
      const fail = (path: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
      if (b.type === "SVC_ACCOUNT" && b.feeMode !== undefined)
        fail("feeMode", "is rejected for type SVC_ACCOUNT")
      if (b.type !== "SVC_ACCOUNT" && b.feeMode === undefined)
        fail(
          "feeMode",
          `is required for type ${b.type} (one of ${FEE_MODES.join(", ")})`
        )
      for (const f of ["buyerName", "bank", "bankType"] as const) {
        if (b.type !== "FPX_DIRECT" && b[f] !== undefined)
          fail(f, `is only accepted for type FPX_DIRECT`)
        if (b.type === "FPX_DIRECT" && b[f] === undefined)
          fail(f, "is required for type FPX_DIRECT")
      }
    })
    // The rules above, as the type they prove: runs only when they all passed (then it always holds), so it adds no issue of its own.
    .transform((b, ctx) => {
      if (isCheckoutCreateBody(b)) return b
      ctx.addIssue({ code: "custom", message: "is not a checkout of its type" })
      return z.NEVER
    })

/** A parsed body that kept the per-type rules is one of the union's members. */
function isCheckoutCreateBody<
  B extends {
    type: CheckoutType
    feeMode?: FeeMode
    buyerName?: string
    bank?: string
    bankType?: BankType
  },
>(b: B): b is B & CheckoutCreateBody {
  if (b.type === "SVC_ACCOUNT") return true
  if (b.feeMode === undefined) return false
  return (
    b.type === "FPX_HOSTED" ||
    (b.buyerName !== undefined &&
      b.bank !== undefined &&
      b.bankType !== undefined)
  )
}

export const checkoutListQuerySchema = z
  .object({
    ...cursorQuery,
    status: oneOf(CHECKOUT_STATUSES).optional(),
    startDt: isoDateTime.optional(),
    endDt: isoDateTime.optional(),
  })
  .strict()
export type CheckoutListQuery = z.infer<typeof checkoutListQuerySchema>

// ---------------------------------------------------------------- responses

/** 200 of POST /v1/checkout. */
export const checkoutCreatedSchema = resource({
  checkoutId: z.string(),
  checkoutUrl: z.string(),
  expiresAt: z.string(),
})
export type CheckoutCreated = z.infer<typeof checkoutCreatedSchema>

/** spec: Resources, Checkout object. Buyer details are not returned by reads. */
export const checkoutSchema = resource({
  checkoutId: z.string(),
  type: z.string(),
  status: z.string(),
  ...amountAndFee,
  netAmount: z.string(),
  addressTo: z.string(),
  tokenId: z.string(),
  token: resource({ id: z.string(), name: z.string(), symbol: z.string() }),
  title: z.string(),
  description: z.string().nullable(),
  redirectUrl: z.string(),
  txHash: z.string().nullable(),
  paidAt: z.string().nullable(),
  expiresAt: z.string(),
  ...timestamps,
})
export type Checkout = z.infer<typeof checkoutSchema>

export const checkoutPageSchema = page(checkoutSchema)
export type CheckoutPage = z.infer<typeof checkoutPageSchema>

/** spec: Resources, FPX bank. `type` is `01` retail or `02` corporate. */
export const fpxBankSchema = resource({
  code: z.string(),
  name: z.string(),
  displayName: z.string(),
  logoUrl: z.string(),
  type: z.string(),
  active: z.boolean(),
})
export type FpxBank = z.infer<typeof fpxBankSchema>
export const fpxBanksSchema = resource({ banks: z.array(fpxBankSchema) })
export type FpxBanks = z.infer<typeof fpxBanksSchema>
