// Medusa's "Check status" banner (admin order page, Medusa 2.17 and later) on an svc payment:
// POST /admin/orders/:id/payment-sessions/authorize asks the provider again for an order placed
// awaiting payment. A paid checkout is settled by it (one capture, one order); an unpaid one
// is said to be unpaid; pressed while the webhook settles the same payment, it makes no second
// capture, no second order and no error. With the option `failedPaymentOrder: "flag"` (this file's),
// a payment that fails after its order was placed leaves the order as it is, flagged for a person.
import { svcMedusaSuite } from "../helpers/suite"
import {
  allOrdersOfCart,
  completeCart,
  sessionById,
  SVC_PROVIDERS,
  waitFor,
} from "../helpers/store"
import { settleCheckoutEvent } from "../../src/workflows/settle-checkout"
import { reconcilePending } from "../../src/workflows/sweeps/reconcile-pending"
import { collectSvcEvents, failedAfterOrderEvent } from "../helpers/svc-events"

jest.setTimeout(120_000)

svcMedusaSuite({
  admin: true,
  // none of the Check status tests fails a payment: the option's other value is tested here, the default
  // ("cancel") in failures-and-recovery.cases and settle-race.cases
  failedPaymentOrder: "flag",
  testSuite: ({
    api,
    getContainer,
    sb,
    store,
    admin,
    cartWithSession,
    capturedOrder,
    checkoutRow,
  }) => {
    /** An order placed awaiting payment: the shopper came back while svc said PROCESSING. */
    const awaitingOrder = async () => {
      const { cartId, session } = await cartWithSession(SVC_PROVIDERS.fpx)
      sb().pay(session.data.checkoutId, { stopAt: "PROCESSING" })
      await sb().flushWebhooks()
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      expect((await sessionById(getContainer(), session.id)).status).toBe(
        "pending_authorization"
      )
      return {
        cartId,
        orderId: done.order.id as string,
        sessionId: session.id as string,
        checkoutId: session.data.checkoutId as string,
      }
    }
    /** The banner's button, as Medusa's admin sends it. */
    const checkStatus = (orderId: string, sessionId: string) =>
      admin.client.fetch<{ order: { id: string }; is_authorized: boolean }>(
        `/admin/orders/${orderId}/payment-sessions/authorize`,
        {
          method: "POST",
          body: { payment_session_id: sessionId },
        }
      )
    /** Paid at svc, its COMPLETED event lost: only asking svc tells. */
    const paidEventLost = async (checkoutId: string) => {
      sb().webhookFaults({ mode: "drop", count: 1 })
      sb().complete(checkoutId)
      await sb().flushWebhooks()
    }
    const onePayment = async (cartId: string) => {
      const o = await capturedOrder(cartId)
      expect(await allOrdersOfCart(getContainer(), cartId)).toHaveLength(1)
      const payments = o.payment_collections[0].payments
      expect(payments).toHaveLength(1)
      expect(payments[0].captures).toHaveLength(1)
      return o
    }

    it("paid at svc, its event lost: Check status captures it, one payment, one capture, on the same order", async () => {
      const x = await awaitingOrder()
      await paidEventLost(x.checkoutId)
      const res = await checkStatus(x.orderId, x.sessionId)
      expect(res.is_authorized).toBe(true)
      expect(res.order.id).toBe(x.orderId)
      expect((await onePayment(x.cartId)).id).toBe(x.orderId)
    })

    it("not paid yet: Check status says so, and the order still awaits the payment", async () => {
      const x = await awaitingOrder()
      const res = await checkStatus(x.orderId, x.sessionId)
      expect(res.is_authorized).toBe(false)
      expect((await sessionById(getContainer(), x.sessionId)).status).toBe(
        "pending_authorization"
      )
      // paid afterwards: the webhook settles it as ever
      sb().complete(x.checkoutId)
      await sb().flushWebhooks()
      await onePayment(x.cartId)
    })

    it("pressed while the webhook settles the same payment: one capture, one order, no error", async () => {
      for (let i = 0; i < 3; i++) {
        const x = await awaitingOrder()
        await paidEventLost(x.checkoutId)
        // the button first, the webhook first, and both at once
        const press = () => checkStatus(x.orderId, x.sessionId)
        const settle = () =>
          settleCheckoutEvent(
            getContainer(),
            x.checkoutId,
            "COMPLETED",
            "webhook"
          )
        const [res, settled] =
          i === 0
            ? [await press(), await settle()]
            : i === 1
              ? await settle().then(async (s) => [await press(), s] as const)
              : await Promise.all([press(), settle()])
        expect(res.order.id).toBe(x.orderId)
        expect(["captured", "already_settled"]).toContain(settled.outcome)
        await onePayment(x.cartId)
      }
    })

    it('failedPaymentOrder "flag": a payment that fails after its order was placed leaves the order uncanceled, flagged where the admin looks, told once', async () => {
      const events = collectSvcEvents(getContainer())
      try {
        const x = await awaitingOrder()
        sb().webhookFaults({ mode: "duplicate", count: 3 }) // svc's webhook delivered twice
        sb().fail(x.checkoutId)
        // the webhooks, the job and the watcher at once
        await Promise.all([
          sb().flushWebhooks(),
          reconcilePending(getContainer()),
          settleCheckoutEvent(getContainer(), x.checkoutId, null, "watcher"),
        ])
        const row = await waitFor(async () => {
          const r = await checkoutRow(x.checkoutId)
          return r?.attention ? r : undefined
        }, "the checkout flagged")
        expect(row.attention).toBe("payment_failed_after_order")
        expect(row.attention_reason).toContain(
          `Order ${x.orderId} was placed awaiting payment, and the payment failed`
        )
        // the order as the admin sees it: not canceled, the reason in its metadata
        const { order } = await admin.admin.order.retrieve(x.orderId, {
          fields: "id,status,metadata",
        })
        expect(order.status).not.toBe("canceled")
        expect(order.metadata).toMatchObject({
          svc_payment_failed: expect.stringMatching(/\S/),
          svc_checkout_id: x.checkoutId,
        })
        // the svc "needs attention" list and the order's svc payment panel
        const listed = await admin.client.fetch<{ checkouts: any[] }>(
          "/admin/svc/checkouts",
          { query: { attention: "true" } }
        )
        expect(
          listed.checkouts
            .filter((c) => c.checkout_id === x.checkoutId)
            .map((c) => c.attention)
        ).toEqual(["payment_failed_after_order"])
        const panel = await admin.client.fetch<{ checkouts: any[] }>(
          "/admin/svc/checkouts",
          { query: { order_id: x.orderId } }
        )
        expect(
          panel.checkouts.find((c) => c.checkout_id === x.checkoutId)
        ).toMatchObject({ attention: "payment_failed_after_order" })
        // the session is in error with the reason, so the order's payment can be asked for again
        expect((await sessionById(getContainer(), x.sessionId)).status).toBe(
          "error"
        )
        // a later run changes nothing and tells nothing
        await settleCheckoutEvent(getContainer(), x.checkoutId, null, "job")
        await sb().flushWebhooks()
        await events.settle(300)
        expect(
          (await admin.admin.order.retrieve(x.orderId, { fields: "id,status" }))
            .order.status
        ).not.toBe("canceled")
        expect(events.all()).toEqual([failedAfterOrderEvent(x, "flagged")])
      } finally {
        events.stop()
      }
    })
  },
})
