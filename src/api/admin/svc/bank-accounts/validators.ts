import { z } from "@medusajs/framework/zod"
import { cursor, pageQuery } from "../validators"

/** `GET /admin/svc/bank-accounts?limit&cursor&search` (spec: cursor pagination; search by name). */
export const bankAccountsQuery = z
  .object({
    limit: pageQuery.limit,
    cursor,
    search: z.string().trim().max(100).optional(),
  })
  .strict()
export type BankAccountsQuery = z.output<typeof bankAccountsQuery>
