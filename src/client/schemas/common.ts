/**
 * Shared zod building blocks. Input rules carry messages that name the rule
 * (the field name is added by `parseInput`); response schemas use `.passthrough()`
 * so new fields are not breaking (spec: Versioning) and `z.string()` for enums so a
 * new status value is tolerated, with known-value lists beside them.
 */
import { z } from "@medusajs/framework/zod"

import { CHECKOUT_AMOUNT_RULE, isValidAmountSen } from "../amounts"
import { resource } from "./fragments"

export const UUID_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const UUID_V4_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
/** "EVM addresses are `0x` plus 40 hexadecimal characters" (spec: Networks and token). */
export const EVM_ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
/** Base58 alphabet, 32-44 characters (a 32-byte Solana public key). */
export const SOLANA_ADDRESS_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** check-missed `txHash`: `0x` plus 64 hex characters. */
export const TX_HASH_RE = /^0x[0-9a-fA-F]{64}$/

const chars = (s: string): number => Array.from(s).length

/** A value checked by a predicate, with one message for every failure (including missing). */
export function rule<T>(
  check: (v: unknown) => boolean,
  message: string
): z.ZodType<T, T> {
  return z.custom<T>((v) => check(v), { message })
}

export const uuid = (what = "a UUID") =>
  rule<string>(
    (v) => typeof v === "string" && UUID_RE.test(v),
    `must be ${what}`
  )
export const uuidV4 = rule<string>(
  (v) => typeof v === "string" && UUID_V4_RE.test(v),
  "must be a UUID v4"
)
export const amountSen = rule<number>(isValidAmountSen, CHECKOUT_AMOUNT_RULE)
export const text = (min: number, max: number) =>
  rule<string>(
    (v) => typeof v === "string" && chars(v) >= min && chars(v) <= max,
    min > 0
      ? `must be a string of ${min}-${max} characters`
      : `must be a string of at most ${max} characters`
  )
export const nonEmpty = rule<string>(
  (v) => typeof v === "string" && v.trim().length > 0,
  "must be a non-empty string"
)
export const evmAddress = rule<string>(
  (v) => typeof v === "string" && EVM_ADDRESS_RE.test(v),
  "must be an EVM address (0x followed by 40 hexadecimal characters)"
)
export const evmOrSolanaAddress = rule<string>(
  (v) =>
    typeof v === "string" &&
    (EVM_ADDRESS_RE.test(v) || SOLANA_ADDRESS_RE.test(v)),
  "must be an EVM address (0x followed by 40 hexadecimal characters) or a Solana base58 address (32-44 characters)"
)
export const txHash = rule<string>(
  (v) => typeof v === "string" && TX_HASH_RE.test(v),
  "must be 0x followed by 64 hexadecimal characters"
)
export const positiveInt = rule<number>(
  (v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0,
  "must be a positive integer"
)
export const pageLimit = rule<number>(
  (v) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 100,
  "must be an integer between 1 and 100"
)
export const boolean = rule<boolean>(
  (v) => typeof v === "boolean",
  "must be a boolean"
)
export const httpUrl = rule<string>((v) => {
  if (typeof v !== "string") return false
  try {
    const u = new URL(v)
    return u.protocol === "https:" || u.protocol === "http:"
  } catch {
    return false
  }
}, "must be an absolute http(s) URL")
export const isoDateTime = rule<string>(
  (v) =>
    typeof v === "string" &&
    /^\d{4}-\d{2}-\d{2}/.test(v) &&
    !Number.isNaN(Date.parse(v)),
  "must be an ISO 8601 date-time"
)
export const oneOf = <T extends string>(values: readonly T[]) =>
  rule<T>(
    (v) => values.some((x) => x === v),
    `must be one of ${values.join(", ")}`
  )

// ---------------------------------------------------------------- responses

/** A loosely typed object: the spec does not show its fields. */
export const looseObject = z.object({}).passthrough()
export type LooseObject = z.infer<typeof looseObject>
/** Not shown whether an object or an array: accept either. */
export const looseJson = z.union([z.array(z.unknown()), looseObject])
export type LooseJson = z.infer<typeof looseJson>

/** Cursor page (spec: Conventions, cursor pagination). */
export const page = <T extends z.ZodType>(item: T) =>
  resource({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  })
export interface Page<T> {
  data: T[]
  hasMore: boolean
  nextCursor: string | null
}

export const cursorQuery = {
  limit: pageLimit.optional(),
  cursor: nonEmpty.optional(),
}
