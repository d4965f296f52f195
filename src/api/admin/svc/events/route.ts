import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { scope } from "../../../../plugin/admin-tools/http"
import { listInboxEvents } from "../../../../plugin/admin-tools/inbox"
import type { eventsQuery } from "../../../../plugin/admin-tools/input"

/** GET /admin/svc/events?outcome=&event_type=&limit=&offset=: the inbox of svc's deposit, transfer and prefund events with their outcome. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof eventsQuery>>, res: MedusaResponse) {
  res.json(await listInboxEvents(scope(req), req.validatedQuery))
}
