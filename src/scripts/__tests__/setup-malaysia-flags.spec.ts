// The Malaysia setup script's flags: defaults, every rule with the flag named in its error, and
// the price conversion in integer sen.
import {
  convertedSen,
  DEFAULTS,
  parseSetupFlags,
  SetupFlagError,
  type PriceRule,
} from "../setup-malaysia-flags"

const refused = (args: string[]): string => {
  try {
    parseSetupFlags(args)
  } catch (e) {
    expect(e).toBeInstanceOf(SetupFlagError)
    return (e as Error).message.split("\n")[0]!
  }
  throw new Error(`${args.join(" ")} was accepted`)
}

describe("setup-malaysia flags", () => {
  it("no flags: SST 8 %, RM10.00 shipping, prices left alone, providers of id svc", () => {
    expect(parseSetupFlags([])).toEqual({
      sst: 8,
      shippingSen: 1000,
      prices: { kind: "none" },
      location: undefined,
      shippingProfile: undefined,
      providers: "svc",
      help: false,
    })
    expect(parseSetupFlags(undefined).sst).toBe(DEFAULTS.sst)
  })

  it("reads name=value words, with or without a leading --", () => {
    const f = parseSetupFlags([
      "sst=0",
      "--shipping=7.5",
      "prices=flat:25",
      "location=sloc_01ABC",
      "shipping-profile=sp_01X",
      "providers=svc-live",
    ])
    expect(f).toMatchObject({
      sst: 0,
      shippingSen: 750,
      prices: { kind: "flat", sen: 2500 },
      location: "sloc_01ABC",
      shippingProfile: "sp_01X",
      providers: "svc-live",
    })
    expect(parseSetupFlags(["prices=from:EUR:4.9"]).prices).toMatchObject({
      kind: "from",
      currency: "eur",
      rateText: "4.9",
      numerator: 49n,
      denominator: 10n,
    })
    expect(parseSetupFlags(["help"]).help).toBe(true)
    for (const sst of ["0", "5", "6", "8", "10"])
      expect(parseSetupFlags([`sst=${sst}`]).sst).toBe(Number(sst))
  })

  it.each([
    [["sst=7"], /^sst must be one of 0, 5, 6, 8, 10 .*got "7"/],
    [["sst=8.0"], /^sst must be one of/],
    [["sst="], /^sst must be one of/],
    [
      ["shipping=ten"],
      /^shipping must be a ringgit amount with at most two decimals.*got "ten"/,
    ],
    [["shipping=1.234"], /^shipping must be a ringgit amount/],
    [["shipping=-5"], /^shipping must be a ringgit amount/],
    [
      ["prices=copy"],
      /^prices must be none, from:<currency>:<rate> .* or flat:<RM> .*got "copy"/,
    ],
    [
      ["prices=from:myr:1"],
      /^prices=from:<currency>:<rate> converts from another currency than myr/,
    ],
    [
      ["prices=from:eur:0"],
      /^prices=from:<currency>:<rate> needs a rate above 0/,
    ],
    [["prices=from:euro:4.9"], /^prices must be none/],
    [["prices=flat:0"], /^prices=flat:<RM> needs a ringgit amount above 0/],
    [
      ["location=warehouse"],
      /^location must be a stock location id \(sloc_…\)/,
    ],
    [
      ["shipping-profile=default"],
      /^shipping-profile must be a shipping profile id \(sp_…\)/,
    ],
    [
      ["providers=svc live"],
      /^providers must be the provider's id in medusa-config.ts/,
    ],
    [["--sst", "8"], /^"--sst" is not a flag: flags are name=value/],
    [
      ["colour=red"],
      /^unknown flag "colour": known flags are sst, shipping, prices, location, shipping-profile, providers/,
    ],
    [["sst=8", "sst=6"], /^flag "sst" is given twice/],
  ])("%j is refused naming the flag and its rule", (args, message) => {
    expect(refused(args)).toMatch(message)
  })

  it("the error ends with the usage", () => {
    expect(() => parseSetupFlags(["sst=7"])).toThrow(
      /Usage:\n.*setup-malaysia\.js/
    )
  })

  it("converts to the sen, half up, in integers", () => {
    const rule = parseSetupFlags(["prices=from:eur:4.9"]).prices as Extract<
      PriceRule,
      { kind: "from" }
    >
    expect(convertedSen(10, rule)).toBe(4900)
    expect(convertedSen(19.99, rule)).toBe(9795) // 1999 × 4.9 = 9795.1
    expect(convertedSen(0.15, rule)).toBe(74) // 73.5 → 74
    const fine = parseSetupFlags(["prices=from:usd:4.123456"])
      .prices as Extract<PriceRule, { kind: "from" }>
    expect(convertedSen(1234.56, fine)).toBe(509065) // 123456 × 4.123456 = 509065.38…
  })
})
