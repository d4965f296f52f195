/**
 * MYR major units <-> integer sen, exactly (spec: Conventions: "Amounts in request
 * bodies are integers in sen. Amounts in responses are strings in sen").
 * Decimal string arithmetic only; a fraction of a sen throws, it is never rounded.
 */
import { SvcInputError } from "./errors"

/** Medusa BigNumber and friends: anything exposing its exact decimal value. */
export type BigNumberLike =
  | { numeric: number | string; toString(): string }
  | { value: string | number }
  | { raw_: { value: string | number } | string | number }
  | { toString(): string }

/** Checkout, token transfer and fiat withdrawal bounds (spec: Limits, Amount bounds). */
export const MIN_AMOUNT_SEN = 1000
export const MAX_AMOUNT_SEN = 100_000_000

function normalise(major: unknown, field: string): string {
  if (typeof major === "number") {
    if (!Number.isFinite(major)) throw new SvcInputError(field, "must be a finite number")
    // Shortest round-trip form of the double; exponent forms are expanded below.
    return String(major)
  }
  if (typeof major === "string") return major.trim()
  if (typeof major === "bigint") return major.toString()
  if (typeof major === "object" && major !== null) {
    const o = major as Record<string, unknown>
    // Medusa's BigNumber keeps the exact value in raw_ ({value: "12.34", precision}).
    if (o.raw_ !== undefined && o.raw_ !== null) {
      const raw = o.raw_ as unknown
      if (typeof raw === "object" && raw !== null && "value" in raw) return normalise((raw as { value: unknown }).value, field)
      return normalise(raw, field)
    }
    if ("value" in o && (typeof o.value === "string" || typeof o.value === "number")) return normalise(o.value, field)
    if (typeof o.toString === "function" && o.toString !== Object.prototype.toString) {
      return normalise(String(o.toString()), field)
    }
    if ("numeric" in o && (typeof o.numeric === "number" || typeof o.numeric === "string")) return normalise(o.numeric, field)
  }
  throw new SvcInputError(field, "must be a decimal amount (number, string or BigNumber)")
}

/** Expand `1.5e3`-style exponents into plain decimal text, exactly. */
function expandExponent(text: string): string {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?[eE]([+-]?\d+)$/.exec(text)
  if (!m) return text
  const sign = m[1] ?? ""
  const intPart = m[2] ?? ""
  const frac = m[3] ?? ""
  const exp = Number(m[4])
  const digits = intPart + frac
  let point = intPart.length + exp
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * Major units (RM) to integer sen. `toSen("12.34") === 1234`, `toSen(10) === 1000`.
 * Throws SvcInputError for a fraction of a sen, a non-decimal, or an unsafe integer.
 */
export function toSen(major: BigNumberLike | string | number, field = "amount"): number {
  const text = expandExponent(normalise(major, field))
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || ((m[2] ?? "") === "" && (m[3] ?? "") === "")) throw new SvcInputError(field, "must be a decimal amount")
  const sign = m[1] === "-" ? -1n : 1n
  const intPart = m[2] || "0"
  const frac = (m[3] ?? "").replace(/0+$/, "")
  if (frac.length > 2) throw new SvcInputError(field, "must not contain a fraction of a sen (at most 2 decimal places)")
  const sen = sign * (BigInt(intPart) * 100n + BigInt(frac.padEnd(2, "0") || "0"))
  if (sen > BigInt(Number.MAX_SAFE_INTEGER) || sen < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new SvcInputError(field, "is too large")
  }
  return Number(sen) + 0 // `+ 0` turns -0 into 0
}

/** Integer sen (number or svc's string form) to a major-unit decimal string: 1234 -> "12.34". */
export function fromSen(sen: number | string): string {
  const text = typeof sen === "number" ? (Number.isSafeInteger(sen) ? String(sen) : "") : sen.trim()
  if (!/^-?\d+$/.test(text)) throw new SvcInputError("sen", "must be an integer number of sen")
  const neg = text.startsWith("-")
  const digits = (neg ? text.slice(1) : text).replace(/^0+(?=\d)/, "").padStart(3, "0")
  const out = `${digits.slice(0, -2)}.${digits.slice(-2)}`
  return neg && out !== "0.00" ? `-${out}` : out
}

export const CHECKOUT_AMOUNT_RULE = `must be an integer number of sen between ${MIN_AMOUNT_SEN} and ${MAX_AMOUNT_SEN}`

export function isValidAmountSen(sen: unknown): sen is number {
  return typeof sen === "number" && Number.isInteger(sen) && sen >= MIN_AMOUNT_SEN && sen <= MAX_AMOUNT_SEN
}

/** Throws unless `sen` is within the checkout bounds (spec: Limits, RM10-RM1,000,000). */
export function assertCheckoutAmount(sen: number, field = "amount"): number {
  if (!isValidAmountSen(sen)) throw new SvcInputError(field, CHECKOUT_AMOUNT_RULE)
  return sen
}
