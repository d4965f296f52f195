import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { param, scope } from "../../../../../../lib/svc-admin/http"
import { processInboxEvent } from "../../../../../../lib/webhooks/inbox"

/** POST /admin/svc/events/:id/process: process the event again (its resource re-read from svc); answers the event with its new outcome. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({
    event: await processInboxEvent(scope(req), param(req, "id"), "admin", {
      rethrow: false,
    }),
  })
}
