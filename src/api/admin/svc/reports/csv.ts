/**
 * What the reports write: sen as exact ringgit text, Malaysian time, CSV
 * fields. Malaysia is UTC+08:00 all year (no daylight saving), so the offset
 * is a constant: the days of a report are the merchant's days.
 */
import { MathBN } from "@medusajs/framework/utils"

export const MYT_OFFSET_MS = 8 * 60 * 60 * 1000

/** The Malaysian calendar day of an instant, YYYY-MM-DD. */
export function mytDay(ms: number): string {
  return new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 10)
}

/** An instant in Malaysian time, ISO 8601 with its offset: 2026-11-27T11:20:05+08:00. */
export function mytTimestamp(ms: number): string {
  if (!Number.isSafeInteger(ms)) return ""
  return `${new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}

/** Sen as ringgit text "1234.50", exactly: no floating point. */
export const rmText = (sen: bigint): string =>
  MathBN.convert(String(sen)).shiftedBy(-2).toFixed(2)

/** An svc amount string in sen ("1500") or a ledger number as bigint; null when absent or not an integer. */
export function senOf(v: unknown): bigint | null {
  if (typeof v === "bigint") return v
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v)
  if (typeof v === "string" && /^-?\d+$/.test(v.trim())) return BigInt(v.trim())
  return null
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break;
 * text starting with = + - @ gets a leading ' so a spreadsheet never runs it
 * as a formula (amount columns are digits and never start with those). A list
 * is one field, space-separated.
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return ""
  let s = Array.isArray(v) ? v.join(" ") : String(v)
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csvLine = (values: unknown[]): string =>
  values.map(csvField).join(",")

/** Items grouped by `key`, groups and items in the order each first comes. */
export function groupBy<T>(items: T[], key: (t: T) => string) {
  const groups = new Map<string, T[]>()
  for (const t of items) {
    const group = groups.get(key(t))
    if (group) group.push(t)
    else groups.set(key(t), [t])
  }
  return groups
}

/** A header line and one line per row, each row's fields named as the columns (an absent one is empty). */
export const csvTable = (
  columns: string[],
  rows: Record<string, unknown>[]
) => [csvLine(columns), ...rows.map((r) => csvLine(columns.map((c) => r[c])))]

/** A CSV file (CRLF lines) ending in `#` notes, one line each. */
export const csvFile = (lines: string[], notes: string[]): string =>
  [...lines, ...notes.map((n) => `# ${n.replace(/[\r\n]/g, " ")}`)].join(
    "\r\n"
  ) + "\r\n"
