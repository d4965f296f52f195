import { WebhookSpacing } from "../spacing"

describe("WebhookSpacing", () => {
  it("runs at once the first time; events within the spacing share the next run, which starts after the spacing", async () => {
    const spacing = new WebhookSpacing(300)
    const starts: number[] = []
    let n = 0
    const fn = async () => {
      starts.push(Date.now())
      return ++n
    }
    const t0 = Date.now()
    const first = await spacing.run("c1", fn)
    const shared = await Promise.all([
      spacing.run("c1", fn),
      spacing.run("c1", fn),
      spacing.run("c1", fn),
    ])
    expect(first).toBe(1)
    expect(shared).toEqual([2, 2, 2])
    expect(starts).toHaveLength(2)
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(299)
    expect(starts[0] - t0).toBeLessThan(300)
  })

  it("keeps checkouts apart, and an error reaches every event that shared the run", async () => {
    const spacing = new WebhookSpacing(10_000)
    await expect(spacing.run("a", async () => "a")).resolves.toBe("a")
    await expect(spacing.run("b", async () => "b")).resolves.toBe("b") // not held by a's spacing
    const s2 = new WebhookSpacing(50)
    await s2.run("x", async () => 0)
    const boom = () => Promise.reject(new Error("svc unreachable"))
    const both = await Promise.allSettled([
      s2.run("x", boom),
      s2.run("x", boom),
    ])
    expect(both.map((r) => r.status)).toEqual(["rejected", "rejected"])
  })

  it("one run in flight per key: an event after the spacing, while a slow run is still going, waits for it", async () => {
    const spacing = new WebhookSpacing(20)
    let inFlight = 0
    let most = 0
    let runs = 0
    const slow = async () => {
      runs++
      most = Math.max(most, ++inFlight)
      await new Promise((r) => setTimeout(r, 150))
      inFlight--
      return runs
    }
    const first = spacing.run("d", slow)
    await new Promise((r) => setTimeout(r, 60)) // past the spacing, the first run still going
    const later = await Promise.all([
      spacing.run("d", slow),
      spacing.run("d", slow),
      spacing.run("d", slow),
    ])
    expect(await first).toBe(1)
    expect(later).toEqual([2, 2, 2])
    expect(runs).toBe(2)
    expect(most).toBe(1)
  })
})
