// The provider's payout ledger reaches svc_payout only through the svc module's service. A provider
// unit-tested alone has no svc module: nothing is claimed or recorded then, as the SQL ledger did
// without a database connection, and a request that must be stored is refused.
import { PayoutLedger } from "../payout-ledger"
import type { PayoutRow } from "../../../modules/svc/service"

const row: PayoutRow = {
  id: "svcpo_1",
  idempotency_key: "k",
  refund_id: "ref_1",
  payment_id: "pay_1",
  checkout_id: null,
  amount_sen: 2050,
  status: "SENDING",
  beneficiary_id: null,
  beneficiary_name: "Siti",
  destination: { bankCode: "MBBEMYKL", accountNumber: "5512345678" },
  payout_id: null,
}

describe("PayoutLedger", () => {
  it("with no svc module anywhere: claims nothing, records nothing, refuses to store a request", async () => {
    const ledger = new PayoutLedger({
      resolve: () => {
        throw new Error("not registered")
      },
    })
    expect(await ledger.claim("svcpo_1", "ref_1")).toBeNull()
    await expect(
      ledger.recordSent("svcpo_1", { payoutId: "p", status: "INITIATED" })
    ).resolves.toBeUndefined()
    await expect(
      ledger.recordNotSent("svcpo_1", "FAILED", "no")
    ).resolves.toBeUndefined()
    expect(await ledger.namedDestination("pay_1", null)).toBeNull()
    await expect(
      ledger.requestForRefund({
        id: "svcpo_2",
        idempotencyKey: "k2",
        refundId: "ref_2",
        paymentId: "pay_1",
        orderId: null,
        checkoutId: null,
        amountSen: 1,
        named: {
          beneficiary_id: null,
          beneficiary_name: "Siti",
          destination: {},
        },
      })
    ).rejects.toThrow(/svc module is not loaded/)
  })

  it("with the svc module in its scope: every call is the service's", async () => {
    const calls: unknown[][] = []
    const service = {
      claimPayout: async (...a: unknown[]) => (
        calls.push(["claim", ...a]),
        row
      ),
      recordPayoutSent: async (...a: unknown[]) =>
        void calls.push(["sent", ...a]),
      recordPayoutNotSent: async (...a: unknown[]) =>
        void calls.push(["notSent", ...a]),
      namedPayoutDestination: async (...a: unknown[]) => (
        calls.push(["named", ...a]),
        null
      ),
      requestPayoutForRefund: async (...a: unknown[]) => (
        calls.push(["request", ...a]),
        "svcpo_9"
      ),
    }
    const ledger = new PayoutLedger({
      resolve: (key) => (key === "svc" ? service : undefined),
    })
    expect(await ledger.claim("svcpo_1", "ref_1")).toBe(row)
    await ledger.recordSent("svcpo_1", {
      payoutId: "p",
      status: "INITIATED",
      fee: "50",
    })
    await ledger.recordNotSent("svcpo_1", "UNCERTAIN", "timeout")
    expect(calls.map((c) => c[0])).toEqual(["claim", "sent", "notSent"])
    expect(calls[1]).toEqual([
      "sent",
      "svcpo_1",
      { payoutId: "p", status: "INITIATED", fee: "50" },
    ])
  })
})
