import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listDeposits } from "../../../../svc-admin/deposits"
import { scope } from "../../../../svc-admin/http"
import { depositsQuery, parseAdmin } from "../../../../svc-admin/input"

/** GET /admin/svc/deposits?area=&status=&destination_id=&limit=&offset=: deposits from the events received (and look-ups). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listDeposits(scope(req), parseAdmin(depositsQuery, req.query)))
}
