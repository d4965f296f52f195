/** Input validation: every rule throws SvcInputError naming field and rule, and nothing is sent. */
import { SvcInputError, type SvcClient } from "../index"
import { fromSen, toSen, assertCheckoutAmount } from "../amounts"
import * as f from "./helpers/fixtures"
import {
  json,
  makeClient,
  startServer,
  testKey,
  type TestServer,
} from "./helpers/server"

let server: TestServer
let c: SvcClient
beforeAll(async () => {
  server = await startServer((_r, res) => json(res, 200, {}))
  c = makeClient(server.url, testKey())
})
afterAll(async () => {
  await c.close()
  await server.close()
})

const body = f.checkoutBody
const direct = {
  ...body,
  type: "FPX_DIRECT" as const,
  buyerName: " Ali ",
  bank: "ABB0233",
  bankType: "01" as const,
}
const AMT =
  "amount: must be an integer number of sen between 1000 and 100000000"

const cases: [string, (c: SvcClient) => Promise<unknown>, string | RegExp][] = [
  [
    "amount below 1000",
    (c) => c.checkout.create({ ...body, amount: 999 }),
    AMT,
  ],
  [
    "amount above 1e8",
    (c) => c.checkout.create({ ...body, amount: 100_000_001 }),
    AMT,
  ],
  [
    "amount fractional",
    (c) => c.checkout.create({ ...body, amount: 1000.5 }),
    AMT,
  ],
  [
    "amount as string",
    (c) => c.checkout.create({ ...body, amount: "1000" as never }),
    AMT,
  ],
  [
    "type missing",
    (c) => c.checkout.create({ ...body, type: undefined as never }),
    /^type: must be one of SVC_ACCOUNT/,
  ],
  [
    "type unknown",
    (c) => c.checkout.create({ ...body, type: "CARD" as never }),
    /^type: must be one of/,
  ],
  [
    "title empty",
    (c) => c.checkout.create({ ...body, title: "" }),
    "title: must be a string of 1-100 characters",
  ],
  [
    "title 101",
    (c) => c.checkout.create({ ...body, title: "x".repeat(101) }),
    "title: must be a string of 1-100 characters",
  ],
  [
    "description 501",
    (c) => c.checkout.create({ ...body, description: "x".repeat(501) }),
    "description: must be a string of at most 500 characters",
  ],
  [
    "addressTo bad",
    (c) => c.checkout.create({ ...body, addressTo: "0x123" }),
    /^addressTo: must be an EVM address/,
  ],
  [
    "tokenId not uuid",
    (c) => c.checkout.create({ ...body, tokenId: "usdt" }),
    "tokenId: must be a UUID",
  ],
  [
    "redirectUrl bad",
    (c) => c.checkout.create({ ...body, redirectUrl: "shop" }),
    "redirectUrl: must be an absolute http(s) URL",
  ],
  [
    "feeMode on SVC_ACCOUNT",
    (c) => c.checkout.create({ ...body, type: "SVC_ACCOUNT" } as never),
    "feeMode: is rejected for type SVC_ACCOUNT",
  ],
  [
    "feeMode missing on FPX_HOSTED",
    (c) => c.checkout.create({ ...body, feeMode: undefined } as never),
    /^feeMode: is required for type FPX_HOSTED/,
  ],
  [
    "feeMode unknown",
    (c) => c.checkout.create({ ...body, feeMode: "FREE" as never }),
    /^feeMode: must be one of DEDUCT_FROM_AMOUNT, CHARGE_TO_PREFUND/,
  ],
  [
    "buyerName on FPX_HOSTED",
    (c) => c.checkout.create({ ...body, buyerName: "Ali" } as never),
    "buyerName: is only accepted for type FPX_DIRECT",
  ],
  [
    "bank missing on FPX_DIRECT",
    (c) => c.checkout.create({ ...direct, bank: undefined } as never),
    "bank: is required for type FPX_DIRECT",
  ],
  [
    "buyerName blank",
    (c) => c.checkout.create({ ...direct, buyerName: "   " }),
    "buyerName: must be 1-100 characters after trimming",
  ],
  [
    "buyerName 101",
    (c) => c.checkout.create({ ...direct, buyerName: "x".repeat(101) }),
    "buyerName: must be 1-100 characters after trimming",
  ],
  [
    "bankType bad",
    (c) => c.checkout.create({ ...direct, bankType: "03" as never }),
    /^bankType: must be one of RETAIL, CORPORATE, 01, 02/,
  ],
  [
    "unknown field",
    (c) => c.checkout.create({ ...body, metadata: 1 } as never),
    "metadata: is not a field of this request",
  ],
  [
    "idempotencyKey not v4",
    (c) =>
      c.checkout.create(body, {
        idempotencyKey: "6f1c1c52-3a51-1b8e-9a1d-0123456789ab",
      }),
    "idempotencyKey: must be a UUID v4",
  ],
  [
    "retrieve id not uuid",
    (c) => c.checkout.retrieve("../health"),
    "id: must be a UUID",
  ],
  [
    "list limit 0",
    (c) => c.checkout.list({ limit: 0 }),
    "limit: must be an integer between 1 and 100",
  ],
  [
    "list limit 101",
    (c) => c.checkout.list({ limit: 101 }),
    "limit: must be an integer between 1 and 100",
  ],
  [
    "list status unknown",
    (c) => c.checkout.list({ status: "PAID" as never }),
    /^status: must be one of CREATED/,
  ],
  [
    "list startDt bad",
    (c) => c.checkout.list({ startDt: "yesterday" }),
    "startDt: must be an ISO 8601 date-time",
  ],
  [
    "bank accounts limit",
    (c) => c.wallet.bankAccounts.list({ limit: 1000 }),
    "limit: must be an integer between 1 and 100",
  ],
  [
    "networks tokenId",
    (c) => c.wallet.networks({ tokenId: "x" }),
    "tokenId: must be a UUID",
  ],
  [
    "token reference 33",
    (c) =>
      c.wallet.tokenWithdrawals.create({
        tokenId: f.TOKEN_ID,
        addressTo: f.EVM,
        amount: 1000,
        reference: "x".repeat(33),
      }),
    "reference: must be a string of at most 32 characters",
  ],
  [
    "token amount",
    (c) =>
      c.wallet.tokenWithdrawals.create({
        tokenId: f.TOKEN_ID,
        addressTo: f.EVM,
        amount: 10,
      }),
    AMT,
  ],
  [
    "token Solana ok, bad base58",
    (c) =>
      c.wallet.tokenWithdrawals.create({
        tokenId: f.TOKEN_ID,
        addressTo: "0OIl".repeat(10),
        amount: 1000,
      }),
    /^addressTo: /,
  ],
  [
    "fiat reference 21",
    (c) =>
      c.wallet.fiatWithdrawals.create({
        bankAccountId: f.ID,
        amount: 1000,
        reference: "x".repeat(21),
      }),
    "reference: must be a string of at most 20 characters",
  ],
  [
    "fiat bankAccountId",
    (c) =>
      c.wallet.fiatWithdrawals.create({ bankAccountId: "acc-1", amount: 1000 }),
    "bankAccountId: must be a UUID",
  ],
  [
    "sender address",
    (c) => c.wallet.allowedSenders.create(f.ID, { address: f.SOL }),
    /^address: must be an EVM address/,
  ],
  [
    "sender label empty",
    (c) => c.payouts.allowedSenders.create(f.ID, { address: f.EVM, label: "" }),
    "label: must be a string of 1-120 characters",
  ],
  [
    "sender label 121",
    (c) =>
      c.payouts.allowedSenders.create(f.ID, {
        address: f.EVM,
        label: "x".repeat(121),
      }),
    "label: must be a string of 1-120 characters",
  ],
  [
    "sender active not boolean",
    (c) =>
      c.wallet.allowedSenders.update(f.ID, f.ID2, { active: "no" as never }),
    "active: must be a boolean",
  ],
  [
    "senderId",
    (c) => c.payouts.allowedSenders.remove(f.ID, "x"),
    "senderId: must be a UUID",
  ],
  [
    "txHash short",
    (c) => c.payouts.deposits.checkMissed({ txHash: "0xabc", chainId: 1 }),
    "txHash: must be 0x followed by 64 hexadecimal characters",
  ],
  [
    "chainId 0",
    (c) => c.wallet.deposits.checkMissed({ txHash: f.TX, chainId: 0 }),
    "chainId: must be a positive integer",
  ],
  [
    "payout both destinations",
    (c) =>
      c.payouts.create({
        beneficiaryId: f.ID,
        beneficiary: { name: "A", proxyValue: "0123" },
        amount: 1000,
      }),
    /^beneficiaryId: exactly one of/,
  ],
  [
    "payout no destination",
    (c) => c.payouts.create({ amount: 1000 }),
    /^beneficiaryId: exactly one of/,
  ],
  [
    "beneficiary two destinations",
    (c) =>
      c.payouts.beneficiaries.create({
        name: "A",
        bankCode: "MBB",
        accountNumber: "1",
        proxyValue: "0123",
      }),
    /^proxyValue: /,
  ],
  [
    "beneficiary nameCheck",
    (c) =>
      c.payouts.beneficiaries.create({
        name: "A",
        proxyValue: "0123",
        nameCheck: "fuzzy" as never,
      }),
    "nameCheck: must be one of strict, loose",
  ],
]

