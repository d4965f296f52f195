import { STATUS_COLORS, statusColor } from "../status"

describe("the admin's status words", () => {
  it("one colour per word; EXPIRED is grey (nothing moved), a failure red, what is still moving orange", () => {
    expect(statusColor("EXPIRED")).toBe("grey")
    expect(statusColor("FAILED")).toBe("red")
    expect(statusColor("UNCERTAIN")).toBe("orange")
    expect(statusColor("COMPLETED")).toBe("green")
    expect(statusColor("something new")).toBe("grey")
    expect(statusColor(null)).toBe("grey")
    expect(new Set(Object.values(STATUS_COLORS))).toEqual(
      new Set(["green", "orange", "red", "grey"])
    )
  })
})
