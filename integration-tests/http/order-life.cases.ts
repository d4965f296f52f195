// The order life after checkout, through Medusa's own admin routes (what the
// dashboard's buttons call): cancelling an svc-paid order that still
// holds the buyer's money is refused before anything changes, with the way out;
// the plugin's refund refuses before any payout what Medusa would refuse after
// it (a canceled order, an order change in progress).
import { instrumentWorkflows } from "@medusajs/medusa"
import { context } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import type { SvcSuite } from "../helpers/suite"
import { SVC_PROVIDERS, waitFor } from "../helpers/store"
import { refusal as failure } from "../helpers/admin"
import { SVC_METRICS } from "../../src/client/telemetry"
import { SvcEvents } from "../../src/workflows"
import { collectSvcEvents } from "../helpers/svc-events"
import {
  metricTotal as total,
  registerInMemoryOtel,
} from "../../src/client/__tests__/helpers/otel"

export function orderLife({
  svc,
  api,
  sb,
  store,
  admin,
  payoutCount,
  paidOrder,
  getContainer,
  cartWithSession,
  capturedOrder,
}: SvcSuite): void {
  const refund = (body: Record<string, unknown>) =>
    admin.client.fetch<any>("/admin/svc/refunds", { method: "POST", body })
  const toBank = {
    name: "Siti Aminah",
    bank_code: "MBBEMYKL",
    account_number: "5512345678",
  }
  const orderState = async (id: string) => {
    const { order } = await admin.admin.order.retrieve(id, {
      fields: "id,status,summary,*payment_collections.payments.refunds",
    })
    return order as any
  }

  it("cancel is refused while svc money is not refunded (nothing changes); refunded first through the svc refunds panel, it cancels; the plugin then refuses to refund the canceled order before any payout", async () => {
    const { paymentId, orderId } = await paidOrder()
    const before = payoutCount()

    const refused = await failure(admin.admin.order.cancel(orderId))
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(
      /paid with svc and RM120\.50 of it has not been refunded/
    )
    expect(refused.message).toMatch(
      /Refund the buyer first in the "svc refunds" panel of this order/
    )
    let o = await orderState(orderId)
    expect(o.status).not.toBe("canceled")
    expect(Number(o.summary.refunded_total ?? 0)).toBe(0)
    expect(o.payment_collections[0].payments[0].refunds ?? []).toHaveLength(0)
    expect(payoutCount()).toBe(before)

    // part refunded: still refused, naming what is left
    await refund({
      payment_id: paymentId,
      amount: "20.50",
      beneficiary: toBank,
    })
    expect((await failure(admin.admin.order.cancel(orderId))).message).toMatch(
      /RM100\.00 of it has not been refunded \(captured RM120\.50, refunded RM20\.50\)/
    )

    // all refunded: Medusa's cancel goes through, and records no refund of its own
    await refund({
      payment_id: paymentId,
      amount: "100.00",
      beneficiary: toBank,
    })
    await admin.admin.order.cancel(orderId)
    o = await orderState(orderId)
    expect(o.status).toBe("canceled")
    expect(o.payment_collections[0].payments[0].refunds).toHaveLength(2)
    expect(payoutCount()).toBe(before + 2)

    // the plugin's refund on a canceled order: refused before any payout (never "payout sent, answer 400")
    const late = await failure(
      refund({ payment_id: paymentId, amount: "10.00", beneficiary: toBank })
    )
    expect(late.status).toBe(400)
    expect(late.message).toMatch(
      /^payment_id: order .* is canceled, and Medusa records no refund on a canceled order; nothing was sent/
    )
    expect(payoutCount()).toBe(before + 2)
  })

  it("an order change in progress (an order edit): the plugin's refund is refused before any payout; once it is canceled the refund goes through", async () => {
    const { paymentId, orderId } = await paidOrder()
    const before = payoutCount()
    const { order_change } = await admin.admin.orderEdit.initiateRequest({
      order_id: orderId,
    })
    const refused = await failure(
      refund({ payment_id: paymentId, amount: "20.00", beneficiary: toBank })
    )
    expect(refused.status).toBe(400)
    expect(refused.message).toMatch(
      /^payment_id: order .* has an order change in progress \(edit .*, pending\), and Medusa records no refund until it is confirmed or canceled; nothing was sent/
    )
    expect(payoutCount()).toBe(before)

    await admin.admin.orderEdit.cancelRequest(order_change.order_id)
    const ok = await refund({
      payment_id: paymentId,
      amount: "20.00",
      beneficiary: toBank,
    })
    expect(ok.payout).toMatchObject({ amount_sen: 2000, status: "INITIATED" })
    expect(payoutCount()).toBe(before + 1)

    // Medusa's own Refund button, a bank account now named for the order, while another edit is
    // pending: the provider reads the order's changes (Query) and sends nothing
    const { order_change: second } =
      await admin.admin.orderEdit.initiateRequest({ order_id: orderId })
    const button = await failure(
      admin.admin.payment.refund(paymentId, { amount: 10 })
    )
    expect(button.status).toBeGreaterThanOrEqual(400)
    expect(payoutCount()).toBe(before + 1) // without the provider's check, svc paid out and then Medusa refused to record the refund
    expect(button.message).toMatch(
      new RegExp(
        `order ${orderId} has an order change in progress \\(edit ${second.id}, pending\\)`
      )
    )
    await admin.admin.orderEdit.cancelRequest(second.order_id)
  })

  it("Medusa's Refund button: refused naming the svc refunds panel until a bank account is named; then an svc payout to it, once per refund, tracked like the panel's; a RM5 refund is sent; svc's refusal is shown in words", async () => {
    const events = collectSvcEvents(getContainer())
    const { paymentId, orderId } = await paidOrder()
    const before = payoutCount()
    const medusaRefunds = async () =>
      ((
        await admin.admin.payment.retrieve(paymentId, { fields: "id,*refunds" })
      ).payment.refunds ?? []) as any[]

    const none = await failure(
      admin.admin.payment.refund(paymentId, { amount: 10 })
    )
    expect(none.status).toBe(400)
    expect(none.message).toMatch(
      /none is named for this order yet\. Make this refund in the "svc refunds" panel of the order/
    )
    expect(payoutCount()).toBe(before)
    expect(await medusaRefunds()).toHaveLength(0)

    // the panel names the account with a RM5 refund (no invented RM10 minimum)
    const named = await refund({
      payment_id: paymentId,
      amount: "5.00",
      beneficiary: toBank,
    })
    expect(named.payout).toMatchObject({ amount_sen: 500, status: "INITIATED" })

    // Medusa's Refund button now pays out to it
    await admin.admin.payment.refund(paymentId, { amount: 10 })
    expect(payoutCount()).toBe(before + 2)
    const refunds = await medusaRefunds()
    expect(refunds).toHaveLength(2)
    const { payouts } = await admin.client.fetch<any>(
      `/admin/svc/payouts?order_id=${orderId}`
    )
    const buttonPayout = payouts.find((p: any) => p.amount_sen === 1000)
    expect(buttonPayout).toMatchObject({
      status: "INITIATED",
      order_id: orderId,
      payment_id: paymentId,
      beneficiary_name: "Siti Aminah",
    })
    expect(buttonPayout.destination).toMatchObject({
      bank_code: "MBBEMYKL",
      account_number: "••••5678",
    })
    expect(refunds.map((r: any) => r.id)).toContain(buttonPayout.refund_id)
    const atSvc = (sb().state() as any).payouts[buttonPayout.payout_id]
    expect(atSvc.amount).toBe(1000)

    // settled by webhook like the panel's payouts
    sb().advanceClock(25)
    await sb().flushWebhooks()
    await waitFor(
      async () => {
        const { payouts: now } = await admin.client.fetch<any>(
          `/admin/svc/payouts?order_id=${orderId}`
        )
        return (
          now.find((p: any) => p.id === buttonPayout.id)?.status === "SETTLED"
        )
      },
      "the Refund button's payout SETTLED",
      20_000
    )
    // the plugin's events (docs/events.md): the button's payout is told of as the panel's are
    const told = {
      id: buttonPayout.id,
      payout_id: buttonPayout.payout_id,
      refund_id: buttonPayout.refund_id,
      payment_id: paymentId,
      order_id: orderId,
    }
    await events.settle()
    expect(events.of(SvcEvents.REFUND_PAYOUT_SENT)).toEqual([
      expect.objectContaining({ id: named.payout.id }),
      told,
    ])
    expect(events.of(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual(
      expect.arrayContaining([told])
    )

    // an account the bank rejects: svc's refusal in words, no Medusa refund, nothing sent
    const other = await paidOrder()
    const rejected = await failure(
      refund({
        payment_id: other.paymentId,
        amount: "5.00",
        beneficiary: { ...toBank, account_number: "5512340000" },
      })
    )
    expect(rejected.status).toBe(400)
    const count = payoutCount()
    const again = await failure(
      admin.admin.payment.refund(other.paymentId, { amount: 6 })
    )
    expect(again.status).toBe(400)
    expect(rejected.message).toMatch(/the bank rejected the account/)
    expect(again.message).toMatch(/the bank rejected the account/) // svc's own words, as the panel shows them
    expect(payoutCount()).toBe(count)
    expect(
      (
        await admin.admin.payment.retrieve(other.paymentId, {
          fields: "id,*refunds",
        })
      ).payment.refunds ?? []
    ).toHaveLength(0)
    await events.settle()
    expect(events.of(SvcEvents.REFUND_PAYOUT_SENT)).toHaveLength(2) // nothing for what svc refused
    events.stop()
  })

  it("OpenTelemetry, as a store registers it: the spans and metrics of a checkout, its webhook settlement and a refund; no secret, buyer's name, account or id in any of them", async () => {
    const { spans, reader, stop } = registerInMemoryOtel()
    // what registerOtel does with instrument.workflows and Node's SDK: workflow and step spans, and a context that follows awaits
    const contextManager = new AsyncLocalStorageContextManager().enable()
    context.setGlobalContextManager(contextManager)
    instrumentWorkflows()
    try {
      // the shopper pays and closes the tab: svc's webhook settles it
      const { cartId, session } = await cartWithSession(SVC_PROVIDERS.wallet)
      sb().pay(session.data.checkoutId)
      await sb().flushWebhooks()
      const order = await capturedOrder(cartId)
      const paymentId = order.payment_collections[0].payments[0].id
      // the admin refunds part of it to the buyer's bank
      const { payout } = await refund({
        payment_id: paymentId,
        amount: "20.50",
        beneficiary: toBank,
      })

      const names = spans.getFinishedSpans().map((s) => s.name)
      expect(names).toEqual(
        expect.arrayContaining([
          "svc POST /v1/checkout",
          "svc GET /v1/checkout/{id}",
          "svc POST /v1/payouts",
        ])
      )
      // the settlement's stages are Medusa workflow steps, traced as Medusa's own; its svc read is a child of its step
      const finished = spans.getFinishedSpans()
      // (the webhook's open-status events run the workflow too, and read nothing: the run traced here is the one that read svc)
      const read = finished.find((s) => s.name === "svc GET /v1/checkout/{id}")!
      const run = finished.filter(
        (s) => s.spanContext().traceId === read.spanContext().traceId
      )
      expect(run.map((s) => s.name)).toEqual(
        expect.arrayContaining([
          "workflow:svc-settle-checkout",
          "step:svc-read-checkout:invoke",
          "step:svc-judge-checkout:invoke",
          "step:svc-record-capture:invoke",
          "step:svc-place-order:invoke",
        ])
      )
      expect(
        run.find(
          (s) => s.spanContext().spanId === read.parentSpanContext?.spanId
        )?.name
      ).toBe("step:svc-read-checkout:invoke")
      expect(
        finished.filter((s) => s.name === "workflow:svc-refund-to-bank")
      ).toHaveLength(1)
      const create = spans
        .getFinishedSpans()
        .find((s) => s.name === "svc POST /v1/checkout")!
      expect(create.attributes).toMatchObject({
        "http.request.method": "POST",
        "url.template": "/v1/checkout",
        "http.response.status_code": 200,
      })

      const { resourceMetrics: rm, errors } = await reader.collect()
      expect(errors).toEqual([])
      expect(
        total(rm, SVC_METRICS.requests, {
          "url.template": "/v1/checkout",
          "http.response.status_code": 200,
        })
      ).toBeGreaterThanOrEqual(1)
      expect(
        total(rm, SVC_METRICS.requests, {
          "url.template": "/v1/payouts",
          "http.request.method": "POST",
        })
      ).toBe(1)
      expect(
        total(rm, SVC_METRICS.settlements, {
          "svc.settle.outcome": "captured",
          "svc.settle.source": "webhook",
        })
      ).toBe(1)
      expect(
        total(rm, SVC_METRICS.settleLag, { "svc.settle.source": "webhook" })
      ).toBe(1)
      expect(
        total(rm, SVC_METRICS.webhooks, { "svc.webhook.outcome": "captured" })
      ).toBe(1)
      // the ledger's gauges, read as the reader collects: the checkout is final, the payout is initiated at svc
      expect(total(rm, SVC_METRICS.openCheckouts)).toBe(0)
      expect(total(rm, SVC_METRICS.unsettledPayouts)).toBe(1)
      expect(total(rm, SVC_METRICS.unsettledWithdrawals)).toBe(0)
      const gauges = rm.scopeMetrics
        .flatMap((s) => s.metrics)
        .filter((m) => m.descriptor.name === SVC_METRICS.openCheckouts)
      expect(gauges).toHaveLength(1)

      const said = JSON.stringify({
        spans: spans.getFinishedSpans().map((s) => ({
          name: s.name,
          attributes: s.attributes,
          events: s.events,
          status: s.status,
        })),
        metrics: rm.scopeMetrics,
      })
      for (const secret of [
        svc.env.SVC_API_KEY,
        toBank.account_number,
        toBank.name,
        "Siti",
        session.data.checkoutId,
        session.data.idempotencyKey,
        payout.payout_id,
        order.email,
      ])
        if (secret) expect(said).not.toContain(secret)
    } finally {
      context.disable()
      await stop()
    }
  })

  it("a balance: an svc session on an order's payment collection with no cart returns the shopper with the collection and order, never an empty cart_id", async () => {
    const { orderId } = await paidOrder()
    // what Medusa makes for an amount due after checkout (order edit, exchange, draft order): a payment collection of the order
    const { payment_collection: pc } = await admin.client.fetch<any>(
      "/admin/payment-collections",
      { method: "POST", body: { order_id: orderId, amount: 15 } }
    )
    const { data } = await api.post(
      `/store/payment-collections/${pc.id}/payment-sessions`,
      { provider_id: SVC_PROVIDERS.wallet },
      store.headers
    )
    const session = data.payment_collection.payment_sessions.find(
      (s: any) => s.provider_id === SVC_PROVIDERS.wallet
    )
    expect(session.data.amountSen).toBe(1500)
    const view = sb().getCheckout(session.data.checkoutId)
    // the template is http://localhost:8000/checkout/return?cart_id={cart_id} (integration-tests/helpers/svc-env.ts)
    expect(view.redirectUrl).toBe(
      `http://localhost:8000/checkout/return?payment_collection_id=${pc.id}&order_id=${orderId}`
    )
    expect(view.redirectUrl).not.toMatch(/cart_id=/)
  })
}
