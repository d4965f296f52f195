import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { checkMissedTransaction } from "../../../../../plugin/admin-tools/deposits"
import { scope } from "../../../../../plugin/admin-tools/http"
import type { checkMissed } from "../../../../../plugin/admin-tools/input"

/** POST /admin/svc/deposits/check-missed `{area, tx_hash, chain_id}`: EVM only (0x + 64 hex; Solana cannot be checked). */
export async function POST(req: AuthenticatedMedusaRequest<z.output<typeof checkMissed>>, res: MedusaResponse) {
  res.json(await checkMissedTransaction(scope(req), req.validatedBody))
}
