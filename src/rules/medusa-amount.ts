/**
 * Medusa's amount (major units: a BigNumber, its raw form `{value, precision}`,
 * a decimal string or a number, possibly with many decimals, e.g. 39.852 once
 * SST or a percentage promotion applies) to integer sen, rounded half-up to the
 * sen, exactly: decimal text and bigint arithmetic, never floating point.
 *
 * The one conversion used wherever a Medusa amount goes to svc or is compared
 * with svc's (payment session create and update, the settle check, refund sums,
 * the money check, the storefront kit). svc's checkout amount is the total
 * rounded; Medusa keeps its own amounts. Half-up is applied to the magnitude
 * (-0.005 → -1 sen), so a refund and its payment round alike.
 *
 * Pure and import-free: the server and the storefront kit (which re-exports and bundles this
 * file) convert with this one function. Admin-entered ringgit strings are parsed
 * elsewhere (src/client/amounts.ts, src/lib/money/admin-input.ts): they must not have
 * a fraction of a sen.
 */

export class MedusaAmountError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string
  ) {
    super(`${field} ${rule}`)
    this.name = "MedusaAmountError"
  }
}

/** The exact decimal text of a Medusa amount. */
function decimalText(amount: unknown, field: string, depth = 0): string {
  if (depth > 3)
    throw new MedusaAmountError(
      field,
      "must be a decimal amount (number, string or BigNumber)"
    )
  if (typeof amount === "number") {
    if (!Number.isFinite(amount))
      throw new MedusaAmountError(field, "must be a finite number")
    // The shortest text that reads back as this double (39.852, not 39.85199999…).
    return String(amount)
  }
  if (typeof amount === "string") return amount.trim()
  if (typeof amount === "bigint") return amount.toString()
  if (typeof amount === "object" && amount !== null) {
    const o = amount as Record<string, unknown>
    // Medusa's BigNumber keeps the exact value in raw_ ({value: "39.852000…", precision}).
    if (o.raw_ !== undefined && o.raw_ !== null)
      return decimalText(o.raw_, field, depth + 1)
    // The raw form itself, as stored in raw_amount columns.
    if (
      "value" in o &&
      (typeof o.value === "string" || typeof o.value === "number")
    )
      return decimalText(o.value, field, depth + 1)
    // bignumber.js and anything else with an own decimal toString().
    if (
      typeof o.toString === "function" &&
      o.toString !== Object.prototype.toString
    )
      return decimalText(String(o.toString()), field, depth + 1)
    if (typeof o.numeric === "number" || typeof o.numeric === "string")
      return decimalText(o.numeric, field, depth + 1)
  }
  throw new MedusaAmountError(
    field,
    "must be a decimal amount (number, string or BigNumber)"
  )
}

/** Sign, integer digits and fraction digits of a decimal (exponent forms such as 1.5e-7 included). */
function parts(
  text: string,
  field: string
): { negative: boolean; int: string; frac: string } {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (!m || ((m[2] ?? "") === "" && (m[3] ?? "") === ""))
    throw new MedusaAmountError(field, "must be a decimal amount")
  let int = m[2] ?? ""
  let frac = m[3] ?? ""
  const exp = m[4] ? Number(m[4]) : 0
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400)
    throw new MedusaAmountError(field, "is out of range")
  if (exp > 0) {
    const moved = frac.padEnd(exp, "0")
    int += moved.slice(0, exp)
    frac = moved.slice(exp)
  } else if (exp < 0) {
    const padded = int.padStart(-exp, "0")
    frac = padded.slice(padded.length + exp) + frac
    int = padded.slice(0, padded.length + exp)
  }
  return { negative: m[1] === "-", int: int || "0", frac }
}

/**
 * Integer sen, half-up: `medusaAmountToSen(39.852) === 3985`, `medusaAmountToSen("87.1938") === 8719`,
 * `medusaAmountToSen("0.005") === 1`, `medusaAmountToSen(120.5) === 12050`. Throws MedusaAmountError for
 * what is not a decimal amount or does not fit a safe integer of sen.
 */
export function medusaAmountToSen(amount: unknown, field = "amount"): number {
  const { negative, int, frac } = parts(decimalText(amount, field), field)
  const sen2 = (frac + "00").slice(0, 2)
  let sen = BigInt(int) * 100n + BigInt(sen2)
  // Half-up on the magnitude: the third decimal decides.
  if ((frac[2] ?? "0") >= "5") sen += 1n
  if (sen > BigInt(Number.MAX_SAFE_INTEGER))
    throw new MedusaAmountError(field, "is too large")
  return negative && sen !== 0n ? -Number(sen) : Number(sen)
}
