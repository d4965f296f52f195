import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../../plugin/admin-tools/http"
import { listQuery, parseAdmin } from "../../../../../plugin/admin-tools/input"
import { listTrackedEvents } from "../../../../../plugin/admin-tools/tracked-events"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listTrackedEvents(scope(req), parseAdmin(listQuery, req.query)))
}
