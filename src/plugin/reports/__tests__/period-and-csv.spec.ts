import { csvField, csvLine, rmText, senOf } from "../csv"
import { mytDay, periodQuerySchema } from "../period"

describe("finance export period", () => {
  const parse = (q: Record<string, unknown>) => periodQuerySchema.safeParse(q)
  const issue = (q: Record<string, unknown>) => {
    const r = parse(q)
    if (r.success) throw new Error("accepted")
    return `${r.error.issues[0]!.path.join(".")}: ${r.error.issues[0]!.message}`
  }

  it("days are Malaysian days; `to` as a date is inclusive", () => {
    const r = parse({ from: "2026-11-01", to: "2026-11-30" })
    expect(r.success && r.data).toMatchObject({
      fromMs: Date.parse("2026-10-31T16:00:00Z"),
      toMs: Date.parse("2026-11-30T16:00:00Z"),
    })
    expect(mytDay(Date.parse("2026-11-30T15:59:59Z"))).toBe("2026-11-30")
    expect(mytDay(Date.parse("2026-11-30T16:00:00Z"))).toBe("2026-12-01")
  })

  it("accepts ISO timestamps with a zone", () => {
    const r = parse({ from: "2026-11-01T10:00:00+08:00", to: "2026-11-01T12:00:00Z" })
    expect(r.success && r.data.toMs - r.data.fromMs).toBe(10 * 3600_000) // 02:00Z to 12:00Z
  })

  it("names the field and the rule", () => {
    expect(issue({ to: "2026-11-30" })).toMatch(/^from: is required/)
    expect(issue({ from: "2026-11-01" })).toMatch(/^to: is required/)
    expect(issue({ from: "2026-02-30", to: "2026-03-01" })).toMatch(/^from: must be a date YYYY-MM-DD/)
    expect(issue({ from: "2026-11-01T00:00:00", to: "2026-11-02" })).toMatch(/^from: must be .* with a time zone/)
    expect(issue({ from: "2026-11-02", to: "2026-11-01" })).toBe("to: must be after from")
    expect(issue({ from: "2025-01-01", to: "2026-11-01" })).toBe("to: must be at most 366 days after from")
    expect(issue({ from: "2026-11-01", to: "2026-11-02", x: "1" })).toMatch(/Unrecognized key/)
  })
})

describe("finance export amounts and CSV", () => {
  it("RM from sen exactly, without floating point", () => {
    expect(rmText(0n)).toBe("0.00")
    expect(rmText(5n)).toBe("0.05")
    expect(rmText(15025n)).toBe("150.25")
    expect(rmText(-2050n)).toBe("-20.50")
    // beyond 2^53 sen, still exact
    expect(rmText(12345678901234567891n)).toBe("123456789012345678.91")
    expect(rmText(senOf("1000000000000000001")! + senOf(1)!)).toBe("10000000000000000.02")
  })

  it("senOf takes integers only", () => {
    expect(senOf("1500")).toBe(1500n)
    expect(senOf(12050)).toBe(12050n)
    expect(senOf("12.5")).toBeNull()
    expect(senOf(1.5)).toBeNull()
    expect(senOf(null)).toBeNull()
  })

  it("quotes what needs quoting and never lets a spreadsheet run a formula", () => {
    expect(csvLine(["a", "b,c", 'say "hi"', null, 15025n])).toBe('a,"b,c","say ""hi""",,15025')
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)")
    expect(csvField("-20.50")).toBe("-20.50")
    expect(csvField("@x")).toBe("'@x")
  })
})
