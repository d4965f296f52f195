import en from "../../i18n/json/en.json"
import { ifText, parseRinggit, rm, tokenRm, when } from "../format"
import type { Phrase } from "../i18n"

/** A phrase in English, as the admin shows it (en.json, {{values}} filled in). */
const english = ({ key, values }: Phrase) => {
  const text = key
    .split(".")
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en)
  if (typeof text !== "string") throw new Error(`${key} is not in en.json`)
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values?.[name])
  )
}

describe("the admin's money", () => {
  it("formats sen as RM with thousands, exactly, from numbers, bigints and svc's strings", () => {
    expect(rm(123450)).toBe("RM1,234.50")
    expect(rm("5")).toBe("RM0.05")
    expect(rm(0)).toBe("RM0.00")
    expect(rm(-500)).toBe("-RM5.00")
    expect(rm("-0")).toBe("RM0.00")
    expect(rm("900719925474099312")).toBe("RM9,007,199,254,740,993.12") // beyond a double: digits only
    expect(rm(10n ** 20n)).toBe("RM1,000,000,000,000,000,000.00")
    expect(rm(null)).toBe("–")
    expect(rm("")).toBe("–")
    expect(rm("n/a")).toBe("n/a")
  })

  it("reads what admins type as exact sen and the plain ringgit the routes take", () => {
    const ok = (typed: string) => {
      const p = parseRinggit(typed)
      if (!p.ok) throw new Error(`${typed}: ${english(p.error)}`)
      return [p.sen, p.text]
    }
    expect(ok("20.50")).toEqual([2050n, "20.50"])
    expect(ok("1500")).toEqual([150000n, "1500.00"])
    expect(ok("RM 1,500.5")).toEqual([150050n, "1500.50"])
    expect(ok("rm1,234,567.89")).toEqual([123456789n, "1234567.89"])
    expect(ok(".5")).toEqual([50n, "0.50"])
    expect(ok("12.340")).toEqual([1234n, "12.34"]) // trailing zeros are not a fraction of a sen
    expect(ok("0.1")).toEqual([10n, "0.10"]) // 0.1 is not a float here
    expect(ok("90071992547409.93")).toEqual([
      9007199254740993n,
      "90071992547409.93",
    ])
  })

  it("refuses in words what is not an amount", () => {
    for (const [typed, words] of [
      ["", /Enter an amount/],
      ["12.345", /At most 2 decimal places/],
      ["1,50", /not an amount/],
      ["1.5e3", /not an amount/],
      ["-5", /not an amount/],
      ["12,34.00", /not an amount/],
      ["0", /more than RM0\.00/],
      ["0.00", /more than RM0\.00/],
      [".", /not an amount/],
    ] as const) {
      const p = parseRinggit(typed)
      expect({ typed, ok: p.ok }).toEqual({ typed, ok: false })
      if (!p.ok) expect(english(p.error)).toMatch(words)
    }
  })

  it("a token's smallest units as ringgit, to the sen", () => {
    expect(tokenRm("1500000000000000000", 18)).toEqual({
      rm: "RM1.50",
      fraction: false,
    })
    expect(tokenRm("1234567", 6)).toEqual({ rm: "RM1.23", fraction: true })
    expect(tokenRm("1", null)).toBeNull()
  })
})

describe("the admin's moments", () => {
  it("in the admin's language: Chinese for zh-CN, English for en", () => {
    const at = "2026-11-27T03:04:00Z"
    expect(when(at, "zh-CN")).toMatch(/^2026\/11\/27/)
    expect(when(at, "en")).toMatch(/^11\/27\/26/)
    expect(when(null)).toBe("–")
  })
})

describe("the admin's request bodies", () => {
  it("an optional text field is sent trimmed, or not at all when blank", () => {
    expect(ifText("reference", "  Nov settlement ")).toEqual({
      reference: "Nov settlement",
    })
    expect(ifText("reference", "   ")).toEqual({})
    expect(ifText("note", "")).toEqual({})
  })
})
