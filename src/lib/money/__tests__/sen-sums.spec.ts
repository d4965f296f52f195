import { exactSum, refundShareSen, totalSen } from "../sen-sums"
import { medusaAmountToSen } from "../../../rules/medusa-amount"

describe("sen sums: a payment's totals rounded once, each refund its share", () => {
  it("sums Medusa's amounts exactly, in every form Medusa gives them", () => {
    expect(exactSum([39.852, "79.704", { value: "5", precision: 20 }])).toBe(
      "124.556"
    )
    expect(exactSum([])).toBe("0")
    expect(totalSen([39.852, 39.852, 39.852])).toBe(11956) // 119.556, not 3 × 3985
    expect(totalSen([{ value: "87.1938", precision: 20 }])).toBe(8719)
  })

  it("a refund's share is the payment's refunded total in sen after it minus before it", () => {
    expect(refundShareSen("0", 39.852)).toBe(3985)
    expect(refundShareSen("44.852", 79.704)).toBe(7971) // 12456 - 4485: svc pays out what Medusa shows refunded
    expect(refundShareSen("5", 39.852)).toBe(3985)
    expect(refundShareSen("39.852", "0.004")).toBe(1) // 39.856 is 3986 sen
    expect(refundShareSen("39.85", "0.004")).toBe(0) // 39.854 is still 3985 sen: nothing to pay out
  })

  it("over any sequence of refunds the shares add up to the total rounded, never more than svc was paid", () => {
    let seed = 17
    const rand = () => (
      (seed = (seed * 1103515245 + 12345) % 2 ** 31),
      seed / 2 ** 31
    )
    for (let run = 0; run < 2000; run++) {
      const refunds = Array.from({ length: 1 + Math.floor(rand() * 6) }, () =>
        (Math.floor(rand() * 5_000_000) / 1000).toFixed(3)
      )
      let before = "0"
      let paidOut = 0
      let individually = 0
      for (const r of refunds) {
        paidOut += refundShareSen(before, r)
        individually += medusaAmountToSen(r)
        before = exactSum([before, r])
      }
      expect(paidOut).toBe(totalSen(refunds))
      expect(Math.abs(paidOut - individually)).toBeLessThanOrEqual(
        refunds.length
      )
    }
    // four refunds of 10.005 each rounded up would pay out 4004 sen for 40.02 refunded (4002)
    let before = "0"
    const shares = [0, 1, 2, 3].map(() => {
      const s = refundShareSen(before, "10.005")
      before = exactSum([before, "10.005"])
      return s
    })
    expect(shares).toEqual([1001, 1000, 1001, 1000])
    expect(shares.reduce((a, b) => a + b)).toBe(totalSen(["40.02"]))
  })
})
