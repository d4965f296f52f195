/**
 * MYR major units <-> integer sen, exactly (spec: Conventions: "Amounts in request
 * bodies are integers in sen. Amounts in responses are strings in sen").
 * Decimal string arithmetic only; a fraction of a sen throws, it is never rounded.
 */
import { isObject, SvcInputError } from "./errors"

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
    if (!Number.isFinite(major))
      throw new SvcInputError(field, "must be a finite number")
    // Shortest round-trip form of the double; exponent forms are expanded below.
    return String(major)
  }
  if (typeof major === "string") return major.trim()
  if (typeof major === "bigint") return major.toString()
  if (isObject(major)) {
    const o = major
    // Medusa's BigNumber keeps the exact value in raw_ ({value: "12.34", precision}).
    if (o.raw_ !== undefined && o.raw_ !== null) {
      const raw = o.raw_
      if (isObject(raw) && "value" in raw) return normalise(raw.value, field)
      return normalise(raw, field)
    }
    if (
      "value" in o &&
      (typeof o.value === "string" || typeof o.value === "number")
    )
      return normalise(o.value, field)
    if (
      typeof o.toString === "function" &&
      o.toString !== Object.prototype.toString
    ) {
      return normalise(String(o.toString()), field)
    }
    if (
      "numeric" in o &&
      (typeof o.numeric === "number" || typeof o.numeric === "string")
    )
      return normalise(o.numeric, field)
  }
  throw new SvcInputError(
    field,
    "must be a decimal amount (number, string or BigNumber)"
  )
}

/**
 * Amounts typed by people (admin money forms) are short: "1500.00", "1.5e3".
 * Anything longer, or with a larger exponent, is refused before it is read
 * (parseRinggit, src/lib/money/admin-input.ts), by field, with one clear rule.
 */
export const AMOUNT_TEXT_MAX = 32
export const AMOUNT_EXPONENT_MAX = 12

/**
 * Throws unless `value` is short enough to be an amount a person typed: a
 * string of at most AMOUNT_TEXT_MAX characters and an exponent of at most
 * ±AMOUNT_EXPONENT_MAX. Reads at most the first AMOUNT_TEXT_MAX + 1 characters.
 */
export function assertAmountTextBounded(
  value: unknown,
  field = "amount"
): void {
  if (typeof value !== "string" && typeof value !== "number") return
  if (typeof value === "string" && value.length > AMOUNT_TEXT_MAX) {
    throw new SvcInputError(
      field,
      `must be at most ${AMOUNT_TEXT_MAX} characters (a ringgit amount such as "1500.00")`
    )
  }
  const text = typeof value === "number" ? String(value) : value
  const e = /[eE]([+-]?)(\d+)\s*$/.exec(text)
  if (e && Number(e[2]) > AMOUNT_EXPONENT_MAX) {
    throw new SvcInputError(
      field,
      `must not have an exponent beyond ±${AMOUNT_EXPONENT_MAX} (write the amount out, e.g. "1500.00")`
    )
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57

/**
 * Major units (RM) to integer sen. `toSen("12.34") === 1234`, `toSen(10) === 1000`.
 * Throws SvcInputError for a fraction of a sen, a non-decimal, or an unsafe integer.
 *
 * Linear in the length of its input, whatever the exponent: the exponent is
 * never expanded into zeros; the digits are scanned once and the value is
 * decided from (significant digits, decimal scale) before any BigInt is made.
 */
export function toSen(
  major: BigNumberLike | string | number,
  field = "amount"
): number {
  const text = normalise(major, field)
  const bad = () => new SvcInputError(field, "must be a decimal amount")
  const n = text.length
  let i = 0
  let negative = false
  if (text[i] === "+" || text[i] === "-") negative = text[i++] === "-"
  const intStart = i
  while (i < n && isDigit(text.charCodeAt(i))) i++
  const intEnd = i
  let fracStart = i
  let fracEnd = i
  if (text[i] === ".") {
    fracStart = ++i
    while (i < n && isDigit(text.charCodeAt(i))) i++
    fracEnd = i
  }
  if (intEnd === intStart && fracEnd === fracStart) throw bad()
  // decimal exponent, kept as a number clamped far beyond any amount (never expanded)
  let exponent = 0
  if (text[i] === "e" || text[i] === "E") {
    i++
    let expNegative = false
    if (text[i] === "+" || text[i] === "-") expNegative = text[i++] === "-"
    const expStart = i
    while (i < n && isDigit(text.charCodeAt(i))) {
      if (exponent < 1e9) exponent = exponent * 10 + (text.charCodeAt(i) - 48)
      i++
    }
    if (i === expStart) throw bad()
    if (expNegative) exponent = -exponent
  }
  if (i !== n) throw bad()

  // The digits int+frac as one run (positions in `text`, skipping the point):
  // value = digits × 10^(exponent − fracLength). Leading and trailing zeros go
  // by index, one pass each.
  const at = (k: number) =>
    k < intEnd - intStart ? intStart + k : fracStart + (k - (intEnd - intStart))
  const total = intEnd - intStart + (fracEnd - fracStart)
  let first = 0
  while (first < total && text.charCodeAt(at(first)) === 48) first++
  if (first === total) return 0 // zero, whatever its exponent or sign
  let last = total // exclusive
  while (text.charCodeAt(at(last - 1)) === 48) last--
  // sen = significant × 10^(2 + exponent − fracLength + trailing zeros dropped)
  const scale = 2 + exponent - (fracEnd - fracStart) + (total - last)
  if (scale < 0)
    throw new SvcInputError(
      field,
      "must not contain a fraction of a sen (at most 2 decimal places)"
    )
  const significant = last - first
  // MAX_SAFE_INTEGER has 16 digits: more digits than that is too large without building it
  if (significant + scale > 16) throw new SvcInputError(field, "is too large")
  let digits = ""
  for (let k = first; k < last; k++) digits += text[at(k)]
  const sen = BigInt(digits) * 10n ** BigInt(scale)
  if (sen > BigInt(Number.MAX_SAFE_INTEGER))
    throw new SvcInputError(field, "is too large")
  return negative ? -Number(sen) : Number(sen)
}

/** Integer sen (number or svc's string form) to a major-unit decimal string: 1234 -> "12.34". */
export function fromSen(sen: number | string): string {
  const text =
    typeof sen === "number"
      ? Number.isSafeInteger(sen)
        ? String(sen)
        : ""
      : sen.trim()
  if (!/^-?\d+$/.test(text))
    throw new SvcInputError("sen", "must be an integer number of sen")
  const neg = text.startsWith("-")
  const digits = (neg ? text.slice(1) : text)
    .replace(/^0+(?=\d)/, "")
    .padStart(3, "0")
  const out = `${digits.slice(0, -2)}.${digits.slice(-2)}`
  return neg && out !== "0.00" ? `-${out}` : out
}

export const CHECKOUT_AMOUNT_RULE = `must be an integer number of sen between ${MIN_AMOUNT_SEN} and ${MAX_AMOUNT_SEN}`

export function isValidAmountSen(sen: unknown): sen is number {
  return (
    typeof sen === "number" &&
    Number.isInteger(sen) &&
    sen >= MIN_AMOUNT_SEN &&
    sen <= MAX_AMOUNT_SEN
  )
}

/** Throws unless `sen` is within the checkout bounds (spec: Limits, RM10-RM1,000,000). */
export function assertCheckoutAmount(sen: number, field = "amount"): number {
  if (!isValidAmountSen(sen))
    throw new SvcInputError(field, CHECKOUT_AMOUNT_RULE)
  return sen
}
