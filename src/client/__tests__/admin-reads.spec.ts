import { startSandbox } from "../../sandbox"
import {
  adminShare,
  RateBudgetWait,
  RateLimiter,
} from "../rate-budget/rate-limit"
import { sandboxClient } from "./helpers/fixtures"

/**
 * An admin's pages never take a shopper's turn: their reads use at most a quarter of
 * the ceiling and leave what a new checkout leaves; past that they are refused at once.
 * What they read again and again is kept for seconds, one request for many askers.
 */
const CREATE = "POST /v1/checkout"
const SETTLE = "GET /v1/checkout/{id}"
const BALANCE = "GET /v1/wallet/balance"
const outcome = (p: Promise<void>) =>
  p.then(
    () => "sent",
    (e) => (e instanceof RateBudgetWait ? "refused" : e)
  )

describe("an admin's reads in the rate budget", () => {
  it("use at most a quarter of the ceiling, refused at once past it; shoppers' checkouts keep their room", async () => {
    const l = new RateLimiter({ accountLimit: 100, windowMs: 60_000 })
    expect(adminShare(100)).toBe(25)
    expect(adminShare(1000)).toBe(250)
    const admin = await Promise.all(
      Array.from({ length: 40 }, () =>
        outcome(l.acquire(BALANCE, Infinity, "admin"))
      )
    )
    expect(admin.filter((o) => o === "sent")).toHaveLength(25)
    expect(admin.filter((o) => o === "refused")).toHaveLength(15)
    // the same route without the admin's mark is the jobs' or a shopper's: not capped by the admin's share
    expect(await outcome(l.acquire(BALANCE))).toBe("sent")
    // after 26 reads, new checkouts still get what the reserve leaves: 34 (26 + 34 + their 34 reads + the floor of 5 = 99)
    const made = (
      await Promise.all(
        Array.from({ length: 40 }, () => outcome(l.acquire(CREATE)))
      )
    ).filter((o) => o === "sent").length
    expect(made).toBe(34)
    for (let i = 0; i < made; i++) await l.acquire(SETTLE)
  })

  it("leave the settlements' reserve and the reads owed: refused at once when only those are left", async () => {
    const l = new RateLimiter({ accountLimit: 20, windowMs: 60_000 })
    // creations stop at 9 (9 + their 9 reads + the floor of 1 = 19); the admin may take the one call left, no more
    let made = 0
    while ((await outcome(l.acquire(CREATE))) === "sent") made++
    expect(made).toBe(9)
    expect(await outcome(l.acquire(BALANCE, Infinity, "admin"))).toBe("sent")
    expect(await outcome(l.acquire(BALANCE, Infinity, "admin"))).toBe("refused")
    // the owed reads are there at once
    for (let i = 0; i < made; i++) await l.acquire(SETTLE)
    expect(l.usage().used).toBe(19)
  })
})

describe("SvcClient.forAdmin", () => {
  it("keeps a balance read for seconds, one request for concurrent askers; the shoppers' client is not cached", async () => {
    const sb = await startSandbox({ algorithm: "ed25519" })
    const client = sandboxClient(sb, { maxRetries: 0 })
    try {
      const admin = client.forAdmin()
      expect(client.forAdmin()).toBe(admin)
      expect(admin.forAdmin()).toBe(admin)
      const used = () => client.rateUsage().used
      const before = used()
      await Promise.all([
        admin.wallet.balance(),
        admin.wallet.balance(),
        admin.wallet.balance(),
      ])
      await admin.wallet.balance()
      expect(used() - before).toBe(1)
      // not a cached route: every read is sent (as an admin's)
      await admin.wallet.transactions({}).catch(() => undefined)
      expect(used() - before).toBe(2)
      // a diagnosis's view: ranked as an admin's, nothing kept
      const fresh = client.forAdmin({ keep: false })
      expect(admin.forAdmin({ keep: false })).toBe(fresh)
      await fresh.wallet.balance()
      await fresh.wallet.balance()
      expect(used() - before).toBe(4)
      // the shoppers' and jobs' client reads svc every time
      await client.wallet.balance()
      await client.wallet.balance()
      expect(used() - before).toBe(6)
    } finally {
      await client.close()
      await sb.close()
    }
  })
})
