import { listInboxEvents } from "../../../hooks/svc/inbox"
import type { EventsQuery } from "./validators"
import { answerQuery } from "../answer"

/** GET /admin/svc/events?outcome=&event_type=&limit=&offset=: the inbox of svc's deposit, transfer and prefund events with their outcome. */
export const GET = answerQuery<EventsQuery>(listInboxEvents)
