import { listTrackedEvents } from "./tracked-events"
import type { ListQuery } from "../../validators"
import { answer } from "../../answer"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export const GET = answer<ListQuery>((scope, req) =>
  listTrackedEvents(scope, req.validatedQuery)
)
