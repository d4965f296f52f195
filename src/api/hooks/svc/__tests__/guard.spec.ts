import {
  BackgroundReadBudget,
  BackgroundReadDeferred,
  capEventId,
  capText,
  unknownTypeLabel,
} from "../guard"

describe("webhook guard", () => {
  it("caps what an untrusted body puts in a row", () => {
    expect(capText("x".repeat(500), 40)).toHaveLength(40)
    expect(capText(42, 40)).toBeNull()
    expect(capEventId("evt_1")).toBe("evt_1")
    const long = capEventId("e".repeat(100_000))!
    expect(long).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(capEventId("e".repeat(100_000))).toBe(long) // the same id stays the same key
    expect(unknownTypeLabel("forged.<img src=x>")).toBe("forged.?img?src?x?")
    expect(unknownTypeLabel("t".repeat(300))).toHaveLength(40)
    expect(unknownTypeLabel(null)).toBe("(none)")
  })

  it("background reads: at most their share of the budget a minute, none while the account is busy", () => {
    const b = new BackgroundReadBudget(0.1, 0.5, 30)
    expect(b.cap(100)).toBe(10)
    expect(b.cap(1000)).toBe(30)
    expect(b.cap(5)).toBe(1)
    const t = 1_000_000
    for (let i = 0; i < 10; i++) b.take({ used: 0, limit: 100 }, t + i)
    expect(() => b.take({ used: 0, limit: 100 }, t + 20)).toThrow(
      BackgroundReadDeferred
    )
    expect(() => b.take({ used: 0, limit: 100 }, t + 20)).toThrow(
      /10 svc reads a minute/
    )
    b.take({ used: 0, limit: 100 }, t + 60_001) // the first one left the window
    const busy = new BackgroundReadBudget(0.1, 0.5, 30)
    expect(() => busy.take({ used: 50, limit: 100 }, t)).toThrow(
      /shoppers and settlements go first/
    )
    busy.take({ used: 49, limit: 100 }, t)
  })
})
