import { svcMedusaSuite } from "../helpers/suite"
import { Modules } from "@medusajs/framework/utils"
import {
  capturedOrder,
  cartWithSession,
  createCart,
  sessionOnCart,
  SVC_PROVIDERS,
  startSession,
  waitFor,
} from "../helpers/store"
import { callsTo, readStats, resetStats } from "../../testing/sandbox-stats"

jest.setTimeout(120_000)

// A short client timeout so that a hanging svc costs seconds, not minutes.
svcMedusaSuite({
  timeoutMs: 1500,
  maxRetries: 2,
  testSuite: ({ svc, api, sb, store, checkoutCount, container }) => {
    const attempt = async (
      providerId: string,
      data: Record<string, unknown>,
      cart?: { regionId?: string; variantId?: string; quantity?: number }
    ) => {
      const { paymentCollectionId } = await createCart(api, store, cart)
      return startSession(api, store, paymentCollectionId, providerId, data)
    }

    it.each([
      ["a non-MYR region", SVC_PROVIDERS.wallet, {}, "usd", 1, /MYR/],
      [
        "an amount below RM10",
        SVC_PROVIDERS.fpx,
        {},
        "cheap",
        1,
        /RM10\.00 to RM1,000,000\.00.*RM5\.00/,
      ],
      [
        "an amount above RM1,000,000",
        SVC_PROVIDERS.fpx,
        {},
        "myr",
        8300,
        /RM10\.00 to RM1,000,000\.00/,
      ],
      [
        "FPX direct without bank details",
        SVC_PROVIDERS.fpxDirect,
        {},
        "myr",
        1,
        /bank, bankType, buyerName/,
      ],
      [
        "an unknown bank code",
        SVC_PROVIDERS.fpxDirect,
        { bank: "NOPE01", bankType: "RETAIL", buyerName: "Ali" },
        "myr",
        1,
        /not an FPX bank/,
      ],
      [
        "an offline bank",
        SVC_PROVIDERS.fpxDirect,
        { bank: "HSBC0223", bankType: "RETAIL", buyerName: "Ali" },
        "myr",
        1,
        /offline/,
      ],
      [
        "a bad bankType",
        SVC_PROVIDERS.fpxDirect,
        { bank: "MBB0228", bankType: "SAVINGS", buyerName: "Ali" },
        "myr",
        1,
        /bankType: must be RETAIL, CORPORATE/,
      ],
      [
        "a too long buyer name",
        SVC_PROVIDERS.fpxDirect,
        { bank: "MBB0228", bankType: "RETAIL", buyerName: "x".repeat(101) },
        "myr",
        1,
        /buyerName: must be 1-100/,
      ],
    ])(
      "refuses %s with a clear error before svc is called",
      async (_n, providerId, data, kind, quantity, message) => {
        const before = checkoutCount()
        const res = await attempt(providerId, data, {
          regionId: kind === "usd" ? store.usdRegionId : undefined,
          variantId: kind === "cheap" ? store.cheapVariantId : undefined,
          quantity,
        })
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(message)
        expect(checkoutCount()).toBe(before)
      }
    )

    it("storefront data other than bank, bankType, buyerName and cart_id never reaches svc", async () => {
      const { cartId, checkoutId } = await cartWithSession(
        api,
        store,
        SVC_PROVIDERS.wallet,
        {
          data: {
            amount: 1,
            addressTo: "0x0000000000000000000000000000000000000bad",
            title: "free stuff",
            redirectUrl: "https://evil.example/",
          },
        }
      )
      const c = sb().getCheckout(checkoutId) as any
      expect(c.amount).toBe("12050")
      expect(c.addressTo).not.toBe("0x0000000000000000000000000000000000000bad")
      expect(c.title).not.toBe("free stuff")
      expect(c.redirectUrl).toBe(
        `http://localhost:8000/checkout/return?cart_id=${cartId}`
      )
    })

    it.each([
      [
        "500 after processing",
        { kind: "500", afterProcessing: true, count: 3 },
      ],
      ["503", { kind: "503", count: 3 }],
      ["429", { kind: "429", count: 3, retryAfterSeconds: 0 }],
      ["202 in flight", { kind: "202", count: 3 }],
      [
        "a hang past the attempt timeout, after processing",
        { kind: "hang", afterProcessing: true, count: 1 },
      ],
    ])(
      "svc answering %s during creation: one checkout only, found again",
      async (_n, fault) => {
        const { cartId, paymentCollectionId } = await createCart(api, store)
        const before = checkoutCount()
        sb().injectFault({ route: "POST /v1/checkout", ...(fault as any) })
        const s = await sessionOnCart(
          api,
          store,
          { cartId, paymentCollectionId },
          SVC_PROVIDERS.fpx
        )
        expect(s.data.checkoutId).toMatch(/^[0-9a-f-]{36}$/)
        expect(checkoutCount()).toBe(before + 1)
        const c = sb().getCheckout(s.data.checkoutId) as any
        expect(c.title).toMatch(
          /^Order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
        )
        expect(c.title).toBe(s.data.title)
      }
    )

    it("svc's own 429 at a creation (another app spends the account): the shopper waits in line for its Retry-After, nothing sent meanwhile, then pays", async () => {
      const { cartId, paymentCollectionId } = await createCart(api, store)
      const post = async (path: string, body?: unknown) => {
        const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
          method: "POST",
          headers: {
            ...store.headers.headers,
            "content-type": "application/json",
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
        return { status: res.status, body: await res.json() }
      }
      const session = () =>
        post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: SVC_PROVIDERS.fpx, data: { cart_id: cartId } }
        )
      // 5 s: past the creation's deadline, so the one attempt is all
      sb().injectFault({
        route: "POST /v1/checkout",
        kind: "429",
        count: 1,
        retryAfterSeconds: 5,
      })
      const before = checkoutCount()
      expect((await session()).status).toBe(503)
      await resetStats(svc.ref.sandbox.url)
      // the line, not "try again": the budget has no room until svc's Retry-After
      const told = await post(`/store/svc/carts/${cartId}/line`)
      expect(told.body).toMatchObject({ status: "waiting", place: 1 })
      const turn = await waitFor(async () => {
        const a = await post(`/store/svc/carts/${cartId}/line`)
        return a.body.status === "turn" ? a : null
      }, "the turn after svc's Retry-After")
      expect(turn.status).toBe(200)
      // nothing was sent to svc while it waited
      expect(
        callsTo(await readStats(svc.ref.sandbox.url), "POST /v1/checkout")
      ).toBe(0)
      const paid = await session()
      expect(paid.status).toBe(200)
      expect(checkoutCount()).toBe(before + 1)
    })

    it("the title option changed between a lost answer and the retry: the retry replays the stored title, one checkout, and it settles", async () => {
      const { cartId, paymentCollectionId } = await createCart(api, store)
      const provider = (
        container().resolve(Modules.PAYMENT) as any
      ).paymentProviderService_.retrieveProvider(SVC_PROVIDERS.fpx)
      const before = checkoutCount()
      const known = Object.keys(sb().state().checkouts)
      // svc makes the checkout, and its answers never arrive: the shopper is told to try again
      sb().injectFault({
        route: "POST /v1/checkout",
        kind: "500",
        afterProcessing: true,
        count: 1,
      } as any)
      sb().injectFault({
        route: "POST /v1/checkout",
        kind: "503",
        count: 50,
      } as any)
      sb().injectFault({
        route: "GET /v1/checkout",
        kind: "503",
        count: 50,
      } as any)
      const lost = await startSession(
        api,
        store,
        paymentCollectionId,
        SVC_PROVIDERS.fpx,
        { cart_id: cartId }
      )
      expect(lost.status).toBeGreaterThanOrEqual(400)
      sb().clearFaults()
      expect(checkoutCount()).toBe(before + 1)
      const made = Object.keys(sb().state().checkouts).filter(
        (id) => !known.includes(id)
      )
      expect(made).toHaveLength(1)
      // the store restarts with a new prefix (as a changed option would) before the shopper retries
      const prefix = provider.config.titlePrefix
      provider.config.titlePrefix = "Kedai Raya order"
      try {
        const s = await sessionOnCart(
          api,
          store,
          { cartId, paymentCollectionId },
          SVC_PROVIDERS.fpx
        )
        // the same request under the same key, title included: svc answers with the checkout it made
        expect(checkoutCount()).toBe(before + 1)
        expect(s.data.checkoutId).toBe(made[0])
        expect(s.data.title).toMatch(
          /^Order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
        )
        expect(sb().getCheckout(s.data.checkoutId).title).toBe(s.data.title)
        // a payment started now reads with the new prefix
        const other = await createCart(api, store)
        const s2 = await sessionOnCart(api, store, other, SVC_PROVIDERS.fpx)
        expect(s2.data.title).toMatch(
          /^Kedai Raya order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
        )
        // the adopted checkout, paid, becomes the cart's order
        sb().pay(s.data.checkoutId)
        await sb().flushWebhooks()
        const order = await capturedOrder(container(), cartId)
        expect(order.payment_collections[0].payments[0].captures).toHaveLength(
          1
        )
      } finally {
        provider.config.titlePrefix = prefix
      }
    })

    it("svc down for good during creation: a clear error, no session left behind", async () => {
      const { paymentCollectionId } = await createCart(api, store)
      sb().injectFault({
        route: "POST /v1/checkout",
        kind: "503",
        count: 50,
      } as any)
      const res = await startSession(
        api,
        store,
        paymentCollectionId,
        SVC_PROVIDERS.fpx,
        {}
      )
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.data.message).toMatch(/svc/)
      expect(JSON.stringify(res.data)).not.toContain(
        svc.ref.sandbox.credentials.apiKey
      )
      sb().clearFaults()
    })

    it("svc hanging for good during creation: the shopper hears 'try again' at the deadline, not after every retry", async () => {
      const { paymentCollectionId } = await createCart(api, store)
      sb().injectFault({
        route: "POST /v1/checkout",
        kind: "hang",
        count: 50,
      } as any)
      const t0 = Date.now()
      const res = await startSession(
        api,
        store,
        paymentCollectionId,
        SVC_PROVIDERS.fpx,
        {}
      )
      const took = Date.now() - t0
      sb().clearFaults()
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.data.message).toMatch(/try the payment again/)
      // Without the deadline: 3 attempts x the 2 s client timeout, a title lookup, 3 more attempts (> 12 s).
      expect(took).toBeLessThan(3 * 2000 * 2)
    })

    it("GET /store/svc/fpx-banks lists active banks grouped retail and corporate", async () => {
      const { data } = await api.get("/store/svc/fpx-banks", store.headers)
      expect(data.retail.length).toBeGreaterThan(3)
      expect(data.corporate.length).toBeGreaterThan(0)
      expect(
        data.retail.every((b: any) => b.active && b.type === "01" && b.logo_url)
      ).toBe(true)
      expect(data.corporate.every((b: any) => b.type === "02")).toBe(true)
      expect(
        data.retail.find((b: any) => b.code === "HSBC0223")
      ).toBeUndefined()
      const all = await api.get(
        "/store/svc/fpx-banks?include_inactive=true",
        store.headers
      )
      expect(
        all.data.retail.find((b: any) => b.code === "HSBC0223")?.active
      ).toBe(false)
    })
  },
})
