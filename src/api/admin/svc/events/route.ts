import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../svc-admin/http"
import { listInboxEvents } from "../../../../svc-admin/inbox"
import { eventsQuery, parseAdmin } from "../../../../svc-admin/input"

/** GET /admin/svc/events?outcome=&event_type=&limit=&offset=: the inbox of svc's deposit, transfer and prefund events with their outcome. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listInboxEvents(scope(req), parseAdmin(eventsQuery, req.query)))
}
