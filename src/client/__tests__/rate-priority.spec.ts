import {
  RateBudgetWait,
  RateLimiter,
  ratePriorityOf,
  settleReserve,
  type SharedRateStore,
} from "../rate-budget/rate-limit"
import { RedisRateBudget } from "../../lib/svc-runtime/redis-rate-budget"

/**
 * Paid shoppers first. Settlement reads may use the whole ceiling and go first;
 * a new checkout leaves the settlements' reserve and is refused at once (nothing sent)
 * when only the reserve is left, never queued behind settlements.
 */
const CREATE = "POST /v1/checkout"
const SETTLE = "GET /v1/checkout/{id}"
const NORMAL = "GET /v1/wallet/balance"

describe("rate budget priorities", () => {
  it("classifies routes: a checkout creation, settlement reads, the rest", () => {
    const classes = {
      create: [CREATE],
      settle: [
        SETTLE,
        "GET /v1/payouts/{id}",
        "GET /v1/wallet/fiat/withdrawals/{id}",
        "GET /v1/wallet/token/withdrawals/{id}",
      ],
      normal: [
        NORMAL,
        "GET /v1/checkout",
        "POST /v1/payouts",
        "GET /v1/wallet/networks",
      ],
    }
    for (const [priority, routes] of Object.entries(classes))
      for (const r of routes) expect(ratePriorityOf(r)).toBe(priority)
    // reads owed by older checkouts that can still be paid: as many, at least 5 %, at most 20 % of the ceiling
    expect(settleReserve(100)).toBe(5)
    expect(settleReserve(100, 12)).toBe(12)
    expect(settleReserve(100, 70)).toBe(20)
    expect(settleReserve(1000)).toBe(50)
    expect(settleReserve(1000, 700)).toBe(200)
    expect(settleReserve(3)).toBe(1)
    expect(settleReserve(1)).toBe(0)
  })

  it("creations stop at the reserve and are refused at once; settlements still get the reserve right away", async () => {
    const l = new RateLimiter({ accountLimit: 10, windowMs: 60_000 })
    // the reserve: 1, and one read for each checkout created and not read yet (4 + 1 + 4 ≤ 10; a fifth would leave no read for itself)
    for (let i = 0; i < 4; i++) await l.acquire(CREATE)
    const refused = await l.acquire(CREATE).then(
      () => "sent",
      (e) => e
    )
    expect(refused).toBeInstanceOf(RateBudgetWait)
    // every checkout made can be read, and the share is left besides: six settlement reads now, with no wait
    let got = 0
    await Promise.race([
      Promise.all(Array.from({ length: 6 }, () => l.acquire(SETTLE))).then(
        () => (got = 6)
      ),
      new Promise((r) => setTimeout(r, 200)),
    ])
    expect(got).toBe(6)
    expect(l.usage().used).toBe(10)
  })

  it("at svc's sandbox ceiling, a burst of 60 new checkouts leaves a read for each one it lets through", async () => {
    const l = new RateLimiter({ accountLimit: 100, windowMs: 60_000 })
    const made = (
      await Promise.all(
        Array.from({ length: 60 }, () =>
          l.acquire(CREATE).then(
            () => 1,
            () => 0
          )
        )
      )
    ).reduce((a: number, b) => a + b, 0)
    expect(made).toBe(47) // after a quiet spell: 47 checkouts + their 47 reads + the floor of 5 ≤ 100
    // the shoppers pay: every checkout is read at once, none waits for the next minute
    const t0 = Date.now()
    await Promise.all(Array.from({ length: made }, () => l.acquire(SETTLE)))
    expect(Date.now() - t0).toBeLessThan(1000)
    // reads paid their debt: the floor and one more call are what is left for the rest of the minute
    expect(l.usage().used).toBe(94)
  })

  it("checkouts of earlier minutes still unread raise the reserve (at most 20 %) while they can be paid, then no longer", async () => {
    let now = 0
    const l = new RateLimiter({
      accountLimit: 100,
      windowMs: 1_000,
      payableMs: 10_000,
      now: () => now,
    })
    const burst = async () => {
      let made = 0
      for (let i = 0; i < 60; i++)
        made += await l.acquire(CREATE).then(
          () => 1,
          () => 0
        )
      return made
    }
    expect(await burst()).toBe(47) // after a quiet spell: the floor of 5
    now = 1_500 // the next window: 47 shoppers of the last one may still pay, none read yet
    expect(await burst()).toBe(40) // 40 + their 40 reads + 20 for the 47 older ones (the share caps them) = 100
    for (let i = 0; i < 30; i++) await l.acquire(SETTLE) // 30 debts paid: 57 older ones still owed
    now = 3_000
    expect(await burst()).toBe(40)
    now = 20_000 // every checkout made is past its payable life: back to the floor
    expect(await burst()).toBe(47)
  })

  it("a creation queued behind its route limit is refused when its turn finds only the reserve left (the queue behind it goes on)", async () => {
    const l = new RateLimiter({ accountLimit: 5, windowMs: 400 })
    // reserve 1, and a read for each checkout made: creations may use 2
    await l.acquire(CREATE)
    await l.acquire(CREATE)
    const late = await l.acquire(CREATE).then(
      () => "sent",
      (e) => e
    )
    expect(late).toBeInstanceOf(RateBudgetWait)
    await l.acquire(SETTLE) // the reserved slot
    // once the window rolls, creations are served again
    await new Promise((r) => setTimeout(r, 450))
    await expect(l.acquire(CREATE)).resolves.toBeUndefined()
  })

  it("settlement reads waiting for a slot go before other waiting calls", async () => {
    const l = new RateLimiter({ accountLimit: 3, windowMs: 300 })
    for (let i = 0; i < 3; i++) await l.acquire(NORMAL)
    const order: string[] = []
    const n1 = l.acquire(NORMAL).then(() => order.push("normal-1"))
    await new Promise((r) => setTimeout(r, 20))
    const s1 = l.acquire(SETTLE).then(() => order.push("settle-1"))
    const s2 = l.acquire(SETTLE).then(() => order.push("settle-2"))
    await Promise.all([n1, s1, s2])
    expect(order).toEqual(["settle-1", "settle-2", "normal-1"])
  })

  it("setAccountLimit raises the ceiling for calls already waiting and to come", async () => {
    const l = new RateLimiter({ accountLimit: 2, windowMs: 60_000 })
    await l.acquire(NORMAL)
    await l.acquire(NORMAL)
    const waiting = l.acquire(NORMAL, Date.now() + 5_000)
    l.setAccountLimit(1000)
    // the waiting call is served once its sleep ends (the window's oldest entry); new calls go at once
    await expect(l.acquire(SETTLE)).resolves.toBeUndefined()
    expect(l.usage().limit).toBe(1000)
    expect(() => l.setAccountLimit(0)).toThrow(/positive integer/)
    waiting.catch(() => undefined)
  })

  it("shared budget: a creation is refused at once when the account window is full, and waits when only its route window is", async () => {
    const calls: { windows: { name: string; limit: number }[] }[] = []
    let answer: Awaited<ReturnType<SharedRateStore["take"]>> = {
      ok: false,
      waitMs: 50,
      blocked: ["account"],
    }
    const store: SharedRateStore = {
      take: async (windows) => {
        calls.push({ windows: windows.map((w) => ({ ...w })) })
        return answer
      },
    }
    const l = new RateLimiter({
      accountLimit: 100,
      windowMs: 60_000,
      shared: store,
    })
    await expect(l.acquire(CREATE)).rejects.toBeInstanceOf(RateBudgetWait)
    // the creation asked the store with the account limit less the reserve
    expect(calls[0]!.windows).toEqual([
      { name: "account", limit: 94 },
      { name: "checkout.create", limit: 120 },
    ])
    answer = { ok: false, waitMs: 30, blocked: ["checkout.create"] }
    const p = l.acquire(CREATE)
    await new Promise((r) => setTimeout(r, 80))
    answer = { ok: true, used: 5 }
    await expect(p).resolves.toBeUndefined()
    expect(calls.length).toBeGreaterThanOrEqual(3)
    // a settlement read asks for the whole ceiling
    await l.acquire(SETTLE)
    expect(calls[calls.length - 1]!.windows).toEqual([
      { name: "account", limit: 100 },
    ])
  })
})

