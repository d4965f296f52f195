import {
  formatRinggit,
  isRetailBankType,
  overRetailCap,
  retailCapSentence,
  FPX_RETAIL_MAX_SEN,
} from "../../../../src/rules/fpx-rules.js"

describe("FPX rules shared by the provider and the storefront kit", () => {
  it("formats integer sen as ringgit without floating point", () => {
    expect(formatRinggit(3_000_000)).toBe("RM30,000")
    expect(formatRinggit(12_050)).toBe("RM120.50")
    expect(formatRinggit(100_000_000)).toBe("RM1,000,000")
    expect(formatRinggit(5)).toBe("RM0.05")
  })
  it("caps personal banking at RM30,000 by default; the sentence names the limit and the way out", () => {
    expect(FPX_RETAIL_MAX_SEN).toBe(3_000_000)
    expect(overRetailCap(3_000_000)).toBe(false)
    expect(overRetailCap(3_000_001)).toBe(true)
    expect(isRetailBankType("RETAIL")).toBe(true)
    expect(isRetailBankType("01")).toBe(true)
    expect(isRetailBankType("CORPORATE")).toBe(false)
    expect(retailCapSentence()).toBe(
      "FPX personal banking is limited to RM30,000 per payment; for a larger amount pay with FPX corporate banking or with the svc wallet."
    )
  })
})
