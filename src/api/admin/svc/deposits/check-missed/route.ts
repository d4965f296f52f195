import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { checkMissedTransaction } from "../../../../../lib/svc-admin/deposits"
import { scope } from "../../../../../lib/svc-admin/http"
import type { CheckMissed } from "../validators"

/** POST /admin/svc/deposits/check-missed `{area, tx_hash, chain_id}`: EVM only (0x + 64 hex; Solana cannot be checked). */
export async function POST(
  req: AuthenticatedMedusaRequest<CheckMissed>,
  res: MedusaResponse
) {
  res.json(await checkMissedTransaction(scope(req), req.validatedBody))
}
