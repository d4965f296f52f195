import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { listDeposits } from "../../../../plugin/admin-tools/deposits"
import { scope } from "../../../../plugin/admin-tools/http"
import type { depositsQuery } from "../../../../plugin/admin-tools/input"

/** GET /admin/svc/deposits?area=&status=&destination_id=&limit=&offset=: deposits from the events received (and look-ups). */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof depositsQuery>>, res: MedusaResponse) {
  res.json(await listDeposits(scope(req), req.validatedQuery))
}
