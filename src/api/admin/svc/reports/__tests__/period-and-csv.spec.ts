import { csvField, csvLine, mytDay, rmText, senOf } from "../csv"
import { zodValidator } from "@medusajs/framework"
import { periodQuery } from "../validators"

describe("finance export period", () => {
  const parse = (q: Record<string, unknown>) => periodQuery.safeParse(q)
  /** What Medusa's validator (validateAndTransformQuery) answers: its INVALID_DATA message. */
  const issue = async (q: Record<string, unknown>) => {
    try {
      await zodValidator(periodQuery, q)
    } catch (e) {
      return (e as Error).message
    }
    throw new Error("accepted")
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
    const r = parse({
      from: "2026-11-01T10:00:00+08:00",
      to: "2026-11-01T12:00:00Z",
    })
    expect(r.success && r.data.toMs - r.data.fromMs).toBe(10 * 3600_000) // 02:00Z to 12:00Z
  })

  it("names the field and the rule (Medusa's validator's words)", async () => {
    expect(await issue({ to: "2026-11-30" })).toBe(
      "Invalid request: Field 'from' is required"
    )
    expect(await issue({ from: "2026-11-01" })).toBe(
      "Invalid request: Field 'to' is required"
    )
    expect(await issue({ from: "2026-02-30", to: "2026-03-01" })).toMatch(
      /^Invalid request: from: must be a date YYYY-MM-DD/
    )
    expect(
      await issue({ from: "2026-11-01T00:00:00", to: "2026-11-02" })
    ).toMatch(/^Invalid request: from: must be .* with a time zone/)
    expect(await issue({ from: "2026-11-02", to: "2026-11-01" })).toBe(
      "Invalid request: to: must be after from"
    )
    expect(await issue({ from: "2025-01-01", to: "2026-11-01" })).toBe(
      "Invalid request: to: must be at most 366 days after from"
    )
    expect(await issue({ from: "2026-11-01", to: "2026-11-02", x: "1" })).toBe(
      "Invalid request: Unrecognized fields: 'x'"
    )
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
    expect(rmText(senOf("1000000000000000001")! + senOf(1)!)).toBe(
      "10000000000000000.02"
    )
  })

  it("senOf takes integers only", () => {
    expect(senOf("1500")).toBe(1500n)
    expect(senOf(12050)).toBe(12050n)
    expect(senOf("12.5")).toBeNull()
    expect(senOf(1.5)).toBeNull()
    expect(senOf(null)).toBeNull()
  })

  it("quotes what needs quoting and never lets a spreadsheet run a formula", () => {
    expect(csvLine(["a", "b,c", 'say "hi"', null, 15025n])).toBe(
      'a,"b,c","say ""hi""",,15025'
    )
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)")
    expect(csvField("-20.50")).toBe("-20.50")
    expect(csvField("@x")).toBe("'@x")
  })
})
