// The FPX retail cap has two sides: the provider refuses (src/providers/svc/core/fpx-rules.ts)
// and the storefront kit tells the shopper (packages/storefront/src/fpx-rules.ts, its own
// package without server code). Same numbers, same sentence, same bank types.
import * as kit from "../../../../packages/storefront/src/fpx-rules"
import * as server from "../core/fpx-rules"

describe("FPX rules: the provider and the storefront kit agree", () => {
  it("the same cap, exports and sentences", () => {
    expect(Object.keys(server).sort()).toEqual(Object.keys(kit).sort())
    expect(server.FPX_RETAIL_MAX_SEN).toBe(kit.FPX_RETAIL_MAX_SEN)
    for (const cap of [undefined, 100, 3_000_000, 3_000_001, 123_456_789]) expect(server.retailCapSentence(cap)).toBe(kit.retailCapSentence(cap))
    for (const sen of [0, 1, 99, 100, 12050, -12050, 3_000_000, 100_000_000]) expect(server.formatRinggit(sen)).toBe(kit.formatRinggit(sen))
  })
  it("the same bank types and amounts over the cap", () => {
    for (const t of ["RETAIL", "01", "CORPORATE", "02", "", undefined, null, "retail"]) expect(server.isRetailBankType(t)).toBe(kit.isRetailBankType(t))
    for (const [amount, cap] of [[2_999_999, undefined], [3_000_000, undefined], [3_000_001, undefined], [5000, 4999], [5000, 5000]] as const)
      expect(server.overRetailCap(amount, cap)).toBe(kit.overRetailCap(amount, cap))
  })
})