describe("the room for new checkouts (the line's turns)", () => {
  it("says how many checkouts fit now, each with its read owed, and the steady pace; as many creates as it said are taken, the next is refused", async () => {
    const limiter = new RateLimiter({ accountLimit: 100 })
    // 100 a minute, 5 kept for other reads: a checkout and its read each, 47 now and a minute
    expect(await limiter.checkoutRoom()).toMatchObject({
      now: 47,
      perMinute: 47,
    })
    for (let i = 0; i < 10; i++) await limiter.acquire(CREATE, Date.now())
    expect((await limiter.checkoutRoom()).now).toBe(37)
    for (let i = 0; i < 37; i++) await limiter.acquire(CREATE, Date.now())
    expect((await limiter.checkoutRoom()).now).toBe(0)
    await expect(limiter.acquire(CREATE, Date.now())).rejects.toBeInstanceOf(
      RateBudgetWait
    )
    // production: the route's own 120 a minute is the pace
    expect(
      (await new RateLimiter({ accountLimit: 1000 }).checkoutRoom()).perMinute
    ).toBe(120)
  })
})

describe("when more checkouts fit (the line's waits)", () => {
  it("as the window's oldest sends leave it: a burst frees a minute after it, not at the steady pace", async () => {
    let now = 0
    const l = new RateLimiter({
      accountLimit: 100,
      windowMs: 60_000,
      now: () => now,
    })
    // a sale's first seconds: 47 checkouts at t = 0 s, their 47 reads at t = 10 s
    for (let i = 0; i < 47; i++) await l.acquire(CREATE)
    now = 10_000
    for (let i = 0; i < 47; i++) await l.acquire(SETTLE)
    now = 20_000
    const room = await l.checkoutRoom()
    expect(room.now).toBe(0)
    // 2 more need 2 x 2 - 1 = 3 slots (0 left): the 3rd oldest send (t = 0) leaves at 60 s
    expect(await room.msUntil!(2)).toBe(40_000)
    // 47 more: 93 slots, the 93rd oldest a read of t = 10 s, gone at 70 s
    expect(await room.msUntil!(47)).toBe(50_000)
    // further than the window holds: the caller falls back on the pace
    expect(await room.msUntil!(60)).toBeUndefined()
  })
})

