import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { lookUpDeposit } from "../../../../../plugin/admin-tools/deposits"
import { pathId, scope } from "../../../../../plugin/admin-tools/http"
import { depositLookupQuery, parseAdmin } from "../../../../../plugin/admin-tools/input"

/** GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a COMPLETED one never moves back). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = pathId(req, "id", "a deposit")
  const { area } = parseAdmin(depositLookupQuery, req.query)
  res.json({ deposit: await lookUpDeposit(scope(req), id, area) })
}
