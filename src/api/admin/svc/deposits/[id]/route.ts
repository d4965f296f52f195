import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { lookUpDeposit } from "../../../../../plugin/admin-tools/deposits"
import { param, scope } from "../../../../../plugin/admin-tools/http"
import type { DepositLookupQuery } from "../validators"

/** GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a COMPLETED one never moves back). */
export async function GET(req: AuthenticatedMedusaRequest<unknown, DepositLookupQuery>, res: MedusaResponse) {
  res.json({ deposit: await lookUpDeposit(scope(req), param(req, "id"), req.validatedQuery.area) })
}
