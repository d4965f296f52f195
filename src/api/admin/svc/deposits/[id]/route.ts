import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { lookUpDeposit } from "../../../../../plugin/admin-tools/deposits"
import { param, scope } from "../../../../../plugin/admin-tools/http"
import type { depositLookupQuery } from "../../../../../plugin/admin-tools/input"

/** GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a COMPLETED one never moves back). */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof depositLookupQuery>>, res: MedusaResponse) {
  res.json({ deposit: await lookUpDeposit(scope(req), param(req, "id"), req.validatedQuery.area) })
}
