import { z } from "@medusajs/framework/zod"
import {
  instant,
  MAX_PERIOD_DAYS,
  type Period,
} from "../../../../lib/reports/period"
import { monthPeriod } from "../../../../lib/reports/einvoice"
import { english, say } from "../../../../lib/texts"

const DAY_MS = 24 * 60 * 60 * 1000
const bound = (field: "from" | "to", end: boolean) =>
  z
    .string()
    .trim()
    .refine(
      (v) => !Number.isNaN(instant(v, end)),
      english(say("input.period", { path: field }))
    )

/**
 * `GET /admin/svc/reports/settlement.csv?from&to`: `to` as a date is inclusive
 * (the whole day); the period is [from, to) in milliseconds, at most
 * MAX_PERIOD_DAYS long.
 */
export const periodQuery = z
  .object({ from: bound("from", false), to: bound("to", true) })
  .strict()
  .transform((q, ctx): Period => {
    const fromMs = instant(q.from, false)
    const toMs = instant(q.to, true)
    if (toMs <= fromMs) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: english(say("input.after", { path: "to", other: "from" })),
      })
      return z.NEVER
    }
    if (toMs - fromMs > MAX_PERIOD_DAYS * DAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: english(
          say("input.periodMax", {
            path: "to",
            days: MAX_PERIOD_DAYS,
            other: "from",
          })
        ),
      })
      return z.NEVER
    }
    return { from: q.from, to: q.to, fromMs, toMs }
  })

/** `GET /admin/svc/reports/einvoice?month=YYYY-MM&format=json|csv`: a Malaysian calendar month. */
export const einvoiceQuery = z
  .object({
    month: z
      .string({
        error: (i) =>
          english(
            say(i.input === undefined ? "input.monthRequired" : "input.month", {
              path: "month",
            })
          ),
      })
      .trim()
      .max(7, english(say("input.month", { path: "month" })))
      .refine(
        (v) => monthPeriod(v) !== null,
        english(say("input.month", { path: "month" }))
      ),
    format: z
      .enum(["json", "csv"], { error: "format: must be json or csv" })
      .default("json"),
  })
  .strict()
export type EinvoiceQuery = z.output<typeof einvoiceQuery>
