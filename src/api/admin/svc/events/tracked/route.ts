import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../../svc-admin/http"
import { listQuery, parseAdmin } from "../../../../../svc-admin/input"
import { listTrackedEvents } from "../../../../../svc-admin/tracked-events"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listTrackedEvents(scope(req), parseAdmin(listQuery, req.query)))
}
