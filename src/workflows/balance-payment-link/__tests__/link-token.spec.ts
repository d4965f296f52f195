import {
  generateLinkSecret,
  MAX_TOKEN_LENGTH,
  signLinkToken,
  verifyLinkToken,
} from "../link-token"

const secret = generateLinkSecret()
const payload = {
  linkId: "svcpl_01JABCDEFGHJKMNPQRSTVWXYZ",
  orderId: "order_01JABCDEFGHJKMNPQRSTVWXYZ",
  expiresAt: new Date("2030-01-01T00:00:00Z"),
}

describe("payment link tokens", () => {
  it("a token this store signed verifies until its expiry, and says what it names", () => {
    const t = signLinkToken(secret, payload)
    expect(t.length).toBeLessThan(200)
    expect(
      verifyLinkToken(secret, t, Date.parse("2029-12-31T23:59:59Z"))
    ).toEqual({ ok: true, payload })
    expect(
      verifyLinkToken(secret, t, Date.parse("2030-01-01T00:00:00Z"))
    ).toEqual({ ok: false, reason: "expired", payload })
  })

  it("another store's token, an altered one, a truncated one, or one past the length bound is refused", () => {
    const t = signLinkToken(secret, payload)
    expect(verifyLinkToken(generateLinkSecret(), t)).toEqual({
      ok: false,
      reason: "signature",
    })
    const [body, sig] = t.split(".") as [string, string]
    const other = Buffer.from(
      JSON.stringify({
        l: payload.linkId,
        o: "order_01JZZZZZZZZZZZZZZZZZZZZZZZ",
        e: 1893456000,
      })
    ).toString("base64url")
    expect(verifyLinkToken(secret, `${other}.${sig}`)).toEqual({
      ok: false,
      reason: "signature",
    })
    const flipped =
      sig.slice(0, 10) + (sig[10] === "A" ? "B" : "A") + sig.slice(11)
    expect(verifyLinkToken(secret, `${body}.${flipped}`)).toEqual({
      ok: false,
      reason: "signature",
    })
    expect(verifyLinkToken(secret, t.slice(0, -1))).toEqual({
      ok: false,
      reason: "malformed",
    })
    expect(verifyLinkToken(secret, "x".repeat(MAX_TOKEN_LENGTH + 1))).toEqual({
      ok: false,
      reason: "malformed",
    })
    expect(verifyLinkToken(secret, undefined)).toEqual({
      ok: false,
      reason: "malformed",
    })
    expect(verifyLinkToken(secret, `${body}.${sig}.x`)).toEqual({
      ok: false,
      reason: "malformed",
    })
  })

  it("a signed payload of the wrong shape is refused, never trusted", () => {
    const body = Buffer.from(
      JSON.stringify({ l: "x", o: payload.orderId, e: 1893456000 })
    ).toString("base64url")
    const { createHmac } =
      jest.requireActual<typeof import("node:crypto")>("node:crypto")
    const sig = createHmac("sha256", Buffer.from(secret, "base64url"))
      .update(body)
      .digest("base64url")
    expect(verifyLinkToken(secret, `${body}.${sig}`)).toEqual({
      ok: false,
      reason: "malformed",
    })
  })
})
