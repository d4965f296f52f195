import { generateKeyPairSync } from "node:crypto"
import {
  checkoutMac,
  checkoutRef,
  checkoutTitle,
  deriveIdempotencyKey,
  parseCheckoutTitle,
  verifiedSessionOf,
} from "../../../lib/svc-runtime/keys"
import { parseSvcProviderOptions } from "../../../lib/svc-runtime/options"
import { pickStorefrontData } from "../../../lib/medusa-data/session-data"
import { toSessionStatus } from "../../../lib/svc-runtime/status"

const good = {
  baseUrl: "http://127.0.0.1:4010",
  apiKey: "svc_pk_secret_value_123",
  keyId: "key-1",
  // options are checked with a key that parses and fits the algorithm
  privateKey: generateKeyPairSync("ed25519")
    .privateKey.export({ format: "pem", type: "pkcs8" })
    .toString(),
  redirectUrl: "https://shop.example/return?cart_id={cart_id}",
}

describe("provider options", () => {
  it("accepts a minimal set and fills defaults", () => {
    const o = parseSvcProviderOptions(good)
    expect(o.algorithm).toBe("ed25519")
    expect(o.feeMode).toBe("DEDUCT_FROM_AMOUNT")
    expect(o.failedPaymentOrder).toBe("cancel")
    expect(o.reconcileEveryMinutes).toBe(5)
    expect(
      parseSvcProviderOptions({ ...good, reconcileEveryMinutes: 0 })
        .reconcileEveryMinutes
    ).toBe(0) // the scheduled job off
  })

  it.each([
    [
      { apiKey: "pk_live_x" },
      /`apiKey`: must be an svc API key starting with svc_pk_/,
    ],
    [{ keyId: undefined }, /`keyId`: is required/],
    [
      { privateKey: undefined },
      /`privateKey`: is required \(or privateKeyPath\)/,
    ],
    [
      { algorithm: "rsa" },
      /`algorithm`: must be ed25519, ecdsa-p256-sha256 or ecdsa-secp256k1-sha256/,
    ],
    [{ baseUrl: "not a url" }, /`baseUrl`: must be an http\(s\) URL/],
    [
      { redirectUrl: "/relative" },
      /`redirectUrl`: must be an http\(s\) URL template/,
    ],
    [
      { feeMode: "FREE" },
      /`feeMode`: must be DEDUCT_FROM_AMOUNT or CHARGE_TO_PREFUND/,
    ],
    [{ addressTo: "0x123" }, /`addressTo`: must be an EVM address/],
    [{ colour: "red" }, /unknown option\(s\): colour/],
    [
      { reconcileEveryMinutes: -1 },
      /`reconcileEveryMinutes`: must be 0 \(off\) or 1-1440/,
    ],
    [
      { reconcileEveryMinutes: 1441 },
      /`reconcileEveryMinutes`: must be at most 1440/,
    ],
  ])("names the wrong option: %j", (patch, message) => {
    expect(() => parseSvcProviderOptions({ ...good, ...patch })).toThrow(
      message
    )
  })

  it("never echoes a secret in its errors", () => {
    const secretApiKey = "sk_not_svc_but_secret"
    const pemBody = good.privateKey.split("\n")[1] as string
    const echoesNothing = expect.objectContaining({
      message: expect.not.stringMatching(
        new RegExp(
          `${secretApiKey}|BEGIN PRIVATE KEY|${pemBody.replace(/[+/]/g, "\\$&")}`
        )
      ),
    })
    // a wrong API key and a key of the wrong type, refused by the schema
    const badSchema = () =>
      parseSvcProviderOptions({ ...good, apiKey: secretApiKey, privateKey: 42 })
    expect(badSchema).toThrow(
      /`apiKey`: must be an svc API key starting with svc_pk_; `privateKey`: /
    )
    expect(badSchema).toThrow(echoesNothing)
    // a real PEM key that does not fit the algorithm, refused when the key is parsed
    const wrongAlgorithm = () =>
      parseSvcProviderOptions({
        ...good,
        apiKey: "svc_pk_secret_value_123",
        algorithm: "ecdsa-p256-sha256",
      })
    expect(wrongAlgorithm).toThrow(
      /`privateKey`: the key is an ed25519 key, but `algorithm` is ecdsa-p256-sha256/
    )
    expect(wrongAlgorithm).toThrow(
      expect.objectContaining({
        message: expect.not.stringContaining("svc_pk_secret_value_123"),
      })
    )
    expect(wrongAlgorithm).toThrow(echoesNothing)
  })
})

/** svc's COMPLETED FPX_DIRECT checkout of RM120.50 with this title (what verifiedSessionOf checks). */
const completed = (title: string, addressTo: string) => ({
  checkoutId: "chk_1",
  type: "FPX_DIRECT",
  status: "COMPLETED",
  amount: "12050",
  tokenId: "T",
  addressTo,
  title,
  expiresAt: "",
})

