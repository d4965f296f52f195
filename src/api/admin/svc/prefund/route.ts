import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { prefundBalance } from "../../../../lib/svc-admin/prefund"

/** GET /admin/svc/prefund: the payout prefund balance (`available_sen`). */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json(await prefundBalance(req.scope))
}
