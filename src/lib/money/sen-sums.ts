import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { medusaAmountToSen } from "../../rules/medusa-amount"

/**
 * Sums of Medusa amounts in sen. svc was paid a payment's capture rounded
 * half-up to the sen (39.852 → 3985), so what the buyer can get back is the
 * payment's exact refunded total rounded the same way, never the sum of each
 * refund rounded on its own: three refunds of 39.852 are 119.556 refunded,
 * 11956 sen, where 3 × 3985 would leave a sen with the merchant (and four
 * refunds of 10.005 would pay out a sen more than svc was paid).
 */

/** A Medusa amount as the database or a module gives it (null or undefined count as 0, as MathBN does). */
type Amount = BigNumberInput | null | undefined

/** Medusa's amount rows as Query reads them (a payment's captures, its refunds). */
export type AmountRows =
  | ({ amount?: BigNumberInput; raw_amount?: BigNumberInput } | null)[]
  | null
  | undefined

/** Each row's exact amount (its raw amount, else its amount), for the sums below. */
export const amountsOf = (rows: AmountRows) =>
  (rows ?? []).map((x) => x?.raw_amount ?? x?.amount)

/** The exact decimal sum of Medusa amounts (BigNumber, raw `{value}`, string or number). */
export function exactSum(amounts: Amount[]): string {
  return amounts
    .reduce<ReturnType<typeof MathBN.convert>>(
      (n, a) => MathBN.add(n, MathBN.convert(a ?? 0)),
      MathBN.convert(0)
    )
    .toFixed()
}

/** A payment's total (its captures, or its refunds) in sen: the exact sum, rounded half-up once. */
export function totalSen(amounts: Amount[], field = "amount"): number {
  return medusaAmountToSen(exactSum(amounts), field)
}

/**
 * The sen one refund adds to its payment's refunded total: the total in sen
 * after it minus the total in sen before it. The payouts of a payment's
 * refunds then add up to its refunded total in sen, whatever the fractions.
 */
export function refundShareSen(
  refundedBefore: Amount,
  amount: Amount,
  field = "amount"
): number {
  const before = exactSum([refundedBefore])
  return (
    medusaAmountToSen(exactSum([before, amount]), field) -
    medusaAmountToSen(before, "refunded before")
  )
}
