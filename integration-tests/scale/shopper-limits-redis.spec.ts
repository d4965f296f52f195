import type { Redis } from "ioredis"
import { randomBytes } from "node:crypto"
import { storefrontLimitsSchema } from "../../src/lib/svc-runtime/options"
import { connectFailFastRedis } from "../../src/lib/svc-runtime/redis-rate-budget"
import { RefusalCounts } from "../../src/api/store/svc/shopper-limits/refusals"
import { ShopperLimits } from "../../src/api/store/svc/shopper-limits/shopper-limits"

// The storefront limits counted in Redis: two limiters with their own Redis connections stand
// for two Medusa servers behind one load balancer (a client's requests land on either), as
// rate-budget.spec does for the svc budget. Each run has its own namespace, so runs beside
// this one (another clone, the cluster spec) never share counts with it.
jest.setTimeout(60_000)
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const defaults = storefrontLimitsSchema.parse(undefined)
const connections: Redis[] = []
const redis = () => {
  const r = connectFailFastRedis(REDIS_URL)
  connections.push(r)
  return r
}
afterAll(async () => {
  await Promise.all(
    connections.map((c) => c.quit().catch(() => c.disconnect()))
  )
})

describe("storefront limits shared through Redis", () => {
  it("two servers share a client's and a cart's counts: the 16th session from one address and the 11th of one cart are refused, whichever server takes them", async () => {
    const ns = randomBytes(6).toString("hex")
    const servers = [
      new ShopperLimits(defaults, { redis: redis() }, ns),
      new ShopperLimits(defaults, { redis: redis() }, ns),
    ]
    const byAddress = []
    for (let i = 0; i < 20; i++)
      byAddress.push(await servers[i % 2]!.take("address", "127.0.0.2"))
    expect(byAddress.filter((r) => r === null)).toHaveLength(15)
    expect(byAddress.slice(15).every((r) => r?.kind === "address")).toBe(true)
    const byCart = []
    for (let i = 0; i < 14; i++)
      byCart.push(await servers[i % 2]!.take("cart", "cart_01SHARED"))
    expect(byCart.filter((r) => r === null)).toHaveLength(10)
    expect(byCart[10]!.message).toMatch(
      /^too many payment attempts for this cart; try again in 20 minutes; nothing was charged$/
    )
    // the control: two servers counting in their own memory let a client have twice its share
    const alone = [
      new ShopperLimits(defaults, { memory: true }, ns),
      new ShopperLimits(defaults, { memory: true }, ns),
    ]
    const apart = []
    for (let i = 0; i < 30; i++)
      apart.push(await alone[i % 2]!.take("address", "127.0.0.2"))
    expect(apart.filter((r) => r === null)).toHaveLength(30)
  })

  it("the doctor's refusal counts are every server's", async () => {
    const prefix = `svc:shopper:${randomBytes(6).toString("hex")}:refusals`
    const a = new RefusalCounts(redis() as never, prefix)
    const b = new RefusalCounts(redis() as never, prefix)
    a.add("address")
    b.add("address")
    b.add("store_budget")
    await new Promise((r) => setTimeout(r, 200))
    const seen = await a.lastHour()
    expect(seen).toEqual({
      shared: true,
      counts: { address: 2, customer: 0, cart: 0, store_budget: 1 },
    })
  })

  it("Redis unreachable: each server counts in its own memory (the library's insurance limiter), never refusing everybody nor letting a flood through", async () => {
    const down = connectFailFastRedis("redis://127.0.0.1:1")
    connections.push(down)
    const l = new ShopperLimits(
      defaults,
      { redis: down },
      randomBytes(6).toString("hex")
    )
    const got = []
    for (let i = 0; i < 20; i++) got.push(await l.take("address", "127.0.0.9"))
    expect(got.filter((r) => r === null)).toHaveLength(15)
  })
})
