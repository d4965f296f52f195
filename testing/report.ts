/** Percentiles and plain-text tables for the bench output. */

/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN for an empty list. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[
    Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  ]
}

export const ms = (x: number) =>
  Number.isFinite(x) ? `${Math.round(x)} ms` : "n/a"
export const ratio = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0
    ? `${(a / b).toFixed(2)}×`
    : "n/a"

/** A table with a header row, columns padded to their widest cell. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const widths = header.map((_, i) =>
    Math.max(...cells.map((r) => (r[i] ?? "").length))
  )
  const line = (r: string[]) =>
    "| " + r.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |"
  return [
    line(header),
    "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|",
    ...cells.slice(1).map(line),
  ].join("\n")
}

export const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec))
