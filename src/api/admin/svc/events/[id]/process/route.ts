import { processInboxEvent } from "../../../../../hooks/svc/inbox"
import { answer } from "../../../answer"

/** POST /admin/svc/events/:id/process: process the event again (its resource re-read from svc); answers the event with its new outcome. */
export const POST = answer(async (scope, req) => ({
  event: await processInboxEvent(scope, req.params.id, "admin"),
}))
