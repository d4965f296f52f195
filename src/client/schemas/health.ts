import { z } from "@medusajs/framework/zod"

import { resource } from "./fragments"

/** Account known values; others exist (spec: Account, "beyond those named: not shown"). */
export const ACCOUNT_TYPES = ["BUSINESS"] as const
export const ACCOUNT_STATUSES = ["ACTIVE"] as const

/** GET /v1/health (spec: Resources, Account). */
export const healthSchema = resource({
  success: z.boolean(),
  message: z.string(),
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      status: z.string(),
    })
    .passthrough(),
})
export type Health = z.infer<typeof healthSchema>
