import { z } from "@medusajs/framework/zod"
import { english, say } from "../../../../lib/texts"
import { MYT_OFFSET_MS, mytDay } from "./csv"

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_PERIOD_DAYS = 366

/** A Malaysian day YYYY-MM-DD (its start, or its end when `end`) or a zoned ISO 8601 timestamp, in ms; NaN when neither. */
function instant(v: string, end: boolean): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const start = Date.parse(`${v}T00:00:00+08:00`)
    // a calendar check: 2026-02-30 parses in some engines
    if (Number.isNaN(start) || mytDay(start) !== v) return Number.NaN
    return end ? start + DAY_MS : start
  }
  return /T\d{2}:\d{2}/.test(v) && /(Z|[+-]\d{2}:?\d{2})$/.test(v)
    ? Date.parse(v)
    : Number.NaN
}

/** A Malaysian calendar month (2000-01 to 2100-12) as [fromMs, toMs): from 00:00 on its 1st to 00:00 on the next month's 1st, Malaysian time; null when not a month. */
export function monthPeriod(
  month: string
): { fromMs: number; toMs: number } | null {
  if (!/^(20\d\d|2100)-(0[1-9]|1[0-2])$/.test(month)) return null
  const [year, mon] = month.split("-").map(Number)
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
  .transform((q): Period => ({
    ...q,
    fromMs: instant(q.from, false),
    toMs: instant(q.to, true),
  }))
  .refine((p) => p.toMs > p.fromMs, {
    path: ["to"],
    error: english(say("input.after", { path: "to", other: "from" })),
  })
  .refine((p) => p.toMs - p.fromMs <= MAX_PERIOD_DAYS * DAY_MS, {
    path: ["to"],
    error: english(
      say("input.periodMax", {
        path: "to",
        days: MAX_PERIOD_DAYS,
        other: "from",
      })
    ),
  })

const notAMonth = english(say("input.month", { path: "month" }))
/** `GET /admin/svc/reports/einvoice?month=YYYY-MM&format=json|csv`: a Malaysian calendar month. */
export const einvoiceQuery = z
  .object({
    month: z
      .string({
        error: (i) =>
          i.input === undefined
            ? english(say("input.monthRequired", { path: "month" }))
            : notAMonth,
      })
      .trim()
      .max(7, notAMonth)
      .refine((v) => monthPeriod(v) !== null, notAMonth),
    format: z
      .enum(["json", "csv"], { error: "format: must be json or csv" })
      .default("json"),
  })
  .strict()
export type EinvoiceQuery = z.output<typeof einvoiceQuery>
