// The storefront kit (`medusa-payment-svc-storefront`, packages/storefront/src) on
// @medusajs/js-sdk against a real Medusa app and the svc sandbox over real
// HTTP: bank list, payment start with its checks before any call, the return
// page's outcomes (a paid cart whose order is late included), FPX's personal-banking cap, and that no kit flow
// cancels a paid order.
import Medusa from "@medusajs/js-sdk"
import { svcIntegrationRunner } from "../helpers/runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  completeSvcReturn,
  listFpxBanks,
  startSvcPayment,
  SvcInputError,
  svcPaymentReference,
  svcText,
  type FpxBankList,
  type StoreCart,
} from "../../packages/storefront/src"
import { useSvcSandbox } from "../helpers/svc-env"
import { readStats, resetStats } from "../../testing/sandbox-stats"
import {
  createCart,
  seedStore,
  SVC_PROVIDERS,
  waitFor,
  type Store,
} from "../helpers/store"

jest.setTimeout(120_000)

const svc = useSvcSandbox()

/** The order with its status and payments, read in the database (what an admin sees). */
async function orderState(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "canceled_at",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.canceled_at",
    ],
    filters: { id: orderId },
  })
  return data[0] as any
}

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let sdk: InstanceType<typeof Medusa>
    let banks: FpxBankList
    const sb = () => svc.ref.sandbox.control
    const sandboxUrl = () => svc.ref.sandbox.url

    beforeAll(async () => {
      store = await seedStore(getContainer())
      sdk = new Medusa({
        baseUrl: svc.ref.medusaUrl,
        publishableKey: store.publishableKey,
      })
      banks = await listFpxBanks(sdk, { includeInactive: true })
    })

    /** A cart as the storefront holds it (js-sdk), with `quantity` Batik shirts at RM120.50. */
    async function cart(quantity = 1): Promise<StoreCart> {
      const { cartId } = await createCart(api, store, { quantity })
      return (await sdk.store.cart.retrieve(cartId)).cart
    }

    // a test's sandbox faults end with it (the 'placing' test drops ten webhook deliveries and uses
    // two: left on, the next test's payment waited for a webhook that was dropped)
    beforeEach(() => sb().clearFaults())

    it("listFpxBanks: retail and corporate as the store route gives them, offline banks kept and marked, the cap", async () => {
      expect(banks.retail.length).toBeGreaterThan(3)
      expect(banks.corporate.length).toBeGreaterThan(0)
      expect(banks.retail_max_sen).toBe(3_000_000)
      expect(banks.retail.find((b) => b.code === "HSBC0223")).toMatchObject({
        active: false,
        bank_type: "RETAIL",
      })
      expect(banks.corporate.find((b) => b.code === "BIMB0340B")).toMatchObject(
        { active: false, bank_type: "CORPORATE" }
      )
      const maybank = banks.retail.find((b) => b.code === "MBB0228")!
      expect(maybank.name).toBe(maybank.display_name) // svc's displayName
      expect(maybank.logo_url).toContain("/_sandbox/bank-logos/MBB0228.svg")
      const active = await listFpxBanks(sdk)
      expect(active.retail.find((b) => b.code === "HSBC0223")).toBeUndefined()
    })

    it("startSvcPayment refuses wrong FPX-direct input before any call, naming the field", async () => {
      const c = await cart()
      const big = await cart(250) // RM30,125
      const maybank = banks.retail.find((b) => b.code === "MBB0228")!
      const corporate = banks.corporate.find((b) => b.active)!
      const cases: Array<
        [StoreCart, Parameters<typeof startSvcPayment>[2], string, RegExp]
      > = [
        [
          c,
          { providerId: "pp_stripe_stripe" },
          "providerId",
          /not an svc payment provider/,
        ],
        [
          c,
          { providerId: SVC_PROVIDERS.fpxDirect, buyerName: "Siti", banks },
          "bank",
          /Choose your bank/,
        ],
        [
          c,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: "NOPE01",
            buyerName: "Siti",
            banks,
          },
          "bank",
          /not an FPX bank/,
        ],
        [
          c,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: "HSBC0223",
            buyerName: "Siti",
            banks,
          },
          "bank",
          /offline right now/,
        ],
        [
          c,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: corporate,
            bankType: "RETAIL",
            buyerName: "Siti",
            banks,
          },
          "bankType",
          /bankType must be CORPORATE/,
        ],
        [
          c,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: maybank,
            buyerName: "   ",
            banks,
          },
          "buyerName",
          /1-100 characters/,
        ],
        [
          c,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: maybank,
            buyerName: "x".repeat(101),
            banks,
          },
          "buyerName",
          /1-100 characters/,
        ],
        [
          big,
          {
            providerId: SVC_PROVIDERS.fpxDirect,
            bank: maybank,
            buyerName: "Siti",
            banks,
          },
          "bankType",
          /^FPX personal banking is limited to RM\u00a030,000 per payment; for a larger amount pay with FPX corporate banking or with the svc wallet\.$/,
        ],
      ]
      await resetStats(sandboxUrl())
      for (const [theCart, input, field, message] of cases) {
        const e = await startSvcPayment(sdk, theCart, input).then(
          () => null,
          (err) => err
        )
        expect(e).toBeInstanceOf(SvcInputError)
        expect({ field: e.field, message: e.message }).toEqual({
          field,
          message: expect.stringMatching(message),
        })
      }
      expect((await readStats(sandboxUrl())).total).toBe(0)
      // nothing was created in Medusa either
      const after = (
        await sdk.store.cart.retrieve(c.id, {
          fields: "*payment_collection.payment_sessions",
        })
      ).cart
      expect(after.payment_collection?.payment_sessions ?? []).toHaveLength(0)
    })

    it("above RM30,000: the store API itself refuses FPX direct with personal banking (no svc call); corporate banking starts", async () => {
      const big = await cart(250)
      await resetStats(sandboxUrl())
      const refused = await sdk.store.payment
        .initiatePaymentSession(big, {
          provider_id: SVC_PROVIDERS.fpxDirect,
          data: {
            bank: "MBB0228",
            bankType: "RETAIL",
            buyerName: "Siti Aminah",
          },
        })
        .then(
          () => null,
          (e) => e
        )
      expect(refused?.status).toBe(400)
      expect(refused?.message).toMatch(
        /limited to RM30,000 per payment; for a larger amount pay with FPX corporate banking or with the svc wallet/
      )
      expect((await readStats(sandboxUrl())).total).toBe(0)

      const corporate = banks.corporate.find((b) => b.active)!
      const { redirectUrl, session } = await startSvcPayment(sdk, big, {
        providerId: SVC_PROVIDERS.fpxDirect,
        bank: corporate,
        buyerName: "Syarikat Maju Sdn Bhd",
      })
      expect(redirectUrl).toMatch(new RegExp(`^${sandboxUrl()}/fpx/`))
      expect(session.data).toMatchObject({
        bank: corporate.code,
        bankType: "CORPORATE",
        buyerName: "Syarikat Maju Sdn Bhd",
        amountSen: 3_012_500,
      })
    })

    it("FPX direct paid: paid on return, the same order on a second return, and no kit flow touches the paid order", async () => {
      const c = await cart()
      const { redirectUrl, session } = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.fpxDirect,
        bank: "MBB0228", // a code: the kit reads the list itself to check it
        buyerName: "  Siti Aminah ",
      })
      expect(redirectUrl).toBe(session.data!.checkoutUrl)
      expect(session.data).toMatchObject({
        bank: "MBB0228",
        bankType: "RETAIL",
        buyerName: "Siti Aminah",
        cart_id: c.id,
      })
      sb().pay(session.data!.checkoutId as string)

      const first = await completeSvcReturn(sdk, c.id, {
        waitForPaymentMs: 30_000,
        pollEveryMs: 250,
      })
      expect(first.kind).toBe("paid")
      const orderId = (first as { order: { id: string } }).order.id
      const again = await completeSvcReturn(sdk, c.id)
      expect(again).toMatchObject({ kind: "paid", order: { id: orderId } })
      // the reference svc's page showed (the title's end), read back from the order's payment through the store API
      const reference =
        /([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})$/.exec(
          sb().getCheckout(session.data!.checkoutId as string).title
        )![1]
      expect(first).toMatchObject({ paymentReference: reference })
      expect(again).toMatchObject({ paymentReference: reference })
      const { order } = await sdk.store.order.retrieve(orderId, {
        fields: "*payment_collections.payments",
      })
      expect(svcPaymentReference(order)).toBe(reference)

      // a paid cart cannot be paid again through the kit
      const paidCart = (await sdk.store.cart.retrieve(c.id)).cart
      const e = await startSvcPayment(sdk, paidCart, {
        providerId: SVC_PROVIDERS.wallet,
      }).then(
        () => null,
        (err) => err
      )
      expect(e).toMatchObject({
        field: "cart",
        message: expect.stringMatching(/already paid/),
      })
      // the stale cart object a storefront may still hold (Medusa itself would take a new session): refused too
      const stale = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.wallet,
      }).then(
        () => null,
        (err) => err
      )
      expect(stale).toMatchObject({
        field: "cart",
        message: expect.stringMatching(/already paid/),
      })
      await completeSvcReturn(sdk, c.id)
      await sb().flushWebhooks()

      const o = await orderState(getContainer(), orderId)
      expect(o.status).not.toBe("canceled")
      expect(o.canceled_at).toBeFalsy()
      expect(o.payment_collections[0].payments).toHaveLength(1)
      expect(o.payment_collections[0].payments[0]).toMatchObject({
        captured_at: expect.anything(),
        canceled_at: null,
      })
    })

    it("wallet failed then paid: failed with svc's reason and the cart, paid after choosing again; one order", async () => {
      const c = await cart()
      const one = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.wallet,
      })
      sb().fail(one.session.data!.checkoutId as string)
      const failed = await completeSvcReturn(sdk, c.id)
      expect(failed.kind).toBe("failed")
      if (failed.kind !== "failed") return
      expect(failed.reason).toMatch(
        /^The payment failed at the bank or wallet\. Please try again or choose another method\.$/
      ) // the provider's sentence
      expect(failed.cart?.id).toBe(c.id)

      const two = await startSvcPayment(sdk, failed.cart!, {
        providerId: SVC_PROVIDERS.wallet,
      })
      expect(two.session.data!.checkoutId).not.toBe(
        one.session.data!.checkoutId
      )
      sb().pay(two.session.data!.checkoutId as string)
      const paid = await completeSvcReturn(sdk, c.id, {
        waitForPaymentMs: 30_000,
        pollEveryMs: 250,
      })
      expect(paid.kind).toBe("paid")
      const o = await orderState(
        getContainer(),
        (paid as { order: { id: string } }).order.id
      )
      expect(o.payment_collections[0].payments).toHaveLength(1)
    })

    it("the store's svc account suspended: every provider, in every language, tells the shopper one sentence to act on, never svc's code or requestId; nothing made", async () => {
      const maybank = banks.retail.find((b) => b.code === "MBB0228")!
      const c = await cart()
      const made = () =>
        Object.keys((sb().state() as { checkouts?: object }).checkouts ?? {})
          .length
      const before = made()
      sb().setAccountStatus("SUSPENDED")
      const seen: string[] = []
      try {
        for (const locale of ["en", "ms", "zh-CN"]) {
          for (const input of [
            { providerId: SVC_PROVIDERS.wallet },
            { providerId: SVC_PROVIDERS.fpx },
            {
              providerId: SVC_PROVIDERS.fpxDirect,
              bank: maybank,
              buyerName: "Siti Aminah",
              banks,
            },
          ]) {
            const e = await startSvcPayment(sdk, c, input, { locale }).then(
              () => undefined,
              (x: unknown) =>
                x as { name?: string; code?: string; message: string }
            )
            seen.push(`${locale} ${input.providerId}: ${e?.message}`)
            expect([
              locale,
              input.providerId,
              e?.name,
              e?.code,
              e?.message,
            ]).toEqual([
              locale,
              input.providerId,
              "SvcStoreError",
              "unavailable",
              svcText({ locale }).t("unavailable"),
            ])
          }
        }
      } finally {
        sb().setAccountStatus("ACTIVE")
      }
      console.log(`kit: svc account suspended:\n${seen.join("\n")}`)
      expect(seen.join("\n")).not.toMatch(
        /ACCOUNT_SUSPENDED|requestId|does not allow/
      )
      expect(svcText({ locale: "ms" }).t("unavailable")).toMatch(
        /^Pembayaran svc tidak tersedia/
      )
      // svc refused each create, no checkout made; active again, the same cart starts
      expect(made()).toBe(before)
      const { session } = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.wallet,
      })
      expect(session.data!.checkoutId).toEqual(expect.any(String))
    })

    it("FPX hosted still processing: awaiting with the order placed, then paid once svc completes it", async () => {
      const c = await cart()
      const { session } = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.fpx,
      })
      const checkoutId = session.data!.checkoutId as string
      sb().pay(checkoutId, { stopAt: "PROCESSING" })
      const waiting = await completeSvcReturn(sdk, c.id)
      expect(waiting.kind).toBe("awaiting")
      const orderId = (waiting as { order: { id: string } }).order.id
      sb().complete(checkoutId)
      const paid = await waitFor(async () => {
        const r = await completeSvcReturn(sdk, c.id)
        return r.kind === "paid" ? r : undefined
      }, "the order paid after svc completed the checkout")
      expect(paid.order.id).toBe(orderId)
    })

    it("paid, the order late (Medusa's cart lock held, as a server stopped inside the completion leaves it): 'placing', never 'failed', then the order", async () => {
      const c = await cart()
      const { session } = await startSvcPayment(sdk, c, {
        providerId: SVC_PROVIDERS.wallet,
      })
      sb().webhookFaults({ mode: "drop", count: 10 })
      sb().pay(session.data!.checkoutId as string)
      await sb().flushWebhooks()
      // the payment captured, no order, the cart's lock held with no owner for a 2-minute lease
      await (
        getContainer().resolve(Modules.PAYMENT) as any
      ).authorizePaymentSession(session.id, {})
      const locking = getContainer().resolve(Modules.LOCKING) as any
      await locking.acquire(c.id, { expire: 120 })

      // the shopper gives up waiting before the lease ends: told the payment is in and the order coming
      let told = 0
      const early = await completeSvcReturn(sdk, c.id, {
        pollEveryMs: 250,
        waitForOrderMs: 1000,
        onPlacing: () => told++,
      })
      expect(early.kind).toBe("placing")
      expect(told).toBe(1)
      expect(
        (await sdk.store.cart.retrieve(c.id, { fields: "completed_at" })).cart
          .completed_at
      ).toBeFalsy()

      // the shopper who waits: "placing" within seconds, then the order once the lock is free (the lease ended)
      const states: string[] = []
      const started = Date.now()
      let placingAfter = 0
      const waited = await completeSvcReturn(sdk, c.id, {
        pollEveryMs: 250,
        waitForPaymentMs: 10_000,
        onPlacing: () => {
          placingAfter = Date.now() - started
          states.push("placing")
          void locking.release(c.id)
        },
      })
      states.push(waited.kind)
      expect(states).toEqual(["placing", "paid"])
      expect(placingAfter).toBeLessThan(10_000)
      const o = await orderState(
        getContainer(),
        (waited as { order: { id: string } }).order.id
      )
      expect(o.payment_collections[0].payments).toHaveLength(1)
      expect(o.payment_collections[0].payments[0].captured_at).toBeTruthy()
    })
  },
})
