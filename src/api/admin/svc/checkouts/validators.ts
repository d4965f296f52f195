import type { z } from "@medusajs/framework/zod"
import { attentionQuery } from "../validators"

/** `GET /admin/svc/checkouts?order_id&attention&limit` (the order panel, the "needs attention" list). */
export const checkoutsQuery = attentionQuery
export type CheckoutsQuery = z.output<typeof checkoutsQuery>
