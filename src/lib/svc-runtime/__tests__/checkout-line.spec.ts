import { Redis } from "ioredis"
import {
  CheckoutLine,
  MemoryLine,
  RedisLine,
  type LineStore,
} from "../checkout-line"

const LEAVE_MS = 300

/** A cart's visit to a line of `max` places: its place (0: none) and the line's length. */
async function placeOf(store: LineStore, cart: string, max: number) {
  const { place, length } = await store.visit(cart, max, LEAVE_MS)
  return [place, length]
}

/** The same rules, on one process's line and on Redis's line shared by two "servers". */
function lineRules(name: string, stores: () => [LineStore, LineStore] | null) {
  describe(`the checkout line (${name})`, () => {
    it("first come, first served across servers; one place a cart; a cart that leaves frees its place", async () => {
      const s = stores()
      if (!s) return console.warn("no Redis at 127.0.0.1:6379: skipped")
      const [a, b] = s
      expect(await a.visit("cart_1", 10, LEAVE_MS)).toEqual({
        place: 1,
        length: 1,
        joined: true,
        share: 1,
      })
      expect(await placeOf(b, "cart_2", 10)).toEqual([2, 2])
      expect(await placeOf(a, "cart_3", 10)).toEqual([3, 3])
      // polling again keeps the place, on either server
      expect(await b.visit("cart_1", 10, LEAVE_MS)).toEqual({
        place: 1,
        length: 3,
        joined: false,
        share: 1,
      })
      await b.leave("cart_1", true)
      expect(await placeOf(a, "cart_3", 10)).toEqual([2, 2])
      expect(await a.length(LEAVE_MS)).toBe(2)
    })

    it("a cart not seen for the leave time loses its place; a full line takes no one new", async () => {
      const s = stores()
      if (!s) return console.warn("no Redis at 127.0.0.1:6379: skipped")
      const [a, b] = s
      await a.visit("cart_1", 2, LEAVE_MS)
      await b.visit("cart_2", 2, LEAVE_MS)
      expect(await placeOf(a, "cart_3", 2)).toEqual([0, 2])
      // cart_2 keeps polling, cart_1 went away
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, LEAVE_MS / 3))
        await b.visit("cart_2", 2, LEAVE_MS)
      }
      expect(await placeOf(a, "cart_3", 2)).toEqual([2, 2])
      expect(await placeOf(b, "cart_2", 2)).toEqual([1, 2])
    })

    it("remembers how the carts went: the share whose checkout was made", async () => {
      const s = stores()
      if (!s) return console.warn("no Redis at 127.0.0.1:6379: skipped")
      const [a, b] = s
      for (const c of ["c1", "c2", "c3", "c4"]) await a.visit(c, 10, LEAVE_MS)
      await a.leave("c1", true) // its checkout made
      await b.leave("c2", false) // Cancel
      await b.leave("c2", true) // gone already: not counted again
      // c3's tab closed (no more asking): it leaves unseen; c4 keeps asking
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, LEAVE_MS / 3))
        await b.visit("c4", 10, LEAVE_MS)
      }
      // one of three served, counted with one more of each: (1 + 1) / (3 + 1)
      expect(await a.visit("c4", 10, LEAVE_MS)).toMatchObject({
        place: 1,
        share: 0.5,
      })
    })
  })
}

lineRules("one process", () => {
  const line = new MemoryLine()
  return [line, line]
})

let redis: Redis | undefined
beforeAll(async () => {
  const r = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/15", {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    connectTimeout: 1000,
  })
  redis = await r.connect().then(
    () => r,
    () => undefined
  )
})
afterAll(() => redis?.quit())
lineRules("Redis, two servers", () => {
  if (!redis) return null
  const key = `test-${process.pid}-${Math.random()}`
  return [new RedisLine(redis, key), new RedisLine(redis, key)]
})

