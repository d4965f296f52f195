import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { scope } from "../../../../../lib/svc-admin/http"
import { listAllPayouts } from "../../../../../lib/svc-admin/prefund"
import type { PayoutsQuery } from "../validators"

/** GET /admin/svc/prefund/payouts?limit=&cursor=&status=: every payout of the svc account (not only refunds), one cursor page. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, PayoutsQuery>,
  res: MedusaResponse
) {
  res.json(await listAllPayouts(scope(req), req.validatedQuery))
}
