import {
  chainIds,
  defaultAccountRateLimit,
  environmentOf,
} from "../environment"
import { ceilingFromEnvironment } from "../registry"

/** Without the option, the account ceiling follows svc's environment (spec: Limits). */
describe("the account ceiling from svc's environment", () => {
  const networks = (...ids: number[]) => ({
    networks: ids.map((chainId, i) => ({
      id: `n${i}`,
      name: `net ${chainId}`,
      type: "EVM",
      chainId,
      tokens: [],
    })),
  })

  it("tells sandbox from production by the networks' chains", () => {
    expect(environmentOf(chainIds(networks(11155111, 84532)))).toBe("sandbox")
    expect(environmentOf(chainIds(networks(1, 8453)))).toBe("production")
    expect(environmentOf(chainIds(networks(999)))).toBe("unknown")
    expect(environmentOf(chainIds({ nonsense: true }))).toBe("unknown")
    expect(chainIds([{ chainId: 42161 }, { chainId: "x" }])).toEqual([42161])
    expect(defaultAccountRateLimit("production")).toBe(1000)
    expect(defaultAccountRateLimit("sandbox")).toBe(100)
    expect(defaultAccountRateLimit("unknown")).toBe(100)
  })

  it("raises the client's ceiling to 1000 for production, once, and says so in the log", () => {
    const set: number[] = []
    const lines: string[] = []
    const log = {
      info: (m: string) => lines.push(m),
      warn: () => undefined,
      error: () => undefined,
    }
    const told = ceilingFromEnvironment(
      { setAccountRateLimit: (n: number) => set.push(n) },
      log
    )
    told(networks(11155111)) // sandbox: already 100, nothing to change
    expect(set).toEqual([])
    told(networks(1, 42161))
    told(networks(1))
    expect(set).toEqual([1000])
    expect(lines).toEqual([
      expect.stringMatching(
        /^svc: account rate ceiling 1000 calls\/min \(svc environment: production.*accountRateLimit overrides/
      ),
    ])
  })
})
