import { z } from "@medusajs/framework/zod"
import { EVM_ADDRESS_RE, UUID_RE } from "../../../client/schemas/common"
import { english, say } from "../../../lib/texts"

/**
 * Inputs shared by the plugin's admin routes, on Medusa's zod
 * (`@medusajs/framework/zod`), checked by Medusa's validateAndTransformBody /
 * validateAndTransformQuery in src/api/middlewares.ts before the handler runs,
 * so before any svc call or money moves. A bad input is a 400 `invalid_data`,
 * "Invalid request: …" (Medusa's words for a missing field, a wrong type, a
 * bound or an unknown field name it; a rule of the plugin's own, a pattern or a
 * refinement, says "field: rule" itself, as Medusa shows only its message).
 * Both are sentences of the server's catalogue (src/lib/texts, `input.*`), so
 * the admin shows them in its language (docs/admin.md#languages).
 */
export const svcId = (field: string, what: string) =>
  z.string().regex(UUID_RE, `${field}: must be the svc id of ${what} (a UUID)`)

/** Path ids that are the plugin's own rows. */
export const rowId = (field: string, prefix: string, what: string) =>
  z
    .string()
    .regex(
      new RegExp(`^${prefix}_\\w+$`),
      `${field}: must be ${what} (${prefix}_…)`
    )

export const orderId = (field = "order_id") =>
  z
    .string()
    .regex(/^order_[0-9A-Za-z]+$/, `${field}: must be an order id (order_…)`)

export const evmAddress = (field: string) =>
  z
    .string()
    .trim()
    .regex(EVM_ADDRESS_RE, english(say("input.evmAddress", { path: field })))

/** `?limit&offset` of the plugin's own lists (their own defaults and bounds, not Medusa's). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
}
export const listQuery = z.object(pageQuery).strict()
export type ListQuery = z.output<typeof listQuery>

/** A cursor of svc's lists. */
export const cursor = z.string().min(1).max(200).optional()

/** `{address, label?}`: allow a sender on a trigger address (bank accounts and beneficiaries). */
export const allowedSenderAdd = z
  .object({
    address: evmAddress("address"),
    label: z.string().trim().min(1).max(120).optional(),
  })
  .strict()
export type AllowedSenderAdd = z.output<typeof allowedSenderAdd>

/** `{active}`: disable (false) or enable (true) an allowed sender. */
export const allowedSenderChange = z.object({ active: z.boolean() }).strict()
export type AllowedSenderChange = z.output<typeof allowedSenderChange>

/** `?order_id&attention&limit` of the order panel and the "needs attention" lists. */
export const attentionQuery = z
  .object({
    order_id: orderId().optional(),
    attention: z.enum(["true", "false"]).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict()
export type AttentionQuery = z.output<typeof attentionQuery>

/** A ringgit amount as an admin typed it (src/lib/money/admin-input.ts). */
export { amountInput } from "../../../lib/money/admin-input"
