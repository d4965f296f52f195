import { appendEntry, parseRinggit } from "../admin-input"
import { publicPayout } from "../../../workflows/refund-to-bank/request-refund"
import { recognise } from "../../texts"

/** The message parseRinggit refuses `v` with. */
const refusal = (v: string | number) => {
  try {
    parseRinggit(v, "amount", 1000, 100_000_000)
  } catch (e) {
    return (e as Error).message
  }
  throw new Error(`${v} was not refused`)
}

describe("parseRinggit", () => {
  it.each([
    ["25.50", 2550],
    [25.5, 2550],
    ["10", 1000],
    ["0.1e3", 10000],
    ["1000000.00", 100_000_000],
  ])("%p is %p sen, exactly", (v, sen) => {
    expect(parseRinggit(v, "amount", 1000, 100_000_000)).toBe(sen)
  })

  it.each([
    [
      "12.345",
      /^amount: must not contain a fraction of a sen/,
      "input.fractionOfSen",
    ],
    ["abc", /^amount: must be a decimal amount/, "input.decimalAmount"],
    [
      "9.99",
      /^amount: must be between RM10\.00 and RM1000000\.00; got RM9\.99$/,
      "input.amountRange",
    ],
    ["-10", /^amount: must be between/, "input.amountRange"],
    ["1000000.01", /^amount: must be between/, "input.amountRange"],
    [
      "1".repeat(33),
      /^amount: must be at most 32 characters/,
      "input.amountTooLong",
    ],
    [
      "1e-50000",
      /^amount: must not have an exponent beyond ±12/,
      "input.amountExponent",
    ],
    ["99999999999999999", /^amount: is too large$/, "input.tooLarge"],
  ])(
    "%p is refused: %p, a sentence of the server's catalogue (%p, the field named)",
    (v, re, code) => {
      const message = refusal(v)
      expect(message).toMatch(re)
      expect(recognise(message)).toMatchObject({
        code,
        params: { path: "amount" },
      })
    }
  )

  it.each([
    ["1e-50000", /^amount: must not have an exponent beyond ±12/],
    ["1e-1000000", /^amount: must not have an exponent beyond ±12/],
    [1e21, /^amount: must not have an exponent beyond ±12/],
    ["1".repeat(33), /^amount: must be at most 32 characters/],
    [`0.${"0".repeat(40_000)}1`, /^amount: must be at most 32 characters/],
    ["9".repeat(1_000_000), /^amount: must be at most 32 characters/],
  ])(
    "%#: a long or large-exponent amount is refused before it is read: %p",
    (v, re) => {
      const t0 = Date.now()
      expect(() => parseRinggit(v, "amount", 1000, 100_000_000)).toThrow(re)
      expect(Date.now() - t0).toBeLessThan(1000) // generous: it reads at most 33 characters
    }
  )

  it("an exponent within the bound still reads", () => {
    expect(parseRinggit("1.5e3", "amount", 1000, 100_000_000)).toBe(150_000)
    expect(parseRinggit("150000e-2", "amount", 1000, 100_000_000)).toBe(150_000)
    expect(parseRinggit("  1500.00  ", "amount", 1000, 100_000_000)).toBe(
      150_000
    )
  })

  it("a number is read as its shortest decimal form (0.1 + 0.2 + 10 is 10.3)", () => {
    expect(parseRinggit(0.1 + 0.2 + 10, "amount", 1000, 100_000_000)).toBe(1030)
  })
})

describe("appendEntry", () => {
  it("only grows the history", () => {
    const h = appendEntry(
      appendEntry(undefined, "REQUESTED", "admin"),
      "SENDING",
      "refund",
      "x".repeat(400)
    )
    expect(h.entries.map((e: any) => e.status)).toEqual([
      "REQUESTED",
      "SENDING",
    ])
    expect((h.entries[1] as any).detail).toHaveLength(300)
  })
})

describe("publicPayout", () => {
  it("masks account numbers and proxy values", () => {
    const out = publicPayout({
      id: "svcpo_1",
      status: "INITIATED",
      amount_sen: 2050,
      idempotency_key: "k",
      destination: {
        bankCode: "MBBEMYKL",
        accountNumber: "5512345678",
        nameCheck: "loose",
      },
    })
    expect(out.destination).toEqual({
      bank_code: "MBBEMYKL",
      account_number: "••••5678",
      name_check: "loose",
    })
    expect(JSON.stringify(out)).not.toContain("5512345678")
    const shown = (destination: Record<string, string>) =>
      publicPayout({ id: "svcpo_2", destination }).destination
    expect(shown({ proxyType: "MOBILE", proxyValue: "0123456789" })).toEqual({
      proxy_type: "MOBILE",
      proxy_value: "••••6789",
    })
    // a short value is hidden whole (it was shown as it is)
    expect(shown({ bankCode: "MBBEMYKL", accountNumber: "5512" })).toEqual({
      bank_code: "MBBEMYKL",
      account_number: "••••",
    })
  })
})
