/** Sen (integer, as bigint) as ringgit text "1234.50", exactly: no floating point. */
export function rmText(sen: bigint): string {
  const neg = sen < 0n
  const abs = neg ? -sen : sen
  return `${neg ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`
}

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
 * as a formula (amount columns are digits and never start with those).
 */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return ""
  let s = typeof v === "bigint" ? v.toString() : String(v)
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(",")
}
