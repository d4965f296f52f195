import { cancelOrderWorkflow } from "@medusajs/core-flows"
import type { SvcSuite } from "../helpers/suite"
import {
  checkoutWebhooksHandled,
  completeCart,
  sessionOnCart,
  orderOfCart,
  payWithWebhooksLost,
  sessionById,
  SVC_PROVIDERS,
  waitFor,
} from "../helpers/store"
import { reconcilePending } from "../../src/workflows/sweeps/reconcile-pending"
import { settleCheckoutEvent } from "../../src/workflows"
import {
  collectSvcEvents,
  failedAfterOrderEvent,
  type SvcEventCollector,
} from "../helpers/svc-events"
import { SVC_MODULE } from "../../src/modules/svc"
import { webhooksHandled } from "../../testing/handled"

export function failuresAndRecovery({
  svc,
  api,
  getContainer,
  sb,
  store,
  cartWithSession,
  capturedOrder,
  checkoutRow: ledger,
  flaggedCheckoutRow,
}: SvcSuite): void {
  const sessionInError = (id: string) =>
    waitFor(async () => {
      const s = await sessionById(getContainer(), id)
      return s.status === "error" ? s : undefined
    }, `session ${id} in error`)

  it("the shopper's payment fails: the session shows the reason and the cart can be paid again", async () => {
    const {
      cartId,
      paymentCollectionId,
      session: s1,
    } = await cartWithSession(SVC_PROVIDERS.fpx)
    sb().fail(s1.data.checkoutId)
    await sb().flushWebhooks()
    const failed = await sessionInError(s1.id)
    expect(failed.data.svcStatus).toBe("FAILED")
    expect(failed.data.failureReason).toMatch(/failed/i)
    expect((await ledger(s1.data.checkoutId)).status).toBe("FAILED")

    const s2 = await sessionOnCart(
      api,
      store,
      { cartId, paymentCollectionId },
      SVC_PROVIDERS.fpx
    )
    expect(s2.data.checkoutId).not.toBe(s1.data.checkoutId)
    sb().pay(s2.data.checkoutId)
    const done = await completeCart(api, store, cartId)
    expect(done.type).toBe("order")
    await capturedOrder(cartId)
  })

  it("completing a cart whose checkout failed answers with the reason, and creates no order", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.wallet)
    sb().webhookFaults({ mode: "drop", count: 1 })
    sb().fail(s1.data.checkoutId)
    const res = await api
      .post(`/store/carts/${cartId}/complete`, {}, store.headers)
      .catch((e: any) => e.response)
    expect(res.status).toBe(400)
    const s = await sessionById(getContainer(), s1.id)
    expect(s.status).toBe("error")
    expect(s.data.failureReason).toMatch(/failed/i)
    expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()
  })

  it.each([
    ["cancels on the hosted page", "cancel", "CANCELLED"],
    ["is rejected by svc", "reject", "REJECTED"],
  ] as const)(
    "the shopper %s (svc sends no event): the job closes the session",
    async (_n, action, status) => {
      const { session: s1 } = await cartWithSession(SVC_PROVIDERS.fpx)
      sb()[action](s1.data.checkoutId)
      const report = await reconcilePending(getContainer() as never)
      expect(report.waiting).toBe(1)
      expect(report.svcCalls).toBeLessThanOrEqual(5)
      const s = await sessionById(getContainer(), s1.id)
      expect(s.status).toBe("error")
      expect(s.data.svcStatus).toBe(status)
    }
  )

  it("the link expires unpaid: the session is closed with the reason", async () => {
    const { session: s1 } = await cartWithSession(SVC_PROVIDERS.fpx)
    sb().advanceClock(21 * 60)
    await sb().flushWebhooks()
    const s = await sessionInError(s1.id)
    expect(s.data.failureReason).toMatch(/expired|failed/i)
  })

  it("the shopper returns while svc is still PROCESSING: order placed awaiting payment, captured by the later webhook", async () => {
    const { cartId, session: s1 } = await cartWithSession(
      SVC_PROVIDERS.fpxDirect,
      {
        data: { bank: "MBB0228", bankType: "RETAIL", buyerName: "Siti Aminah" },
      }
    )
    sb().pay(s1.data.checkoutId, { stopAt: "PROCESSING" })
    const done = await completeCart(api, store, cartId)
    expect(done.type).toBe("order")
    const pending = await orderOfCart(getContainer(), cartId)
    expect(pending.payment_collections[0].payments ?? []).toHaveLength(0)
    expect((await sessionById(getContainer(), s1.id)).status).toBe(
      "pending_authorization"
    )

    sb().complete(s1.data.checkoutId)
    await sb().flushWebhooks()
    const order = await capturedOrder(cartId)
    expect(order.id).toBe(done.order.id)
  })

  // the plugin's events, as a store's subscriber hears them (docs/events.md)
  let events: SvcEventCollector
  beforeEach(() => {
    events = collectSvcEvents(getContainer())
  })
  afterEach(() => events.stop())

  it("a payment that fails after its order was placed cancels that order, with the reason recorded", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.fpx)
    sb().pay(s1.data.checkoutId, { stopAt: "PROCESSING" })
    const done = await completeCart(api, store, cartId)
    expect(done.type).toBe("order")
    sb().webhookFaults({ mode: "duplicate", count: 3 }) // svc's webhook delivered twice
    sb().fail(s1.data.checkoutId)
    await Promise.all([
      sb().flushWebhooks(),
      reconcilePending(getContainer()),
      settleCheckoutEvent(getContainer(), s1.data.checkoutId, null, "watcher"),
    ])
    const order = await waitFor(async () => {
      const o = await orderOfCart(getContainer(), cartId)
      return o?.status === "canceled" ? o : undefined
    }, "order canceled")
    expect(order.id).toBe(done.order.id)
    const row = await ledger(s1.data.checkoutId)
    expect(row.attention).toBe("order_canceled")
    expect(row.attention_reason).toMatch(/failed/i)
    // told once, whichever of the webhooks, the job and the watcher applied it; a later run tells nothing
    await settleCheckoutEvent(getContainer(), s1.data.checkoutId, null, "job")
    await sb().flushWebhooks()
    await events.settle(300)
    expect(events.all()).toEqual([
      failedAfterOrderEvent(
        {
          orderId: done.order.id,
          checkoutId: s1.data.checkoutId,
          sessionId: s1.id,
        },
        "canceled"
      ),
    ])
  })

  it("a payment that completes after its order was canceled is flagged for a refund", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.wallet)
    sb().pay(s1.data.checkoutId, { stopAt: "PROCESSING" })
    const done = await completeCart(api, store, cartId)
    await cancelOrderWorkflow(getContainer()).run({
      input: { order_id: done.order.id } as never,
    })
    sb().complete(s1.data.checkoutId)
    await sb().flushWebhooks()
    const row = await flaggedCheckoutRow(s1.data.checkoutId)
    expect(row.attention).toBe("refund_required")
    expect(row.attention_reason).toContain(done.order.id)
  })

  it("a paid cart gets no second svc link: a new payment session on it is refused, before and after the order", async () => {
    const {
      cartId,
      paymentCollectionId,
      session: s1,
    } = await cartWithSession(SVC_PROVIDERS.wallet)
    sb().pay(s1.data.checkoutId)
    await capturedOrder(cartId)
    const before = Object.keys(sb().state().checkouts).length
    for (const provider of [SVC_PROVIDERS.wallet, SVC_PROVIDERS.fpx]) {
      const err = await sessionOnCart(
        api,
        store,
        { cartId, paymentCollectionId },
        provider
      ).then(
        () => null,
        (e: any) => e
      )
      expect(err?.response?.status ?? err?.status).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(err?.response?.data ?? err?.message)).toMatch(
        /already (an order|paid)/
      )
    }
    expect(Object.keys(sb().state().checkouts)).toHaveLength(before)
  })

  it("a lost webhook is recovered by the reconciliation job: order placed and captured once", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.fpx)
    await payWithWebhooksLost(sb(), s1.data.checkoutId)
    expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()
    const report = await reconcilePending(getContainer() as never)
    expect(report.outcomes.captured).toBe(1)
    const order = await capturedOrder(cartId)
    expect(order.payment_collections[0].payments).toHaveLength(1)
    const again = await reconcilePending(getContainer() as never)
    expect(again.waiting).toBe(0)
  })

  it("the job's svc calls do not grow with the sale: 10 pages a run at most, the next run goes on where it stopped and finds the lost webhook", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.fpx)
    // 1,500 checkouts other shoppers finished after this link was made, then its webhooks lost
    sb().seedCheckouts({ count: 1500 })
    await payWithWebhooksLost(sb(), s1.data.checkoutId)
    const first = await reconcilePending(getContainer() as never)
    expect(first.svcCalls).toBe(10)
    expect(first.mark).toEqual({
      status: "COMPLETED",
      startDt: expect.any(String),
      cursor: expect.any(String),
    })
    expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()
    // from the 11th page on: the link's checkout is on the 16th
    const next = await reconcilePending(getContainer() as never, first.mark)
    expect(next.svcCalls).toBe(6)
    expect(next.outcomes.captured).toBe(1)
    expect(next.mark).toBeUndefined()
    await capturedOrder(cartId)
  })

  it("duplicate and reordered webhooks change nothing: one order, one capture", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.wallet)
    sb().webhookFaults({ mode: "duplicate", count: 10 })
    sb().webhookFaults({ mode: "reorder", count: 10 })
    sb().pay(s1.data.checkoutId)
    await sb().flushWebhooks()
    const order = await capturedOrder(cartId)
    // every delivery, the duplicates and the held-back ones too, handled by the plugin's subscriber
    const handled = await checkoutWebhooksHandled(
      getContainer(),
      sb(),
      s1.data.checkoutId
    )
    expect(handled.length).toBeGreaterThan(1)
    const after = await orderOfCart(getContainer(), cartId)
    expect(after.id).toBe(order.id)
    expect(after.payment_collections[0].payments).toHaveLength(1)
    expect(after.payment_collections[0].payments[0].captures).toHaveLength(1)
  })

  it("forged webhooks change nothing: unknown checkout, COMPLETED body for an unpaid checkout", async () => {
    const { cartId, session: s1 } = await cartWithSession(SVC_PROVIDERS.wallet)
    const hook = svc.ref.webhookUrl.replace(svc.ref.medusaUrl, "")
    const forged = [
      {
        id: "evt-1",
        type: "checkout.updated",
        data: {
          checkoutId: "3f1c2a9e-7a7b-4c1d-9f00-000000000000",
          status: "COMPLETED",
          amount: "12050",
        },
      },
      {
        id: "evt-2",
        type: "checkout.updated",
        data: {
          ...sb().getCheckout(s1.data.checkoutId),
          status: "COMPLETED",
          paidAt: new Date().toISOString(),
        },
      },
      {
        id: "evt-3",
        type: "checkout.updated",
        data: {
          checkoutId: s1.data.checkoutId,
          status: "COMPLETED",
          amount: "1",
        },
      },
    ]
    for (const body of forged) {
      const res = await api.post(hook, body)
      expect(res.status).toBe(200)
    }
    // the subscriber took each one: the unknown checkout dropped unread, the others re-read from svc (still open: nothing to do)
    const svcModule = getContainer().resolve(SVC_MODULE) as any
    const handled = await webhooksHandled(
      "the forged events",
      () =>
        svcModule.listSvcWebhookEvents({ event_id: forged.map((b) => b.id) }),
      forged.length
    )
    expect(
      handled.map((r: any) => [r.event_id, r.outcome, r.detail]).sort()
    ).toEqual([
      ["evt-1", "unknown_checkout", expect.stringContaining("svc not asked")],
      ["evt-2", "pending", "svc status CREATED"],
      ["evt-3", "pending", "svc status CREATED"],
    ])
    expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()
    const s = await sessionById(getContainer(), s1.id)
    expect(s.status).toBe("pending")
  })

  it("the amount changes after the session: a new checkout with a new key; the old link paid is flagged, not captured", async () => {
    const {
      cartId,
      paymentCollectionId,
      session: s1,
    } = await cartWithSession(SVC_PROVIDERS.fpx)
    await api.post(
      `/store/carts/${cartId}/line-items`,
      { variant_id: store.variantId, quantity: 1 },
      store.headers
    )
    const s2 = await sessionOnCart(
      api,
      store,
      { cartId, paymentCollectionId },
      SVC_PROVIDERS.fpx
    )
    expect(s2.data.amountSen).toBe(24100)
    expect(s2.data.checkoutId).not.toBe(s1.data.checkoutId)
    expect(s2.data.idempotencyKey).not.toBe(s1.data.idempotencyKey)

    sb().pay(s1.data.checkoutId)
    await sb().flushWebhooks()
    const row = await flaggedCheckoutRow(
      s1.data.checkoutId,
      "stale checkout flagged"
    )
    expect(row.attention).toBe("refund_required")
    expect(await orderOfCart(getContainer(), cartId)).toBeUndefined()

    sb().pay(s2.data.checkoutId)
    await completeCart(api, store, cartId)
    const order = await capturedOrder(cartId)
    expect(
      Number(order.payment_collections[0].payments[0].captures[0].amount)
    ).toBe(241)
  })
}
