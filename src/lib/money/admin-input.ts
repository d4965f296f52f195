import { z } from "@medusajs/framework/zod"
import {
  assertAmountTextBounded,
  fromSen,
  SvcInputError,
  toSen,
} from "../../client"
import { english, say } from "../texts"
import { invalidData } from "../svc-runtime/errors"

/**
 * A ringgit amount typed by an admin ("25.50" or 25.5) as exact integer sen,
 * never through floating point, within [minSen, maxSen]; errors name the field.
 * A string longer than an amount (AMOUNT_TEXT_MAX) or with a large exponent is
 * refused before it is read ("1e-50000" once froze the server). The client's
 * rules ("must be a decimal amount", …) are sentences of the catalogue too
 * (src/lib/texts, `input.*`: read back from the English for the admin).
 */
export function parseRinggit(
  value: string | number,
  field: string,
  minSen: number,
  maxSen: number
): number {
  let sen: number
  try {
    assertAmountTextBounded(value, field)
    sen = toSen(value, field)
  } catch (e) {
    // the client's rule, named by the field ("amount: must be a decimal amount", …)
    throw invalidData(e instanceof SvcInputError ? e.message : String(e))
  }
  if (sen < minSen || sen > maxSen) {
    throw invalidData(
      say("input.amountRange", {
        path: field,
        min: fromSen(minSen),
        max: fromSen(maxSen),
        amount: fromSen(sen),
      })
    )
  }
  return sen
}

/** A stored status history as it is, or none. */
const storedHistory = z
  .object({ entries: z.array(z.unknown()) })
  .catch({ entries: [] })

/** A status history with one more entry (history only grows). */
export function appendEntry(
  history: unknown,
  status: string,
  source: string,
  detail?: string
) {
  const { entries } = storedHistory.parse(history)
  return {
    entries: [
      ...entries,
      {
        status,
        at: new Date().toISOString(),
        source,
        ...(detail ? { detail: detail.slice(0, 300) } : {}),
      },
    ],
  }
}

/**
 * A ringgit amount as an admin typed it ("25.50" or 25.5), in a route's or a workflow's
 * schema: a string or a number here; read exactly, with its bounds, by the code that
 * uses it (parseRinggit above), before anything is sent.
 */
export const amountInput = (example: string) =>
  z.custom<string | number>(
    (v) => typeof v === "string" || typeof v === "number",
    english(say("input.amountRequired", { path: "amount", example }))
  )
