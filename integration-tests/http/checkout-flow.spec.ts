import { processPaymentWorkflow } from "@medusajs/core-flows"
import { Modules, PaymentEvents } from "@medusajs/framework/utils"
import { svcMedusaSuite } from "../helpers/suite"
import {
  allOrdersOfCart,
  checkoutWebhooksHandled,
  completeCart,
  orderOfCart,
  sessionById,
  SVC_PROVIDERS,
} from "../helpers/store"

jest.setTimeout(120_000)

// Medusa's own webhook route (5 s delay), the other URL a merchant may have registered.
svcMedusaSuite({
  webhookPath: "/hooks/payment/svc-wallet_svc",
  testSuite: ({
    svc,
    api,
    getContainer,
    store,
    cartWithSession,
    capturedOrder,
  }) => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["svc wallet", SVC_PROVIDERS.wallet, {}],
      ["FPX hosted", SVC_PROVIDERS.fpx, {}],
      [
        "FPX direct",
        SVC_PROVIDERS.fpxDirect,
        { bank: "MBB0228", bankType: "RETAIL", buyerName: "Siti Aminah" },
      ],
    ]

    describe.each(cases)("%s", (_name, providerId, data) => {
      it("webhook first: the shopper pays, the webhook places the order, completing again returns the same order", async () => {
        const { cartId, session } = await cartWithSession(providerId, { data })
        expect(session.data.checkoutUrl).toMatch(/^http/)
        expect(session.data.amountSen).toBe(12050)
        expect(session.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)

        const view = svc.ref.sandbox.control.getCheckout(
          session.data.checkoutId
        )
        expect(view.amount).toBe("12050")
        // what the shopper reads on svc's page: the store's prefix and a short payment reference
        expect(view.title).toMatch(
          /^Order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
        )
        expect(view.title).toBe(session.data.title)

        // a store's own subscribers hear of the capture, as they do from Medusa's capture workflow
        const heard: string[] = []
        const bus = getContainer().resolve(Modules.EVENT_BUS) as any
        const subscriberId = `test-payment-captured-${session.id}`
        const listener = async (e: any) => void heard.push(e?.data?.id)
        bus.subscribe(PaymentEvents.CAPTURED, listener, { subscriberId })

        svc.ref.sandbox.control.pay(session.data.checkoutId)
        await svc.ref.sandbox.control.flushWebhooks()

        const order = await capturedOrder(cartId)
        const payment = order.payment_collections[0].payments[0]
        expect(payment.payment_session_id).toBe(session.id)
        expect(Number(payment.captures[0].amount)).toBe(120.5)
        for (let i = 0; i < 50 && !heard.includes(payment.id); i++)
          await new Promise((r) => setTimeout(r, 100))
        bus.unsubscribe(PaymentEvents.CAPTURED, listener, { subscriberId })
        expect(heard.filter((id) => id === payment.id)).toHaveLength(1)

        const again = await completeCart(api, store, cartId)
        expect(again.type).toBe("order")
        expect(again.order.id).toBe(order.id)
        expect(await allOrdersOfCart(getContainer(), cartId)).toEqual([
          order.id,
        ])
      })
    })

    it("storefront first: the shopper returns after paying and completes the cart; the later webhook changes nothing", async () => {
      const { cartId, session } = await cartWithSession(SVC_PROVIDERS.fpx)
      svc.ref.sandbox.control.pay(session.data.checkoutId)
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      const order = await capturedOrder(cartId)
      expect(order.id).toBe(done.order.id)
      await svc.ref.sandbox.control.flushWebhooks()
      // Medusa hands its route's webhooks on 5 s after receipt: every one the store took is handled
      const handled = await checkoutWebhooksHandled(
        getContainer(),
        svc.ref.sandbox.control,
        session.data.checkoutId
      )
      expect(handled.length).toBeGreaterThan(0)
      const after = await orderOfCart(getContainer(), cartId)
      expect(after.payment_collections[0].payments).toHaveLength(1)
      expect(after.payment_collections[0].payments[0].captures).toHaveLength(1)
      expect(await allOrdersOfCart(getContainer(), cartId)).toEqual([order.id])
      const s = await sessionById(getContainer(), session.id)
      expect(s.status).toBe("authorized")
    })

    it("storefront completion and webhook processing at the same instant end in one order and one capture (medusajs/medusa#13301)", async () => {
      const { cartId, session } = await cartWithSession(SVC_PROVIDERS.wallet)
      svc.ref.sandbox.control.webhookFaults({ mode: "drop", count: 10 })
      svc.ref.sandbox.control.pay(session.data.checkoutId)
      // What the core webhook subscriber runs, started together with the storefront's completion.
      const [complete] = await Promise.allSettled([
        completeCart(api, store, cartId),
        processPaymentWorkflow(getContainer()).run({
          input: {
            action: "captured",
            data: { session_id: session.id, amount: 120.5 },
          } as never,
        }),
      ])
      svc.ref.sandbox.control.clearFaults()
      const order = await capturedOrder(cartId)
      if (complete.status === "fulfilled" && complete.value.type === "order")
        expect(complete.value.order.id).toBe(order.id)
      const again = await completeCart(api, store, cartId)
      expect(again.order.id).toBe(order.id)
      expect(await allOrdersOfCart(getContainer(), cartId)).toEqual([order.id])
      const final = await orderOfCart(getContainer(), cartId)
      expect(final.payment_collections[0].payments).toHaveLength(1)
      expect(final.payment_collections[0].payments[0].captures).toHaveLength(1)
    })
  },
})
