import { reprocessTrackedEvent } from "../../tracked-events"
import { answer } from "../../../../answer"

/** POST /admin/svc/events/tracked/:id/process: re-read the payout or fiat withdrawal from svc, as the webhook does. */
export const POST = answer(async (scope, req) => ({
  event: await reprocessTrackedEvent(scope, req.params.id),
}))