describe("the Redis budget says which window was full", () => {
  // A real Redis (127.0.0.1:6379, as the integration tests use); skipped where none runs.
  let redis: any
  beforeAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Redis = require("ioredis")
    redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/15", {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 1000,
    })
    await redis.connect().catch(() => (redis = undefined))
  })
  afterAll(async () => {
    await redis?.quit()
  })

  it("two servers on one budget: each sees the room the other's checkouts left, and a read on one pays the debt of the other's checkout (the deployment's counts, not its own)", async () => {
    if (!redis) return console.warn("no Redis at 127.0.0.1:6379: skipped")
    const key = `test-room-${process.pid}-${Date.now()}`
    const server = () =>
      new RateLimiter({
        accountLimit: 100,
        shared: new RedisRateBudget(redis, key),
      })
    const [a, b] = [server(), server()]
    for (let i = 0; i < 10; i++) await a.acquire(CREATE)
    // the deployment owes reads for a's 10 (reserve 10 + 5 + 1): 37 on either
    expect((await a.checkoutRoom()).now).toBe(37)
    expect((await b.checkoutRoom()).now).toBe(37)
    for (let i = 0; i < 30; i++) await b.acquire(CREATE)
    // a, whose last take counted 10, sees b's 30 and their reads owed: 100 - 40 - (40 + 5 + 1) = 14, 7 checkouts
    expect((await a.checkoutRoom()).now).toBe(7)
    expect((await b.checkoutRoom()).now).toBe(7)
    // b reads the 40 checkouts (their webhooks came to b): the debts are paid for a too
    // (a counting only its own 10 would see 100 - 80 - 16 < 0, and stop)
    for (let i = 0; i < 40; i++) await b.acquire(SETTLE)
    // 100 - 80 - (5 + 1) = 14: 7 checkouts with their reads; a creates them
    expect((await a.checkoutRoom()).now).toBe(7)
    for (let i = 0; i < 7; i++) await a.acquire(CREATE)
    await expect(a.acquire(CREATE)).rejects.toBeInstanceOf(RateBudgetWait)
  })

  it("says when a window's oldest sends leave it, by Redis's clock, for every server", async () => {
    if (!redis) return console.warn("no Redis at 127.0.0.1:6379: skipped")
    const key = `test-frees-${process.pid}-${Date.now()}`
    const a = new RateLimiter({
      accountLimit: 100,
      windowMs: 5_000,
      shared: new RedisRateBudget(redis, key),
    })
    const b = new RateLimiter({
      accountLimit: 100,
      windowMs: 5_000,
      shared: new RedisRateBudget(redis, key),
    })
    for (let i = 0; i < 10; i++) await a.acquire(CREATE)
    const room = await b.checkoutRoom()
    // 100 - 10 - (10 owed + 5 + 1) = 74 left: 37 now
    expect(room.now).toBe(37)
    // one more: 2 x 38 - 1 - 74 = 1 slot, when a's first send leaves the window
    const ms = await room.msUntil!(1)
    expect(ms).toBeGreaterThan(0)
    expect(ms).toBeLessThanOrEqual(5_000)
    // 38 more: 75 slots, more than the 10 sends the window holds
    expect(await room.msUntil!(38)).toBeUndefined()
    expect(await room.msUntil!(0)).toBe(0)
  })

  it("blocked names the account window for a creation at the reserve, the route window for a route limit", async () => {
    if (!redis) return console.warn("no Redis at 127.0.0.1:6379: skipped")
    const budget = new RedisRateBudget(
      redis,
      `test-key-${process.pid}-${Date.now()}`
    )
    const w = 2_000
    // the account: limit 3; two takes fill a creation's share (3 - reserve 1)
    expect((await budget.take([{ name: "account", limit: 3 }], w)).ok).toBe(
      true
    )
    expect((await budget.take([{ name: "account", limit: 3 }], w)).ok).toBe(
      true
    )
    const c = await budget.take(
      [
        { name: "account", limit: 2 },
        { name: "checkout.create", limit: 10 },
      ],
      w
    )
    expect(c).toMatchObject({ ok: false, blocked: ["account"] })
    expect((c as { waitMs: number }).waitMs).toBeGreaterThan(0)
    // a settlement still gets the reserved slot
    expect(await budget.take([{ name: "account", limit: 3 }], w)).toMatchObject(
      { ok: true, used: 3 }
    )
    // a full route window alone
    const budget2 = new RedisRateBudget(
      redis,
      `test-key2-${process.pid}-${Date.now()}`
    )
    expect(
      (
        await budget2.take(
          [
            { name: "account", limit: 10 },
            { name: "g", limit: 1 },
          ],
          w
        )
      ).ok
    ).toBe(true)
    expect(
      await budget2.take(
        [
          { name: "account", limit: 10 },
          { name: "g", limit: 1 },
        ],
        w
      )
    ).toMatchObject({ ok: false, blocked: ["g"] })
  })
})
