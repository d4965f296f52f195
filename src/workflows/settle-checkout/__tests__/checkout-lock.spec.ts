// The checkout lock's lease renewal (checkout-lock.ts) against Medusa's own in-memory locking
// provider, on jest's clock (the provider reads Date.now() for its leases). The settle workflows
// that take the lock run against a real Medusa app: integration-tests/http/settle-race.cases.ts,
// integration-tests/scale/paid-no-order-crash.spec.ts.
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { renewLease } from "../checkout-lock"

const KEY = "svc:checkout:c1"
const takenBy = async (locking: InMemoryLockingProvider, ownerId: string) =>
  locking.acquire(KEY, { ownerId, expire: 1 }).then(
    () => true,
    () => false
  )

/** The lock held by run-a; `renew` starts run-a's renewal (lease 3 s), its warnings kept. */
async function heldByA() {
  const locking = new InMemoryLockingProvider()
  const warnings: string[] = []
  await locking.acquire(KEY, { ownerId: "run-a", expire: 3 })
  const renew = (maxS = 120, onEnd?: () => void) =>
    renewLease(locking, KEY, "run-a", {
      leaseS: 3,
      maxS,
      warn: (m) => warnings.push(m),
      onEnd,
    })
  return { locking, warnings, renew }
}

describe("renewLease", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("a live run keeps its lock past many leases; once stopped, the lock is free one lease later", async () => {
    const { locking, warnings, renew } = await heldByA()
    const renewal = renew()

    await jest.advanceTimersByTimeAsync(30_000) // ten leases
    expect(await takenBy(locking, "run-b")).toBe(false)

    renewal.stop()
    await jest.advanceTimersByTimeAsync(2_000)
    expect(await takenBy(locking, "run-b")).toBe(false) // the last renewal's lease still runs
    await jest.advanceTimersByTimeAsync(1_500)
    expect(await takenBy(locking, "run-b")).toBe(true)
    expect(warnings).toEqual([])
  })

  it("a process that dies stops renewing: without renewal the lock lapses after one lease", async () => {
    const { locking } = await heldByA()
    await jest.advanceTimersByTimeAsync(3_100)
    expect(await takenBy(locking, "run-b")).toBe(true)
  })

  it("renewed for maxS at most: a run still holding the lock then loses it one lease later", async () => {
    const { locking, renew } = await heldByA()
    let ended = 0
    renew(12, () => ended++)
    await jest.advanceTimersByTimeAsync(11_000)
    expect(await takenBy(locking, "run-b")).toBe(false)
    expect(ended).toBe(0)
    await jest.advanceTimersByTimeAsync(4_100) // the last renewal (at 12 s at the latest) plus its lease
    expect(ended).toBe(1) // the renewal ended on its own, and said so
    expect(await takenBy(locking, "run-b")).toBe(true)
  })

  it("a lease that lapsed and was taken by another run is said in the log, and renewal stops", async () => {
    const { locking, warnings, renew } = await heldByA()
    const renewal = renew()
    // the holder's process stalls past its lease (its renewals never ran): another run takes the key
    renewal.stop()
    await jest.advanceTimersByTimeAsync(3_100)
    await locking.acquire(KEY, { ownerId: "run-b", expire: 60 })
    const late = renew()
    await jest.advanceTimersByTimeAsync(1_000)
    expect(warnings).toEqual([
      `lost the lock ${KEY} while its run was still going (the lease of 3 s lapsed before it was renewed)`,
    ])
    await jest.advanceTimersByTimeAsync(10_000)
    expect(warnings).toHaveLength(1)
    late.stop()
    expect(await takenBy(locking, "run-b")).toBe(true) // still run-b's
  })
})
