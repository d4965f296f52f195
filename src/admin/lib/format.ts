/**
 * Money and the other values the admin pages show, exactly: sen are integers
 * (svc's answers give them as strings), formatted and parsed with digit
 * arithmetic, never through floating point.
 */

import { adminLocale, type Phrase } from "./i18n"

const GROUPS = /\B(?=(\d{3})+(?!\d))/g

/** Sen (integer number, bigint or svc's string form) as "RM1,234.50" ("-RM5.00"); "–" when there is none. */
export function rm(sen: number | bigint | string | null | undefined): string {
  if (sen === null || sen === undefined || sen === "") return "–"
  const s =
    typeof sen === "number" && !Number.isSafeInteger(sen)
      ? ""
      : String(sen).trim()
  if (!/^-?\d+$/.test(s)) return String(sen)
  const neg = s.startsWith("-") && /[1-9]/.test(s)
  const digits = s
    .replace(/^-/, "")
    .replace(/^0+(?=\d)/, "")
    .padStart(3, "0")
  return `${neg ? "-" : ""}RM${digits.slice(0, -2).replace(GROUPS, ",")}.${digits.slice(-2)}`
}

export type ParsedAmount =
  { ok: true; sen: bigint; text: string } | { ok: false; error: Phrase }

/**
 * What an admin typed in an amount field ("1500", "1,500.5", "RM 1,500.50")
 * as exact sen, and as the plain ringgit text the routes take ("1500.50").
 * A fraction of a sen, a stray character or nothing above zero is refused
 * (a phrase of en.json, put into the admin's language by the form); the route
 * checks its own bounds again.
 */
export function parseRinggit(typed: string): ParsedAmount {
  const s = typed.trim().replace(/^RM\s*/i, "")
  if (!s) return { ok: false, error: { key: "svc.amount.empty" } }
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(s)
  if (!m || (!m[1] && !m[2]))
    return {
      ok: false,
      error: { key: "svc.amount.notAmount", values: { typed: typed.trim() } },
    }
  const frac = (m[2] ?? "").replace(/0+$/, "")
  if (frac.length > 2)
    return { ok: false, error: { key: "svc.amount.decimals" } }
  const sen =
    BigInt((m[1] ?? "0").replace(/,/g, "")) * 100n + BigInt(frac.padEnd(2, "0"))
  if (sen <= 0n) return { ok: false, error: { key: "svc.amount.notPositive" } }
  const text = sen.toString().padStart(3, "0")
  return { ok: true, sen, text: `${text.slice(0, -2)}.${text.slice(-2)}` }
}

/**
 * A token amount in its smallest unit as ringgit (1 token = 1 MYR, spec), to
 * the sen, and whether a fraction of a sen was left off; null when the
 * token's decimals are unknown.
 */
export function tokenRm(
  amount: string,
  decimals: number | null | undefined
): { rm: string; fraction: boolean } | null {
  if (decimals === null || decimals === undefined || !/^\d+$/.test(amount))
    return null
  const d = amount.padStart(decimals + 1, "0")
  const whole = d.slice(0, d.length - decimals) || "0"
  const frac = d.slice(d.length - decimals).padEnd(2, "0")
  const sen = BigInt(whole) * 100n + BigInt(frac.slice(0, 2) || "0")
  return { rm: rm(sen), fraction: Boolean(frac.slice(2).replace(/0+$/, "")) }
}

/** A long id or address, shortened for a table cell. */
export const short = (v: string | null | undefined, n = 10) =>
  !v ? "–" : v.length > n + 4 ? `${v.slice(0, n)}…${v.slice(-4)}` : v

/** A moment, in the admin's language (Medusa's profile setting). */
export const when = (v: string | null | undefined, locale = adminLocale()) =>
  v
    ? new Date(v).toLocaleString(locale, {
        dateStyle: "short",
        timeStyle: "short",
      })
    : "–"

/** A time of day (hh:mm), for "valid until", in the admin's language. */
export const clock = (v: string, locale = adminLocale()) =>
  new Date(v).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })

/** An optional text field of a request body: `{ [key]: text }` trimmed, or nothing when it is blank. */
export const ifText = <K extends string>(
  key: K,
  text: string
): { [P in K]?: string } =>
  // a computed key is typed string by TypeScript: the one key is K
  text.trim() ? ({ [key]: text.trim() } as { [P in K]?: string }) : {}
