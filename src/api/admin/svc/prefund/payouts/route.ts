import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { scope } from "../../../../../plugin/admin-tools/http"
import type { payoutsQuery } from "../../../../../plugin/admin-tools/input"
import { listAllPayouts } from "../../../../../plugin/admin-tools/prefund"

/** GET /admin/svc/prefund/payouts?limit=&cursor=&status=: every payout of the svc account (not only refunds), one cursor page. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof payoutsQuery>>, res: MedusaResponse) {
  res.json(await listAllPayouts(scope(req), req.validatedQuery))
}
