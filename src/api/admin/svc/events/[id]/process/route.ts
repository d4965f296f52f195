import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { processInboxEvent } from "../../../../../hooks/svc/inbox"

/** POST /admin/svc/events/:id/process: process the event again (its resource re-read from svc); answers the event with its new outcome. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({
    event: await processInboxEvent(req.scope, req.params.id, "admin", {
      rethrow: false,
    }),
  })
}
