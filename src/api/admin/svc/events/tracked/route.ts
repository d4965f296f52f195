import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listTrackedEvents } from "./tracked-events"
import type { ListQuery } from "../../validators"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, ListQuery>,
  res: MedusaResponse
) {
  res.json(await listTrackedEvents(req.scope, req.validatedQuery))
}
