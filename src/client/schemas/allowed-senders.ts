import { z } from "zod"

import { boolean, evmAddress, text } from "./common"

/** spec: Resources, Allowed sender (whitelist entry). */
export const allowedSenderSchema = z
  .object({
    id: z.string(),
    address: z.string(),
    label: z.string().nullable(),
    active: z.boolean(),
    createdAt: z.string(),
  })
  .passthrough()
export type AllowedSender = z.infer<typeof allowedSenderSchema>
export const allowedSenderListSchema = z.array(allowedSenderSchema)

export const allowedSenderCreateBodySchema = z.object({ address: evmAddress, label: text(1, 120).optional() }).strict()
export type AllowedSenderCreateBody = z.infer<typeof allowedSenderCreateBodySchema>
export const allowedSenderUpdateBodySchema = z.object({ active: boolean }).strict()
export type AllowedSenderUpdateBody = z.infer<typeof allowedSenderUpdateBodySchema>

/** 200 of DELETE …/whitelist/{senderId}. */
export const successSchema = z.object({ success: z.boolean() }).passthrough()
export type SuccessResult = z.infer<typeof successSchema>

/** spec: Resources, Trigger address. */
export const triggerAddressSchema = z
  .object({
    address: z.string(),
    network: z.string(),
    destination: z.object({ type: z.string(), id: z.string() }).passthrough(),
  })
  .passthrough()
export type TriggerAddress = z.infer<typeof triggerAddressSchema>
