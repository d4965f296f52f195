import { newRequestId } from "../request-id"

const UUID_V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("a money form's request id", () => {
  it("is a fresh version 4 UUID, with crypto.randomUUID and without it (plain http, not a secure context)", () => {
    const a = newRequestId()
    expect(a).toMatch(UUID_V4)
    expect(newRequestId()).not.toBe(a)
    const randomUUID = crypto.randomUUID
    try {
      Object.defineProperty(crypto, "randomUUID", {
        value: undefined,
        configurable: true,
      })
      const ids = new Set(Array.from({ length: 50 }, () => newRequestId()))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(id).toMatch(UUID_V4)
    } finally {
      Object.defineProperty(crypto, "randomUUID", {
        value: randomUUID,
        configurable: true,
      })
    }
  })
})
