// The kit's balance helpers: the pure choices (which collection, what the
// return says) and the refusals that come before any call. The same helpers
// run against a real Medusa app in integration-tests/http/order-balance.cases.ts.
import {
  balanceOutcome,
  balanceReturnParams,
  outstandingPaymentCollection,
  startSvcBalancePayment,
  completeSvcBalanceReturn,
  SvcInputError,
  type StoreOrderPaymentCollection,
  type StoreSdk,
} from "../index.js"

const session = (
  status: string,
  data: Record<string, unknown> = {},
  provider_id = "pp_svc-wallet_svc"
) => ({ id: `payses_${status}`, provider_id, status, data }) as never
const order = (
  collections: StoreOrderPaymentCollection[],
  extra: Record<string, unknown> = {}
) => ({
  id: "order_01ABC",
  status: "pending",
  currency_code: "myr",
  payment_collections: collections,
  ...extra,
})
const cartPc = { id: "pay_col_CART", status: "completed", amount: 120.5 }
const balancePc = { id: "pay_col_BAL", status: "not_paid", amount: 39.852 }

/** A store SDK with nothing behind it: any call fails the test, so a refusal here came before any call. */
const noCalls = new Proxy(
  {},
  {
    get: () => {
      throw new Error("the kit made a call")
    },
  }
) as unknown as StoreSdk

describe("outstandingPaymentCollection", () => {
  it("takes the order's unpaid collection and its amount in sen, half-up as svc's checkout", () => {
    expect(
      outstandingPaymentCollection(order([cartPc, balancePc]))
    ).toMatchObject({ collection: { id: "pay_col_BAL" }, amountSen: 3985 })
    expect(
      outstandingPaymentCollection(
        order([cartPc, { ...balancePc, status: "awaiting" }]),
        "pay_col_BAL"
      ).amountSen
    ).toBe(3985)
  })

  it.each([
    [
      order([cartPc]),
      undefined,
      "orderId",
      "This order has nothing left to pay.",
    ],
    [
      order([], { summary: { pending_difference: 241 } }),
      undefined,
      "orderId",
      "This order's balance is not open for payment yet; the store will send you a payment link.",
    ],
    [
      order([cartPc, balancePc], { status: "canceled" }),
      undefined,
      "orderId",
      "This order was canceled; there is nothing to pay.",
    ],
    [
      order([cartPc, balancePc], { currency_code: "usd" }),
      undefined,
      "orderId",
      "svc accepts Malaysian ringgit (MYR) only; this order is in USD.",
    ],
    [
      order([cartPc, balancePc]),
      "pay_col_OTHER",
      "paymentCollectionId",
      "This payment is not one of this order's.",
    ],
    [
      order([cartPc, balancePc]),
      "pay_col_CART",
      "paymentCollectionId",
      "This balance is already paid.",
    ],
    [
      order([cartPc, { ...balancePc, status: "canceled" }]),
      "pay_col_BAL",
      "paymentCollectionId",
      "This payment can no longer be paid; ask the store for a new link.",
    ],
    [
      order([cartPc, balancePc]),
      "cart_01",
      "paymentCollectionId",
      "The payment link is not valid (no payment collection id).",
    ],
    [
      order([cartPc, { ...balancePc, amount: 0 }]),
      undefined,
      "paymentCollectionId",
      "This order has nothing left to pay.",
    ],
  ])("refuses %#, naming %s", (o, pc, field, message) => {
    expect(() => outstandingPaymentCollection(o as never, pc)).toThrow(
      expect.objectContaining({ field, message })
    )
  })
})

describe("balanceReturnParams", () => {
  it("reads the ids the provider's redirectUrl brings back for a balance", () => {
    expect(
      balanceReturnParams(
        "?payment_collection_id=pay_col_01X&order_id=order_01Y"
      )
    ).toEqual({ orderId: "order_01Y", paymentCollectionId: "pay_col_01X" })
    expect(
      balanceReturnParams(new URLSearchParams("order_id=order_01Y"))
    ).toEqual({ orderId: "order_01Y" })
  })
  it("is null for a cart's return or a malformed id", () => {
    expect(balanceReturnParams("?cart_id=cart_01")).toBeNull()
    expect(
      balanceReturnParams("?order_id=order_01Y&payment_collection_id=<script>")
    ).toBeNull()
    expect(balanceReturnParams("?order_id=x")).toBeNull()
  })
})

describe("balanceOutcome", () => {
  it("paid once the collection is completed or its svc session captured", () => {
    expect(balanceOutcome({ id: "pay_col_B", status: "completed" })).toEqual({
      kind: "paid",
    })
    expect(
      balanceOutcome({
        id: "pay_col_B",
        status: "awaiting",
        payment_sessions: [session("captured")],
      })
    ).toEqual({ kind: "paid" })
  })
  it("failed with svc's reason for the shopper; open while the session waits", () => {
    expect(
      balanceOutcome({
        id: "pay_col_B",
        status: "awaiting",
        payment_sessions: [
          session("error", {
            failureReason: "The payment failed at the bank.",
          }),
        ],
      })
    ).toEqual({
      kind: "failed",
      code: "failed",
      reason: "The payment failed at the bank.",
    })
    expect(
      balanceOutcome({
        id: "pay_col_B",
        status: "awaiting",
        payment_sessions: [session("pending")],
      })
    ).toEqual({ kind: "open" })
    expect(
      balanceOutcome({
        id: "pay_col_B",
        status: "not_paid",
        payment_sessions: [session("pending", {}, "pp_stripe_stripe")],
      }).kind
    ).toBe("failed")
  })
})

describe("startSvcBalancePayment and completeSvcBalanceReturn refuse before any call", () => {
  it.each([
    ["pp_stripe_stripe", "order_01ABC", {}, "providerId"],
    ["pp_svc-wallet_svc", "cart_01ABC", {}, "orderId"],
    ["pp_svc-fpx-direct_svc", "order_01ABC", { buyerName: "Siti" }, "bank"],
  ])("%s for %s", async (providerId, orderId, extra, field) => {
    const e = await startSvcBalancePayment(noCalls, orderId, {
      providerId,
      ...extra,
    }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(SvcInputError)
    expect(e).toMatchObject({ field })
  })
  it("a return link without a valid order id is failed, with a sentence", async () => {
    expect(await completeSvcBalanceReturn(noCalls, { orderId: "" })).toEqual({
      kind: "failed",
      code: "linkNoOrder",
      reason: "The link back from the payment has no valid order id.",
    })
    expect(
      await completeSvcBalanceReturn(noCalls, {
        orderId: "order_01A",
        paymentCollectionId: "x",
      })
    ).toEqual({
      kind: "failed",
      code: "linkNoPayment",
      reason: "The link back from the payment has no valid payment id.",
    })
  })
})
