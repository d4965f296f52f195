import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../../plugin/admin-tools/http"
import { parseAdmin, payoutsQuery } from "../../../../../plugin/admin-tools/input"
import { listAllPayouts } from "../../../../../plugin/admin-tools/prefund"

/** GET /admin/svc/prefund/payouts?limit=&cursor=&status=: every payout of the svc account (not only refunds), one cursor page. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listAllPayouts(scope(req), parseAdmin(payoutsQuery, req.query)))
}
