import { SvcClient, type SvcRateLimitError } from "../../src/client"
import { startSandbox } from "../../src/sandbox"
import {
  connectRateBudget,
  type RedisRateBudget,
} from "../../src/lib/svc-runtime/redis-rate-budget"
import { readStats } from "../../testing/sandbox-stats"

// The account's rate budget shared by every instance through Redis.
// Two clients with their own Redis connections stand for two Medusa instances
// (the cluster spec runs real instances); the sandbox enforces the account
// ceiling over its rolling minute and counts every 429 it gives for it.
jest.setTimeout(60_000)
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const CEILING = 30

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
const sandboxes: Sandbox[] = []
const budgets: RedisRateBudget[] = []
const clients: SvcClient[] = []

async function sandboxWithCeiling() {
  const s = await startSandbox({
    rateLimits: { accountPerMinute: CEILING },
  } as never)
  sandboxes.push(s)
  return s
}

function clientOf(s: Sandbox, extra: Record<string, unknown> = {}) {
  const c = new SvcClient({
    baseUrl: s.url,
    apiKey: s.credentials.apiKey,
    keyId: s.credentials.keyId,
    privateKey: s.credentials.privateKeyPem,
    algorithm: s.credentials.algorithm,
    accountRateLimit: CEILING,
    retry: { baseMs: 50, capMs: 200, retryAfterCapMs: 500 },
    ...extra,
  } as never)
  clients.push(c)
  return c
}

/** `n` list calls at once, each allowed 3 s (a shopper's kind of deadline); how each ended. */
async function burst(c: SvcClient, n: number) {
  const ends = await Promise.all(
    Array.from({ length: n }, () =>
      c.checkout.list({}, { deadlineMs: 3000 }).then(
        () => "sent",
        (e: SvcRateLimitError) =>
          e.code === "RATE_BUDGET" ? "budget" : `error ${e.status} ${e.code}`
      )
    )
  )
  return ends.reduce<Record<string, number>>(
    (acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }),
    {}
  )
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all(budgets.map((b) => b.close()))
  await Promise.all(sandboxes.map((s) => s.close()))
})

describe("the rate budget shared through Redis", () => {
  it("two instances sending at once stay under the account ceiling: no 429 for it, the rest refused before sending", async () => {
    const s = await sandboxWithCeiling()
    const [a, b] = [0, 1].map(() => {
      const budget = connectRateBudget(REDIS_URL, s.credentials.apiKey)
      budgets.push(budget)
      return clientOf(s, { sharedRateBudget: budget })
    })
    const [ra, rb] = await Promise.all([burst(a, CEILING), burst(b, CEILING)])
    const stats = await readStats(s.url)
    console.log(
      `shared budget: instance A ${JSON.stringify(ra)}, B ${JSON.stringify(rb)}; sandbox ${stats.total} calls, ${stats.rateLimited} refused for the ceiling`
    )
    expect(stats.rateLimited).toBe(0)
    expect(stats.total).toBe(CEILING)
    expect((ra.sent ?? 0) + (rb.sent ?? 0)).toBe(CEILING)
    expect((ra.budget ?? 0) + (rb.budget ?? 0)).toBe(CEILING)
    // what each instance reports as used this minute is the deployment's count
    expect(a.rateUsage()).toEqual(
      expect.objectContaining({ shared: true, limit: CEILING })
    )
    expect(Math.max(a.rateUsage().used, b.rateUsage().used)).toBe(CEILING)
  })

  it("without it (the control), the same two instances overrun the ceiling and earn 429s", async () => {
    const s = await sandboxWithCeiling()
    const [a, b] = [clientOf(s), clientOf(s)]
    await Promise.all([burst(a, CEILING), burst(b, CEILING)])
    const stats = await readStats(s.url)
    console.log(
      `local budgets: sandbox ${stats.total} calls, ${stats.rateLimited} refused for the ceiling`
    )
    expect(stats.rateLimited).toBeGreaterThan(0)
  })

  it("an unreachable Redis: calls go on under the local budget, one warning without secrets", async () => {
    const s = await sandboxWithCeiling()
    const warnings: string[] = []
    const budget = connectRateBudget(
      "redis://127.0.0.1:1",
      s.credentials.apiKey
    )
    budgets.push(budget)
    const c = clientOf(s, {
      sharedRateBudget: budget,
      logger: { warn: (m: string) => warnings.push(m) },
    })
    expect(await burst(c, 5)).toEqual({ sent: 5 })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/shared rate budget is unreachable/)
    expect(warnings[0]).not.toContain(s.credentials.apiKey)
    expect(c.rateUsage()).toEqual(
      expect.objectContaining({ used: 5, shared: true })
    )
  })

  it("the same signed write from two instances in the same second: svc takes both when each `created` is claimed through Redis; without, it refuses one as reused", async () => {
    const s = await sandboxWithCeiling()
    const ID = "3b241101-e2bb-4255-8caf-4136c566a962"
    // svc's answer to each: anything but 401 means the signature was accepted (the sender is unknown: 404)
    const both = (a: SvcClient, b: SvcClient) =>
      Promise.all(
        [a, b].map((c) =>
          c.wallet.allowedSenders.remove(ID, ID).then(
            () => 200,
            (e: { status: number }) => e.status
          )
        )
      )
    const shared = [0, 1].map(() => {
      const budget = connectRateBudget(REDIS_URL, s.credentials.apiKey)
      budgets.push(budget)
      return clientOf(s, { sharedRateBudget: budget })
    })
    for (let i = 0; i < 3; i++)
      expect(
        (await both(shared[0]!, shared[1]!)).filter((x) => x === 401)
      ).toEqual([])
    // the control: two instances each on its own, three times at once: a 401 (signature reused) at least once
    const alone = [0, 1].map(() => clientOf(s))
    const ends: number[] = []
    for (let i = 0; i < 3; i++) ends.push(...(await both(alone[0]!, alone[1]!)))
    expect(ends.filter((x) => x === 401).length).toBeGreaterThan(0)
  })
})