describe("the line's rule", () => {
  const line = (now: number, perMinute = 60) =>
    // a line of 6 s of the budget: 3 carts at 30 a minute
    new CheckoutLine(new MemoryLine(), async () => ({ now, perMinute }), 0.1)

  it("the first carts have their turn while the budget has room; the others wait their place past it at the budget's pace", async () => {
    const l = line(1, 30) // room for one now, 30 a minute: 2 s a place
    expect(await l.visit("a")).toEqual({ status: "turn", joined: true })
    expect(await l.visit("b")).toEqual({
      status: "waiting",
      joined: true,
      place: 2,
      length: 2,
      wait_seconds: 2,
    })
    expect(await l.visit("c")).toMatchObject({ place: 3, wait_seconds: 4 })
    // full: told when to come back
    expect(await l.visit("d")).toEqual({
      status: "full",
      joined: false,
      length: 3,
      retry_after_seconds: 5,
    })
    // a's checkout is made: b is first, and has the turn
    await l.done("a")
    // asking again is not joining
    expect(await l.visit("b")).toEqual({ status: "turn", joined: false })
    expect(await l.length()).toBe(2)
  })

  it("the wait counts only the share of the places ahead that will still be there", async () => {
    // no room now, 6 a minute: 10 s a place
    const l = new CheckoutLine(
      new MemoryLine(),
      async () => ({ now: 0, perMinute: 6 }),
      1
    )
    for (const c of ["a", "b", "c"]) await l.visit(c)
    expect(await l.visit("c")).toMatchObject({ place: 3, wait_seconds: 30 })
    await l.done("a", true)
    await l.done("b")
    // one of two served: (1 + 1) / (2 + 1) of 10 s
    expect(await l.visit("c")).toMatchObject({ place: 1, wait_seconds: 7 })
  })

  it("the wait is when the budget's windows free the turns when they can say (a burst frees at once), else the pace", async () => {
    // 6 a minute, but the window's sends leave in 2.5 s for one more, 4.5 s for two
    const frees = new Map([
      [1, 2_500],
      [2, 4_500],
    ])
    const l = new CheckoutLine(
      new MemoryLine(),
      async () => ({
        now: 0,
        perMinute: 6,
        msUntil: async (n: number) => frees.get(n),
      }),
      1
    )
    expect(await l.visit("a")).toMatchObject({ place: 1, wait_seconds: 3 })
    expect(await l.visit("b")).toMatchObject({ place: 2, wait_seconds: 5 })
    // past what the windows say: 10 s a place
    expect(await l.visit("c")).toMatchObject({ place: 3, wait_seconds: 30 })
  })

  it("no room at all: even the first waits", async () => {
    expect(await line(0, 60).visit("a")).toEqual({
      status: "waiting",
      joined: true,
      place: 1,
      length: 1,
      wait_seconds: 1,
    })
  })

  it("the wait a shopper starting now would be told, without joining", async () => {
    const l = line(1, 30)
    expect(await l.state()).toEqual({ length: 0, wait_seconds: 0 })
    await l.visit("a")
    await l.visit("b")
    // a third would be at place 3, two past the room: 4 s
    expect(await l.state()).toEqual({ length: 2, wait_seconds: 4 })
    expect(await l.length()).toBe(2)
  })

  it("one log line when the line opens and one when it is empty again, not one per shopper", async () => {
    const logged: string[] = []
    const room = { now: 0, perMinute: 60 }
    const l = new CheckoutLine(
      new MemoryLine(),
      async () => room,
      1,
      (m) => logged.push(m)
    )
    for (const cart of ["a", "b", "c"]) await l.visit(cart)
    await l.visit("a") // polling again
    expect(logged).toEqual([
      "svc: the checkout line opened: 1 shopper(s) in line, more than svc's checkout budget has room for now",
    ])
    room.now = 1 // the budget has room again: a turns, b and c still wait
    expect(await l.visit("a")).toEqual({ status: "turn", joined: false })
    await l.done("a")
    await l.done("b")
    expect(logged).toHaveLength(1)
    await l.done("c")
    expect(logged).toEqual([
      expect.stringContaining("opened"),
      "svc: the checkout line closed: nobody is waiting",
    ])
    // a shopper with a turn at once opens nothing; the next one told to wait opens it again
    await l.visit("d")
    expect(logged).toHaveLength(2)
    room.now = 0
    await l.visit("e")
    expect(logged[2]).toMatch(/opened: 2 shopper\(s\) in line/)
  })
})
