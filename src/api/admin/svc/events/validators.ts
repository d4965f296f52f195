import { z } from "@medusajs/framework/zod"
import { pageQuery } from "../validators"

/** `GET /admin/svc/events?outcome&event_type&limit&offset`. */
export const eventsQuery = z
  .object({
    ...pageQuery,
    outcome: z.string().max(60).optional(),
    event_type: z.string().max(60).optional(),
  })
  .strict()
export type EventsQuery = z.output<typeof eventsQuery>