describe("idempotency keys and titles", () => {
  it("derives a stable UUID v4-shaped key that changes with any input", () => {
    const a = deriveIdempotencyKey(["payses_1", 1, "FPX_HOSTED", 12050])
    expect(a).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    )
    expect(deriveIdempotencyKey(["payses_1", 1, "FPX_HOSTED", 12050])).toBe(a)
    expect(deriveIdempotencyKey(["payses_1", 2, "FPX_HOSTED", 12050])).not.toBe(
      a
    )
    expect(deriveIdempotencyKey(["payses_1", 1, "FPX_HOSTED", 12051])).not.toBe(
      a
    )
  })

  it("titles read as the prefix and a short payment reference, a MAC over the key and the money fields", () => {
    const f = {
      idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a962",
      amountSen: 12050,
      tokenId: "T",
      addressTo: "0xAbC",
      type: "FPX_DIRECT",
    }
    const ref = checkoutRef("svc_pk_x", f)
    expect(ref).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
    )
    const title = checkoutTitle({ prefix: "Kedai Raya order", ref })
    expect(title).toBe(`Kedai Raya order ${ref}`)
    expect(
      checkoutTitle({ prefix: "x".repeat(40), ref }).length
    ).toBeLessThanOrEqual(100)
    expect(parseCheckoutTitle(title)).toEqual({ ref })
    expect(checkoutRef("svc_pk_x", { ...f, amountSen: 12051 })).not.toBe(ref)
    expect(
      checkoutRef("svc_pk_x", {
        ...f,
        idempotencyKey: "3b241101-e2bb-4255-8caf-4136c566a963",
      })
    ).not.toBe(ref)
    expect(checkoutRef("svc_pk_other", f)).not.toBe(ref)
    expect(checkoutRef("svc_pk_x", { ...f, addressTo: "0xabc" })).toBe(ref) // addresses are case-insensitive
    expect(parseCheckoutTitle("Order something else")).toBeNull()
    // fixed vectors: titles made by any earlier version must keep verifying after an upgrade
    const m = { amountSen: 12050, tokenId: "AbC", addressTo: "0xDe" }
    const money = { ...m, type: "FPX_HOSTED" }
    expect(checkoutRef("s", { ...money, idempotencyKey: "k" })).toBe(
      "YNE6-3HV2-YFCV"
    )
    expect(
      checkoutMac("s", { ...money, sessionId: "payses_1", attempt: 2 })
    ).toBe("6421120f36c1")
  })

  it("a checkout verifies against its ledger row: the same title, and the reference of the row's key and the checkout's money", () => {
    const key = "3b241101-e2bb-4255-8caf-4136c566a962"
    const money = {
      amountSen: 12050,
      tokenId: "T",
      addressTo: "0xAbC",
      type: "FPX_DIRECT",
    }
    const title = checkoutTitle({
      prefix: "Order",
      ref: checkoutRef("svc_pk_x", { idempotencyKey: key, ...money }),
    })
    const c = completed(title, "0xabc")
    const row = {
      idempotency_key: key,
      payment_session_id: "payses_2",
      attempt: 1,
      title,
    }
    expect(verifiedSessionOf("svc_pk_x", c, row)).toEqual({
      sessionId: "payses_2",
      attempt: 1,
    })
    expect(verifiedSessionOf("svc_pk_x", c, undefined)).toBeNull() // no row: not this store's
    expect(
      verifiedSessionOf("svc_pk_x", { ...c, amount: "12051" }, row)
    ).toBeNull() // another amount
    expect(
      verifiedSessionOf("svc_pk_x", c, {
        ...row,
        idempotency_key: "3b241101-e2bb-4255-8caf-4136c566a963",
      })
    ).toBeNull()
    expect(verifiedSessionOf("svc_pk_other", c, row)).toBeNull() // another store's secret
    expect(
      verifiedSessionOf("svc_pk_x", c, {
        ...row,
        title: "Order AAAA-AAAA-AAAA",
      })
    ).toBeNull()
  })

  it("titles made before references still verify, from the session and attempt they name", () => {
    const f = {
      sessionId: "payses_01JABCDEFGHJKMNPQRSTVWXYZ0",
      attempt: 2,
      amountSen: 12050,
      tokenId: "T",
      addressTo: "0xAbC",
      type: "FPX_DIRECT",
    }
    const mac = checkoutMac("svc_pk_x", f)
    const title = `Order ${f.sessionId} #2 ${mac}`
    expect(parseCheckoutTitle(title)).toEqual({
      sessionId: f.sessionId,
      attempt: 2,
      mac,
    })
    const c = completed(title, "0xAbC")
    expect(verifiedSessionOf("svc_pk_x", c)).toEqual({
      sessionId: f.sessionId,
      attempt: 2,
    })
    expect(verifiedSessionOf("svc_pk_x", { ...c, amount: "12051" })).toBeNull()
    expect(checkoutMac("svc_pk_other", f)).not.toBe(mac)
  })
})

describe("storefront data", () => {
  it("keeps only the whitelisted fields, validated", () => {
    expect(
      pickStorefrontData({
        bank: "MBB0228",
        bankType: "RETAIL",
        buyerName: "  Siti  ",
        cart_id: "cart_01JABCDEFGHJ",
        amount: 1,
        title: "x",
      })
    ).toEqual({
      bank: "MBB0228",
      bankType: "RETAIL",
      buyerName: "Siti",
      cart_id: "cart_01JABCDEFGHJ",
    })
    expect(() => pickStorefrontData({ bankType: "SAVINGS" })).toThrow(
      /bankType: must be RETAIL, CORPORATE, 01 or 02/
    )
    expect(() => pickStorefrontData({ cart_id: "../../etc" })).toThrow(
      /cart_id: must be a Medusa cart id/
    )
  })
})

describe("status mapping", () => {
  it.each([
    ["COMPLETED", false, "captured"],
    ["CREATED", false, "pending_authorization"],
    ["PENDING", false, "pending_authorization"],
    ["PROCESSING", false, "pending_authorization"],
    ["CREATED", true, "error"],
    ["FAILED", false, "error"],
    ["CANCELLED", false, "error"],
    ["REJECTED", false, "error"],
    ["SOMETHING_NEW", false, "pending_authorization"],
  ])("%s (expired %s) -> %s", (svc, expired, medusa) => {
    expect(toSessionStatus(svc, expired)).toBe(medusa)
  })
})
