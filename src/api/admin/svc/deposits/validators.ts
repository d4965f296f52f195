import { z } from "@medusajs/framework/zod"
import { TX_HASH_RE } from "../../../../client/schemas/common"
import { pageQuery } from "../validators"
import { english, say } from "../../../../lib/texts"

export const AREAS = ["wallet", "payout"] as const
const area = z.enum(AREAS)

/** `GET /admin/svc/deposits?area&status&destination_id&limit&offset`. */
export const depositsQuery = z
  .object({
    ...pageQuery,
    area: area.optional(),
    status: z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]).optional(),
    destination_id: z.string().max(100).optional(),
  })
  .strict()
export type DepositsQuery = z.output<typeof depositsQuery>

/** `GET /admin/svc/deposits/:id?area`. */
export const depositLookupQuery = z.object({ area: area.optional() }).strict()
export type DepositLookupQuery = z.output<typeof depositLookupQuery>

/** Solana's chainId in deposit events; check-missed takes only EVM hashes (spec: check-missed). */
export const SOLANA_CHAIN_ID = 101

/** `POST /admin/svc/deposits/check-missed {area, tx_hash, chain_id}`. */
export const checkMissed = z
  .object({
    area,
    tx_hash: z
      .string()
      .trim()
      .refine(
        (v) => TX_HASH_RE.test(v),
        english(say("input.txHash", { path: "tx_hash" }))
      ),
    chain_id: z.coerce
      .number()
      .int()
      .positive()
      .refine(
        (v) => v !== SOLANA_CHAIN_ID,
        english(say("input.solana", { path: "chain_id" }))
      ),
  })
  .strict()
export type CheckMissed = z.output<typeof checkMissed>
