/** Malaysia time (UTC+08:00, no daylight saving): the days of the report are the merchant's days. */
export const MYT_OFFSET_MS = 8 * 60 * 60 * 1000
export const MAX_PERIOD_DAYS = 366

const DAY = /^\d{4}-\d{2}-\d{2}$/
export const PERIOD_RULE =
  "must be a date YYYY-MM-DD (a Malaysian day) or an ISO 8601 timestamp with a time zone"

export function instant(v: string, end: boolean): number {
  if (DAY.test(v)) {
    const start = Date.parse(`${v}T00:00:00+08:00`)
    // a calendar check: 2026-02-30 parses in some engines
    if (
      Number.isNaN(start) ||
      new Date(start + MYT_OFFSET_MS).toISOString().slice(0, 10) !== v
    )
      return Number.NaN
    return end ? start + 24 * 60 * 60 * 1000 : start
  }
  if (!/T\d{2}:\d{2}/.test(v) || !/(Z|[+-]\d{2}:?\d{2})$/.test(v))
    return Number.NaN
  return Date.parse(v)
}

/**
 * The period of the finance export (src/api/admin/svc/reports/validators.ts
 * reads it from `?from&to`): `to` as a date is inclusive (the whole day); the
 * period is [from, to) in milliseconds.
 */
export type Period = { from: string; to: string; fromMs: number; toMs: number }

/** The Malaysian calendar day of an instant, YYYY-MM-DD. */
export function mytDay(ms: number): string {
  return new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 10)
}
