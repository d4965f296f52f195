import { z } from "@medusajs/framework/zod"

/**
 * What the storefront may put in a payment session's `data`. Everything else it
 * sends is dropped: nothing a shopper controls reaches svc unchecked.
 */
export const storefrontDataSchema = z
  .object({
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
  .passthrough()

export type StorefrontData = {
  bank?: string
  bankType?: "RETAIL" | "CORPORATE" | "01" | "02"
  buyerName?: string
  cart_id?: string
}

/** Pick and validate only the storefront-settable fields. */
export function pickStorefrontData(
  data: Record<string, unknown> | undefined
): StorefrontData {
  const src = data ?? {}
  const candidate: Record<string, unknown> = {}
  for (const k of ["bank", "bankType", "buyerName", "cart_id"]) {
    if (src[k] !== undefined && src[k] !== null && src[k] !== "")
      candidate[k] = src[k]
  }
  const parsed = storefrontDataSchema.safeParse(candidate)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    throw new StorefrontDataError(`${i.path.join(".")}: ${i.message}`)
  }
  const { bank, bankType, buyerName, cart_id } = parsed.data
  return { bank, bankType, buyerName, cart_id }
}

export class StorefrontDataError extends Error {}

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
