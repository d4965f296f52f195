/**
 * Amounts: a store set up as Malaysian stores are (SST 8 % on prices
 * that exclude tax, a 33 % promotion code), through Medusa's admin routes; a
 * cart built through the store routes as the starter storefront calls them
 * (create, promo_codes, payment collection, payment session, complete) whose
 * total has more than two decimals. svc is asked for the total rounded half-up
 * to the sen; the order keeps Medusa's own amount; the money check holds.
 */
import { TestDatabaseUtils } from "@medusajs/test-utils"
import { svcIntegrationRunner } from "../helpers/runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { Pool } from "pg"
import { useSvcSandbox } from "../helpers/svc-env"
import { signInAsAdmin, adminOrder } from "../helpers/admin"
import {
  checkMoney,
  describeMoney,
  moneyIsSafe,
} from "../../testing/money-invariants"
import seedDemo, { DEMO_PROMO_CODE } from "../../demo/seed"
import {
  capturedOrder,
  initiateSession,
  seedStore,
  SVC_PROVIDERS,
  type Store,
} from "../helpers/store"
import { cartBody, SHOPPER_ADDRESS } from "../../testing/store-api"

jest.setTimeout(180_000)

const svc = useSvcSandbox()

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    let store: Store
    /** The money check reads Medusa's database as the chaos runs do (its own pg pool, closed before the runner drops the database). */
    async function money(checkoutIds: string[]) {
      const knex = getContainer().resolve(
        ContainerRegistrationKeys.PG_CONNECTION
      ) as any
      const { rows } = await knex.raw("select current_database() as name")
      const db = new Pool({
        connectionString: TestDatabaseUtils.getDatabaseURL(rows[0].name),
        max: 2,
      })
      try {
        // the sandbox outlives the runner's emptying of Medusa's tables between tests: this test's checkouts only
        const state = svc.ref.sandbox.control.state()
        const checkouts = Object.fromEntries(
          Object.entries(state.checkouts).filter(([, c]) =>
            checkoutIds.includes(c.checkoutId)
          )
        )
        return await checkMoney(db, {
          state: async () => ({ ...state, checkouts }),
        })
      } finally {
        await db.end()
      }
    }
    async function taxedStore() {
      store = await seedStore(getContainer())
      // SST 8 % and a 33 % code, as a merchant sets them up in the admin (Medusa's own admin routes).
      const admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
      await admin.admin.taxRegion.create({
        country_code: "my",
        provider_id: "tp_system",
        default_tax_rate: { name: "SST", code: "SST", rate: 8 },
      } as never)
      await admin.admin.promotion.create({
        code: "RAYA33",
        type: "standard",
        status: "active",
        is_automatic: false,
        application_method: {
          type: "percentage",
          target_type: "items",
          allocation: "across",
          value: 33,
          currency_code: "myr",
        },
      } as never)
    }

    it("a cart of RM87.1938 (RM120.50 − 33 % + SST 8 %) is paid with svc for 8719 sen and becomes an order; the money check holds", async () => {
      await taxedStore()
      // The starter storefront: sdk.store.cart.create, cart.update({promo_codes}), payment.initiatePaymentSession, cart.complete.
      const { data: created } = await api.post(
        "/store/carts",
        cartBody(store, "buyer@example.my"),
        store.headers
      )
      const cartId = created.cart.id
      const { data: updated } = await api.post(
        `/store/carts/${cartId}`,
        { promo_codes: ["RAYA33"] },
        store.headers
      )
      const cart = updated.cart
      expect(cart.promotions.map((p: any) => p.code)).toEqual(["RAYA33"])
      // 120.50 × 0.67 = 80.735; × 1.08 = 87.1938: more than two decimals
      expect(String(cart.total)).toBe("87.1938")
      expect(Number(cart.tax_total)).toBeCloseTo(6.4588, 6)

      const { data: pc } = await api.post(
        "/store/payment-collections",
        { cart_id: cartId },
        store.headers
      )
      const session = await initiateSession(
        api,
        store,
        pc.payment_collection.id,
        SVC_PROVIDERS.wallet,
        { cart_id: cartId }
      )
      expect(session.data.amountSen).toBe(8719)
      expect(String(session.amount)).toBe("87.1938") // Medusa keeps its own amount
      const view = svc.ref.sandbox.control.getCheckout(session.data.checkoutId)
      expect(view.amount).toBe("8719")

      svc.ref.sandbox.control.pay(session.data.checkoutId)
      const { data: done } = await api.post(
        `/store/carts/${cartId}/complete`,
        {},
        store.headers
      )
      expect(done.type).toBe("order")
      const order = await capturedOrder(getContainer(), cartId)
      expect(order.id).toBe(done.order.id)

      const admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
      const seen = await adminOrder(admin, order.id)
      expect(seen.payment_status).toBe("captured")
      expect(Number(seen.total)).toBeCloseTo(87.1938, 6)
      const payment = seen.payment_collections[0].payments[0]
      expect(Number(payment.amount)).toBeCloseTo(87.1938, 6)
      expect(Number(payment.captures[0].amount)).toBeCloseTo(87.1938, 6)

      // The webhook that follows changes nothing; the money check holds.
      await svc.ref.sandbox.control.flushWebhooks()
      const report = await money([session.data.checkoutId])
      expect(report.completedCheckouts).toBe(1)
      expect(report.ordered).toBe(1)
      if (!moneyIsSafe(report)) throw new Error(describeMoney(report))
    })

    it("the demo seed sets SST 8 % and RAYA33 (twice: nothing doubles); kopi RM36.90 + SST = 39.852 is paid with FPX for 3985 sen", async () => {
      process.env.DEMO_ADMIN_PASSWORD ??= "demo-seed-test-password"
      await seedDemo({ container: getContainer(), args: [] } as never)
      await seedDemo({ container: getContainer(), args: [] } as never)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: taxRegions } = await query.graph({
        entity: "tax_region",
        fields: ["id", "tax_rates.rate", "tax_rates.is_default"],
        filters: { country_code: "my" },
      })
      expect(taxRegions).toHaveLength(1)
      expect(taxRegions[0].tax_rates.map((r: any) => Number(r.rate))).toEqual([
        8,
      ])
      const { data: promos } = await query.graph({
        entity: "promotion",
        fields: ["id", "status"],
        filters: { code: DEMO_PROMO_CODE },
      })
      expect(promos).toHaveLength(1)
      const { data: products } = await query.graph({
        entity: "product",
        fields: ["variants.id"],
        filters: { handle: "kopi-beans" },
      })
      const { data: regions } = await query.graph({
        entity: "region",
        fields: ["id"],
        filters: { name: "Malaysia" },
      })
      const { data: keys } = await query.graph({
        entity: "api_key",
        fields: ["token"],
        filters: { title: "Demo storefront" },
      })
      const headers = { headers: { "x-publishable-api-key": keys[0].token } }

      const { data: created } = await api.post(
        "/store/carts",
        {
          region_id: regions[0].id,
          email: "buyer@example.my",
          items: [{ variant_id: products[0].variants[0].id, quantity: 1 }],
          shipping_address: SHOPPER_ADDRESS,
        },
        headers
      )
      const cartId = created.cart.id
      expect(String(created.cart.total)).toBe("39.852")
      const { data: pc } = await api.post(
        "/store/payment-collections",
        { cart_id: cartId },
        headers
      )
      const { data: res } = await api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: SVC_PROVIDERS.fpx, data: { cart_id: cartId } },
        headers
      )
      const session = res.payment_collection.payment_sessions.find(
        (s: any) => s.provider_id === SVC_PROVIDERS.fpx
      )
      expect(session.data.amountSen).toBe(3985)
      // the webhook places the order (svc's 3985 sen is this session's 39.852)
      svc.ref.sandbox.control.pay(session.data.checkoutId)
      await svc.ref.sandbox.control.flushWebhooks()
      const order = await capturedOrder(getContainer(), cartId)
      expect(
        Number(order.payment_collections[0].payments[0].captures[0].amount)
      ).toBeCloseTo(39.852, 6)
      const report = await money([session.data.checkoutId])
      expect(report.completedCheckouts).toBe(1)
      expect(report.ordered).toBe(1)
      if (!moneyIsSafe(report)) throw new Error(describeMoney(report))
    })
  },
})
