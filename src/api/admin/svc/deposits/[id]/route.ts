import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { lookUpDeposit } from "../../../../../lib/svc-admin/deposits"
import { param, scope } from "../../../../../lib/svc-admin/http"
import type { DepositLookupQuery } from "../validators"

/** GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a COMPLETED one never moves back). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, DepositLookupQuery>,
  res: MedusaResponse
) {
  res.json({
    deposit: await lookUpDeposit(
      scope(req),
      param(req, "id"),
      req.validatedQuery.area
    ),
  })
}
