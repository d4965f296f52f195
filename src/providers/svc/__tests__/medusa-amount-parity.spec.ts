// Medusa's amount to sen has two copies: the server's (src/shared/medusa-amount.ts: sessions, the
// settle check, refunds, the money check) and the storefront kit's (packages/storefront/src/
// medusa-amount.ts, its own package without server code). One behaviour, held here.
import * as kit from "../../../../packages/storefront/src/medusa-amount"
import * as server from "../../../shared/medusa-amount"

const outcome = (f: (a: unknown) => number, a: unknown) => {
  try {
    return f(a)
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`
  }
}

describe("Medusa amount to sen: the server and the storefront kit agree", () => {
  it("the same exports", () => {
    expect(Object.keys(server).sort()).toEqual(Object.keys(kit).sort())
  })
  it("the same sen (or the same refusal) for every kind of amount", () => {
    const inputs: unknown[] = [
      0, 0.004, 0.005, 0.015, 1.005, 10, 39.852, 87.1938, 80.10252, 120.5, 273.445, -0.005, -12.345, 1e-7, 1.5e3, Number.NaN, Infinity,
      "39.852", "87.1938", " 120.50 ", "1e2", "1.5e-7", "abc", "", "-0.015", "99999999999999999999",
      { value: "39.852000000000000000", precision: 20 }, { raw_: { value: "87.1938", precision: 20 }, numeric: 87.1938 }, { numeric: 12.345 }, null, undefined, {}, 10n,
    ]
    for (let i = 0; i < 2000; i++) inputs.push(Math.round(Math.random() * 1e8) / 10 ** Math.floor(Math.random() * 6))
    for (const a of inputs) expect([a, outcome(kit.medusaAmountToSen, a)]).toEqual([a, outcome(server.medusaAmountToSen, a)])
  })
})
