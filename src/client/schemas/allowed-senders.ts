import { z } from "@medusajs/framework/zod"

import { boolean, evmAddress, text } from "./common"
import { resource } from "./fragments"

/** spec: Resources, Allowed sender (whitelist entry). */
export const allowedSenderSchema = resource({
  id: z.string(),
  address: z.string(),
  label: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
})
export type AllowedSender = z.infer<typeof allowedSenderSchema>
export const allowedSenderListSchema = z.array(allowedSenderSchema)

export const allowedSenderCreateBodySchema = z
  .object({ address: evmAddress, label: text(1, 120).optional() })
  .strict()
export type AllowedSenderCreateBody = z.infer<
  typeof allowedSenderCreateBodySchema
>
export const allowedSenderUpdateBodySchema = z
  .object({ active: boolean })
  .strict()
export type AllowedSenderUpdateBody = z.infer<
  typeof allowedSenderUpdateBodySchema
>

/** 200 of DELETE …/whitelist/{senderId}. */
export const successSchema = resource({ success: z.boolean() })
export type SuccessResult = z.infer<typeof successSchema>

/** spec: Resources, Trigger address. */
export const triggerAddressSchema = resource({
  address: z.string(),
  network: z.string(),
  destination: resource({ type: z.string(), id: z.string() }),
})
export type TriggerAddress = z.infer<typeof triggerAddressSchema>
