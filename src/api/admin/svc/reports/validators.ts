import { z } from "@medusajs/framework/zod"
import { english, say } from "../../../../lib/texts"
import { MYT_OFFSET_MS } from "./csv"

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_PERIOD_DAYS = 366

/** A Malaysian day YYYY-MM-DD (its start, or its end when `end`) or a zoned ISO 8601 timestamp, in ms; NaN when neither. */
function instant(v: string, end: boolean): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const start = Date.parse(`${v}T00:00:00+08:00`)
    // a calendar check: 2026-02-30 parses in some engines
    if (
      Number.isNaN(start) ||
      new Date(start + MYT_OFFSET_MS).toISOString().slice(0, 10) !== v
    )
      return Number.NaN
    return end ? start + DAY_MS : start
  }
  if (!/T\d{2}:\d{2}/.test(v) || !/(Z|[+-]\d{2}:?\d{2})$/.test(v))
    return Number.NaN
  return Date.parse(v)
}

/** A Malaysian calendar month as [fromMs, toMs): from 00:00 on its 1st to 00:00 on the next month's 1st, Malaysian time; null when not a month. */
export function monthPeriod(
  month: string
): { fromMs: number; toMs: number } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!m) return null
  const year = Number(m[1])
  const mon = Number(m[2])
  if (year < 2000 || year > 2100) return null
  return {
    fromMs: Date.UTC(year, mon - 1, 1) - MYT_OFFSET_MS,
    toMs: Date.UTC(year, mon, 1) - MYT_OFFSET_MS,
  }
}

/** The finance export's period: `to` as a date is inclusive (the whole day); [fromMs, toMs) in milliseconds. */
export type Period = { from: string; to: string; fromMs: number; toMs: number }
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
