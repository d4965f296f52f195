import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listInboxEvents } from "../../../hooks/svc/inbox"
import type { EventsQuery } from "./validators"

/** GET /admin/svc/events?outcome=&event_type=&limit=&offset=: the inbox of svc's deposit, transfer and prefund events with their outcome. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, EventsQuery>,
  res: MedusaResponse
) {
  res.json(await listInboxEvents(req.scope, req.validatedQuery))
}
