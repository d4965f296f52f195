import { z } from "@medusajs/framework/zod"

import { positiveInt, txHash } from "./common"
import { resource, timestamps } from "./fragments"

export const DEPOSIT_STATUSES = [
  "PENDING",
  "PROCESSING",
  "COMPLETED",
  "FAILED",
] as const

/** spec: Resources, Deposit (both areas; the same payload is the webhook payload). */
export const depositSchema = resource({
  id: z.string(),
  txHash: z.string(),
  logIndex: z.number().int(),
  chainId: z.number().int(),
  tokenId: z.string(),
  /** token smallest unit, not sen */
  amount: z.string(),
  from: z.string(),
  status: z.string(),
  confirmations: z.number().int(),
  triggerAddress: z.string().nullable(),
  destination: resource({
    type: z.string(),
    id: z.string(),
    name: z.string(),
  }).nullable(),
  result: resource({
    status: z.string(),
    statusReason: z.string().nullable(),
    withdrawal: resource({
      id: z.string(),
      /** sen */
      amount: z.string(),
      status: z.string(),
      refId: z.string().nullable(),
      reference: z.string().nullable(),
      ...timestamps,
    }).nullable(),
  }).nullable(),
  ...timestamps,
})
export type Deposit = z.infer<typeof depositSchema>

/** POST …/deposits/check-missed body (payout area; wallet area assumed the same, spec gap). */
export const checkMissedBodySchema = z
  .object({ txHash, chainId: positiveInt })
  .strict()
export type CheckMissedBody = z.infer<typeof checkMissedBodySchema>

/** 201 of POST /v1/payouts/deposits/check-missed. Read `status` before `depositIds`. */
export const checkMissedResultSchema = resource({
  status: z.string(),
  depositIds: z.array(z.string()),
})
export type CheckMissedResult = z.infer<typeof checkMissedResultSchema>
export const CHECK_MISSED_STATUSES = ["QUEUED", "ALREADY_DETECTED"] as const
