/**
 * Pieces the response schemas share. Not re-exported (schemas/index.ts): the
 * client's public API is the schemas, not how they are built.
 */
import { z } from "@medusajs/framework/zod"

/** A response object: the fields named are checked, others pass through (spec: Versioning). */
export const resource = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).passthrough()

/** A resource's creation and last-change times (ISO 8601 strings), last among its fields. */
export const timestamps = { createdAt: z.string(), updatedAt: z.string() }

/** A payment's `amount` and `fee`: strings in sen. */
export const amountAndFee = { amount: z.string(), fee: z.string() }
