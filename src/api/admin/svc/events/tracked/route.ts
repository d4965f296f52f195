import { listTrackedEvents } from "./tracked-events"
import type { ListQuery } from "../../validators"
import { answerQuery } from "../../answer"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export const GET = answerQuery<ListQuery>(listTrackedEvents)
