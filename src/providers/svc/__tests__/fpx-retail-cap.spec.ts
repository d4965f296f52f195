// FPX's cap on personal banking (PayNet: RM30,000 per payment), enforced by the
// FPX-direct provider before svc is called. A real sandbox over real HTTP
// counts the calls: a refused checkout costs none.
import { startSandbox, type Sandbox } from "../../../sandbox"
import { parseSvcProviderOptions } from "../../../lib/svc-runtime/options"
import { SvcFpxDirectProviderService } from "../services/svc-fpx-direct"
import { readStats, resetStats } from "../../../../testing/sandbox-stats"

let sb: Sandbox
const silent = { info() {}, warn() {}, error() {}, debug() {}, log() {} }
beforeAll(async () => {
  sb = await startSandbox({ rateLimits: false, logErrors: false })
})
afterAll(async () => {
  await sb?.close()
})

const options = (extra: Record<string, unknown> = {}) => ({
  baseUrl: sb.url,
  apiKey: sb.credentials.apiKey,
  keyId: sb.credentials.keyId,
  privateKey: sb.credentials.privateKeyPem,
  algorithm: sb.credentials.algorithm,
  redirectUrl: "https://shop.example/return?cart_id={cart_id}",
  ...extra,
})
const provider = (extra: Record<string, unknown> = {}) =>
  new SvcFpxDirectProviderService({ logger: silent } as never, options(extra))
const data = (bankType: string) => ({
  session_id: "payses_01JCAPTEST",
  bank: "MBB0228",
  bankType,
  buyerName: "Siti Aminah",
})

describe("FPX direct: the personal-banking cap", () => {
  beforeEach(async () => resetStats(sb.url))

  it("defaults to RM30,000 (3,000,000 sen) and is validated as an option", () => {
    expect(parseSvcProviderOptions(options()).fpxRetailMaxSen).toBe(3_000_000)
    expect(
      parseSvcProviderOptions(options({ fpxRetailMaxSen: 1_000_000 }))
        .fpxRetailMaxSen
    ).toBe(1_000_000)
    expect(() =>
      parseSvcProviderOptions(options({ fpxRetailMaxSen: 10.5 }))
    ).toThrow(/`fpxRetailMaxSen`: must be a whole number of sen/)
    expect(() =>
      parseSvcProviderOptions(options({ fpxRetailMaxSen: 0 }))
    ).toThrow(/`fpxRetailMaxSen`: must be at least 100/)
  })

  it.each(["RETAIL", "01"])(
    "refuses bankType %s above the cap, naming the limit and the way out, with no svc call",
    async (bankType) => {
      const p = provider()
      await expect(
        p.initiatePayment({
          amount: 30000.01,
          currency_code: "myr",
          data: data(bankType),
        } as never)
      ).rejects.toThrow(
        /bankType RETAIL: FPX personal banking is limited to RM30,000 per payment; for a larger amount pay with FPX corporate banking or with the svc wallet/
      )
      const stats = await readStats(sb.url)
      expect(stats.total).toBe(0)
    }
  )

  it("refuses a changed amount above the cap on update", async () => {
    await expect(
      provider().updatePayment({
        amount: 45_000,
        currency_code: "myr",
        data: data("RETAIL"),
      } as never)
    ).rejects.toThrow(/limited to RM30,000/)
    expect((await readStats(sb.url)).total).toBe(0)
  })

  it("honours the option: a cap of RM5,000 refuses RM5,000.01 and names RM5,000", async () => {
    await expect(
      provider({ fpxRetailMaxSen: 500_000 }).initiatePayment({
        amount: 5000.01,
        currency_code: "myr",
        data: data("RETAIL"),
      } as never)
    ).rejects.toThrow(/limited to RM5,000 per payment/)
    expect((await readStats(sb.url)).total).toBe(0)
  })

  it("lets the other checks run at the cap itself and for corporate banking above it", async () => {
    // the next rules read svc's bank list: an offline bank, a retail bank chosen as corporate
    await expect(
      provider().initiatePayment({
        amount: 30_000,
        currency_code: "myr",
        data: { ...data("RETAIL"), bank: "HSBC0223" },
      } as never)
    ).rejects.toThrow(/offline right now/)
    await expect(
      provider().initiatePayment({
        amount: 45_000,
        currency_code: "myr",
        data: data("CORPORATE"),
      } as never)
    ).rejects.toThrow(/is a retail bank; bankType must be RETAIL/)
  })
})
