import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../plugin/admin-tools/http"
import { prefundBalance } from "../../../../plugin/admin-tools/prefund"

/** GET /admin/svc/prefund: the payout prefund balance (`available_sen`). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await prefundBalance(scope(req)))
}
