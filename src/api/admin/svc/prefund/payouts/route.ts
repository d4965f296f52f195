import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../../svc-admin/http"
import { parseAdmin, payoutsQuery } from "../../../../../svc-admin/input"
import { listAllPayouts } from "../../../../../svc-admin/prefund"

/** GET /admin/svc/prefund/payouts?limit=&cursor=&status=: every payout of the svc account (not only refunds), one cursor page. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listAllPayouts(scope(req), parseAdmin(payoutsQuery, req.query)))
}
