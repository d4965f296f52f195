import { z } from "@medusajs/framework/zod"
import { cursor, pageQuery } from "../validators"

/** `GET /admin/svc/prefund/payouts?limit&cursor&status`: every payout of the svc account. */
export const payoutsQuery = z
  .object({
    limit: pageQuery.limit,
    cursor,
    status: z.enum(["INITIATED", "SETTLED", "REVERSED", "RETURNED"]).optional(),
  })
  .strict()
export type PayoutsQuery = z.output<typeof payoutsQuery>
