import { z } from "@medusajs/framework/zod"
import { invalidData } from "../svc-runtime/errors"

/**
 * What the storefront may put in a payment session's `data`. Everything else it
 * sends is dropped: nothing a shopper controls reaches svc unchecked.
 */
const storefrontDataSchema = z.object({
  /** FPX_DIRECT: bank code from GET /store/svc/fpx-banks. */
  bank: z.string().trim().min(1, "must be a bank code").max(32).optional(),
  /** FPX_DIRECT: RETAIL or CORPORATE (01/02 accepted). */
  bankType: z
    .enum(["RETAIL", "CORPORATE", "01", "02"], {
      error: "must be RETAIL, CORPORATE, 01 or 02",
    })
    .optional(),
  /** FPX_DIRECT: the buyer's name as at the bank, 1-100 characters. */
  buyerName: z
    .string()
    .trim()
    .min(1, "must be 1-100 characters")
    .max(100, "must be 1-100 characters")
    .optional(),
  /** The cart being paid, for the redirect URL back to the store. */
  cart_id: z
    .string()
    .regex(/^cart_[0-9A-Za-z]{10,40}$/, "must be a Medusa cart id")
    .optional(),
})

export type StorefrontData = z.infer<typeof storefrontDataSchema>

/** Pick and validate only the storefront-settable fields (one sent empty, null or "", is one not sent). */
export function pickStorefrontData(
  data: Record<string, unknown> | undefined
): StorefrontData {
  const given = Object.entries(data ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== ""
  )
  const parsed = storefrontDataSchema.safeParse(Object.fromEntries(given))
  if (parsed.success) return parsed.data
  const i = parsed.error.issues[0]
  throw invalidData(`svc: payment data ${i.path.join(".")}: ${i.message}`)
}

/** What the provider stores in the payment session (Medusa persists it). */
export const svcSessionDataSchema = z
  .object({
    session_id: z.string().min(1),
    type: z.enum(["SVC_ACCOUNT", "FPX_HOSTED", "FPX_DIRECT"]),
    attempt: z.number().int().positive(),
    idempotencyKey: z.string().uuid(),
    title: z.string(),
    amountSen: z.number().int(),
    tokenId: z.string(),
    addressTo: z.string(),
    checkoutId: z.string().uuid(),
    checkoutUrl: z.string(),
    expiresAt: z.string(),
    svcStatus: z.string(),
    failureReason: z.string().nullable().optional(),
    paidAt: z.string().nullable().optional(),
    txHash: z.string().nullable().optional(),
    bank: z.string().optional(),
    bankType: z.string().optional(),
    buyerName: z.string().optional(),
    cart_id: z.string().optional(),
  })
  .passthrough()

export type SvcSessionData = z.infer<typeof svcSessionDataSchema>