describe("client-side validation", () => {
  it.each(cases)("%s", async (_name, call, expected) => {
    server.seen.length = 0
    let err: unknown
    try {
      await call(c)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(SvcInputError)
    const e = err as SvcInputError
    expect(e.code).toBe("INVALID_INPUT")
    expect(e.message).toMatch(expected)
    expect(e.message.startsWith(`${e.field}: ${e.rule}`)).toBe(true)
    expect(server.seen).toHaveLength(0)
  })

  it("a valid FPX_DIRECT body is sent with buyerName trimmed", async () => {
    server.seen.length = 0
    await c.checkout.create(direct).catch(() => undefined)
    expect(JSON.parse(server.seen[0]!.body).buyerName).toBe("Ali")
  })
})

describe("amounts", () => {
  it.each([
    ["12.34", 1234],
    ["10", 1000],
    [10, 1000],
    [12.3, 1230],
    ["0.01", 1],
    ["1000000", 100_000_000],
    ["1e3", 100_000],
    ["-1.50", -150],
    ["12.340", 1234],
    [19.99, 1999],
  ])("toSen(%p) = %p", (major, sen) =>
    expect(toSen(major as string | number)).toBe(sen)
  )
  it("accepts Medusa BigNumber-like forms", () => {
    expect(toSen({ numeric: 12.34, toString: () => "12.34" })).toBe(1234)
    expect(toSen({ value: "99.99" })).toBe(9999)
    expect(toSen({ raw_: { value: "5.5", precision: 20 } } as never)).toBe(550)
    expect(toSen({ numeric: 7 } as never)).toBe(700)
  })
  it.each(["12.345", "0.001", 0.1 + 0.2, "abc", "", "1.2.3", NaN])(
    "rejects %p (never rounds)",
    (v) => {
      expect(() => toSen(v as string | number)).toThrow(SvcInputError)
    }
  )
  it.each([
    ["1.5e3", 150_000],
    ["15E-1", 150],
    ["0.0001e4", 100],
    ["1000e-3", 100],
    ["-0", 0],
    ["0e-1000000", 0],
    ["1.", 100],
    [".5", 50],
    [1e21, null],
    ["00012.3400", 1234],
    ["+7", 700],
    ["12.30e1", 12_300],
  ])(
    "toSen(%p) reads exponents exactly without expanding them (%p)",
    (major, sen) => {
      if (sen === null)
        expect(() => toSen(major as number)).toThrow("amount: is too large")
      else expect(toSen(major as string)).toBe(sen)
    }
  )
  it.each([
    ["1e", "must be a decimal amount"],
    ["e5", "must be a decimal amount"],
    ["1e-3", "fraction of a sen"],
    ["9".repeat(17), "is too large"],
    ["1e17", "is too large"],
  ])("toSen(%p) is refused: %p", (v, rule) =>
    expect(() => toSen(v)).toThrow(rule)
  )
  it("is linear in its input: huge exponents and long digit strings are decided in one pass", () => {
    // once, "1e-50000" took seconds (the exponent became 50,000 zeros, trimmed in quadratic time)
    const inputs = [
      "1e-1000000",
      "1e+1000000",
      "1e" + "9".repeat(100_000),
      `0.${"0".repeat(1_000_000)}1`,
      "9".repeat(1_000_000),
    ]
    const t0 = process.hrtime.bigint()
    for (const v of inputs) expect(() => toSen(v)).toThrow(SvcInputError)
    expect(toSen(`${"0".repeat(1_000_000)}1`)).toBe(100)
    expect(toSen(`${"0".repeat(1_000_000)}12.50`)).toBe(1250)
    expect(toSen(`12.5${"0".repeat(1_000_000)}`)).toBe(1250)
    expect(toSen(`0e-${"9".repeat(1000)}`)).toBe(0)
    // work measured against a baseline in the same run: ~7 MB of text vs 1,000 short amounts
    const base0 = process.hrtime.bigint()
    for (let k = 0; k < 1000; k++) toSen("1234.56")
    const base = Number(process.hrtime.bigint() - base0)
    const long = Number(base0 - t0)
    // linear: ~7 MB is about 1,000× the characters of 1,000 short amounts; quadratic would be >10^5×
    expect(long / Math.max(base, 1)).toBeLessThan(20_000)
  })
  it.each([
    [1234, "12.34"],
    ["1000", "10.00"],
    [1, "0.01"],
    [0, "0.00"],
    ["-150", "-1.50"],
    ["100000000", "1000000.00"],
  ])("fromSen(%p) = %p", (sen, s) => expect(fromSen(sen)).toBe(s))
  it("fromSen rejects fractions; assertCheckoutAmount enforces the bounds", () => {
    expect(() => fromSen(1.5)).toThrow(SvcInputError)
    expect(() => fromSen("1.5")).toThrow(SvcInputError)
    expect(assertCheckoutAmount(1000)).toBe(1000)
    expect(() => assertCheckoutAmount(999)).toThrow(AMT)
    expect(() => assertCheckoutAmount(100_000_001)).toThrow(SvcInputError)
  })
})
