import { z } from "zod"

/** Malaysia time (UTC+08:00, no daylight saving): the days of the report are the merchant's days. */
export const MYT_OFFSET_MS = 8 * 60 * 60 * 1000
export const MAX_PERIOD_DAYS = 366

const DAY = /^\d{4}-\d{2}-\d{2}$/
const RULE = "must be a date YYYY-MM-DD (a Malaysian day) or an ISO 8601 timestamp with a time zone"

function instant(v: string, end: boolean): number {
  if (DAY.test(v)) {
    const start = Date.parse(`${v}T00:00:00+08:00`)
    // a calendar check: 2026-02-30 parses in some engines
    if (Number.isNaN(start) || new Date(start + MYT_OFFSET_MS).toISOString().slice(0, 10) !== v) return Number.NaN
    return end ? start + 24 * 60 * 60 * 1000 : start
  }
  if (!/T\d{2}:\d{2}/.test(v) || !/(Z|[+-]\d{2}:?\d{2})$/.test(v)) return Number.NaN
  return Date.parse(v)
}

const bound = (end: boolean) =>
  z
    .string({ error: (i) => (i.input === undefined ? `is required: ${RULE}` : RULE) })
    .trim()
    .refine((v) => !Number.isNaN(instant(v, end)), RULE)

/**
 * `from` and `to` of the finance export: `to` as a date is inclusive (the whole
 * day); the period is [from, to) in milliseconds. Errors name the field.
 */
export const periodQuerySchema = z
  .object({ from: bound(false), to: bound(true) })
  .strict()
  .transform((q, ctx) => {
    const fromMs = instant(q.from, false)
    const toMs = instant(q.to, true)
    if (toMs <= fromMs) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "must be after from" })
      return z.NEVER
    }
    if (toMs - fromMs > MAX_PERIOD_DAYS * 24 * 60 * 60 * 1000) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: `must be at most ${MAX_PERIOD_DAYS} days after from` })
      return z.NEVER
    }
    return { from: q.from, to: q.to, fromMs, toMs }
  })
export type Period = z.output<typeof periodQuerySchema>

/** The Malaysian calendar day of an instant, YYYY-MM-DD. */
export function mytDay(ms: number): string {
  return new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 10)
}
