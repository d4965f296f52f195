import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { scope } from "../../../../../../plugin/admin-tools/http"
import { processInboxEvent } from "../../../../../../plugin/admin-tools/inbox"
import { parseAdmin } from "../../../../../../plugin/admin-tools/input"

/** POST /admin/svc/events/:id/process: process the event again (its resource re-read from svc); answers the event with its new outcome. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { id } = parseAdmin(z.object({ id: z.string().regex(/^svcin_\w+$/, "must be an inbox event id (svcin_…)") }).passthrough(), req.params)
  res.json({ event: await processInboxEvent(scope(req), id, "admin", { rethrow: false }) })
}
