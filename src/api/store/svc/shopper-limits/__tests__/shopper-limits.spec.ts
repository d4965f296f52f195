import {
  storefrontLimitsSchema,
  parseSvcProviderOptions,
} from "../../../../../lib/svc-runtime/options"
import { RefusalCounts, RefusalLog } from "../refusals"
import { refusalMessage, ShopperLimits, waitWords } from "../shopper-limits"

const defaults = storefrontLimitsSchema.parse(undefined)

describe("shopper limits (in memory)", () => {
  it("defaults: 15 sessions a minute per address and per customer, 10 per cart in 20 minutes, no proxy trusted", () => {
    expect(defaults).toEqual({
      perAddress: { points: 15, seconds: 60 },
      perCustomer: { points: 15, seconds: 60 },
      perCart: { points: 10, seconds: 1200 },
      trustProxy: 0,
    })
  })

  it("a client's 16th session in its minute is refused with the wait and the words; another client is not", async () => {
    const l = new ShopperLimits(defaults, { memory: true }, "t1")
    for (let i = 0; i < 15; i++)
      expect(await l.take("address", "127.0.0.2")).toBeNull()
    const r = await l.take("address", "127.0.0.2")
    expect(r).toMatchObject({ kind: "address" })
    expect(r!.retryAfterSeconds).toBeGreaterThan(50)
    expect(r!.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect(r!.message).toMatch(
      /^too many payment attempts from this connection; try again in \d+ seconds; nothing was charged$/
    )
    expect(await l.take("address", "127.0.0.3")).toBeNull()
  })

  it("a cart's 11th session in 20 minutes is refused for minutes", async () => {
    const l = new ShopperLimits(defaults, { memory: true }, "t2")
    for (let i = 0; i < 10; i++)
      expect(await l.take("cart", "cart_1")).toBeNull()
    const r = await l.take("cart", "cart_1")
    expect(r!.message).toBe(
      "too many payment attempts for this cart; try again in 20 minutes; nothing was charged"
    )
  })

  it("words: seconds under a minute and a half, then whole minutes rounded up", () => {
    expect(waitWords(1)).toBe("1 second")
    expect(waitWords(89)).toBe("89 seconds")
    expect(waitWords(90)).toBe("2 minutes")
    expect(waitWords(61 * 20)).toBe("21 minutes")
    expect(refusalMessage("customer", 30)).toBe(
      "too many payment attempts for this account; try again in 30 seconds; nothing was charged"
    )
  })

  it("options: a bad limit names the option and the rule", () => {
    const base = {
      apiKey: "svc_pk_x",
      keyId: "k",
      privateKey: "x",
      baseUrl: "http://localhost:4010",
      redirectUrl: "http://localhost:8000/r",
    }
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        storefrontLimits: { perCart: { points: 0, seconds: 60 } },
      })
    ).toThrow(/`storefrontLimits.perCart.points`: must be at least 1/)
    expect(() =>
      parseSvcProviderOptions({ ...base, storefrontLimits: { trustProxy: -1 } })
    ).toThrow(/`storefrontLimits.trustProxy`: must be 0 \(no proxy\) or more/)
    expect(() =>
      parseSvcProviderOptions({ ...base, storefrontLimits: { perIp: 3 } })
    ).toThrow(/`storefrontLimits`: unknown option\(s\): perIp/)
  })
})

describe("refusals, said quietly", () => {
  it("the first refusal of a client in a minute is logged, the rest counted into one line", () => {
    const lines: string[] = []
    const log = new RefusalLog({ warn: (m) => lines.push(m) }, 10_000_000)
    for (let i = 0; i < 500; i++)
      log.refused("address 127.0.0.2", "storefrontLimits.perAddress: too many")
    log.refused("cart cart_1", "storefrontLimits.perCart: too many")
    expect(lines).toHaveLength(2)
    log.flush()
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe(
      "svc: refused 499 more payment sessions (address 127.0.0.2) in the last minute: storefrontLimits.perAddress: too many"
    )
    // the next minute starts afresh
    log.refused("address 127.0.0.2", "x")
    expect(lines).toHaveLength(4)
    log.flush()
  })

  it("counts the last hour by reason (in memory without Redis)", async () => {
    let now = 1_000_000_000_000
    const c = new RefusalCounts(undefined, "p", () => now)
    c.add("address")
    c.add("address")
    c.add("store_budget")
    now += 30 * 60_000
    c.add("cart")
    expect((await c.lastHour()).counts).toEqual({
      address: 2,
      customer: 0,
      cart: 1,
      store_budget: 1,
    })
    now += 45 * 60_000
    expect((await c.lastHour()).counts).toEqual({
      address: 0,
      customer: 0,
      cart: 1,
      store_budget: 0,
    })
  })
})
