/**
 * Validate inputs before anything is sent (brief; spec: Limits and per-route rules).
 * The first failing rule becomes an SvcInputError naming the field and the rule,
 * e.g. `amount: must be an integer number of sen between 1000 and 100000000`.
 */
import { z } from "@medusajs/framework/zod"

import { isObject, SvcInputError } from "./errors"

/** The value at `path` inside `value` (zod 4 issues do not carry what was received). */
function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value
  for (const k of path) {
    if (!isObject(v)) return undefined
    v = v[k]
  }
  return v
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix = ""
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new SvcInputError(prefix || "input", "is invalid")
  let path = issue.path.map(String).join(".")
  let message = issue.message
  if (issue.code === "unrecognized_keys") {
    path = issue.keys[0] ?? path
    message = "is not a field of this request"
  } else if (issue.code === "invalid_type" && issue.path.length === 0) {
    message = `must be ${issue.expected === "object" ? "an object" : `a ${issue.expected}`}`
  } else if (issue.code === "invalid_type") {
    message =
      at(value, issue.path) === undefined
        ? "is required"
        : `must be a ${issue.expected}`
  }
  const field = [prefix, path].filter((p) => p.length > 0).join(".") || "body"
  throw new SvcInputError(field, message)
}
