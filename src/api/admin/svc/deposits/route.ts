import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listDeposits } from "../../../../lib/svc-admin/deposits"
import { scope } from "../../../../lib/svc-admin/http"
import type { DepositsQuery } from "./validators"

/** GET /admin/svc/deposits?area=&status=&destination_id=&limit=&offset=: deposits from the events received (and look-ups). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, DepositsQuery>,
  res: MedusaResponse
) {
  res.json(await listDeposits(scope(req), req.validatedQuery))
}
