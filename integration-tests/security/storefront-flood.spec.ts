import { svcMedusaSuite } from "../helpers/suite"
import { callsTo, readStats, resetStats } from "../../testing/sandbox-stats"
import { capturedOrder, SVC_PROVIDERS } from "../helpers/store"
import { clientAt, type Reply } from "../helpers/loopback-client"

/**
 * Nobody outside can switch a store's svc payments off through its storefront
 * routes (docs/security.md, "A client's share"): with the plugin's default
 * storefront limits and the store's svc budget at svc's sandbox ceiling
 * (100 calls a minute), clients are told apart by the connection's own
 * address, here loopback source addresses (127.0.0.x) on one machine.
 *
 * FLOOD_SECONDS (default 8, and at least 24 attempts; docs/security.md's figures: 40) sets the flood's length.
 */
jest.setTimeout(240_000)
const FLOOD_MS = Number(process.env.FLOOD_SECONDS || 8) * 1000
const CREATE = "POST /v1/checkout"

const randomIp = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`

svcMedusaSuite({
  admin: true,
  // the plugin's default storefront limits, and the store's budget at svc's sandbox ceiling
  runnerEnv: { SVC_STOREFRONT_LIMITS: "", SVC_ACCOUNT_RATE_LIMIT: "100" },
  testSuite: ({ svc, getContainer, sb, store, admin }) => {
    const base = () => svc.ref.medusaUrl
    const at = (address: string) => clientAt(address, base, () => store)

    it("a flood from one address (rotating X-Forwarded-For) makes at most 15 svc checkouts; a shopper from another address gets a checkout at once, pays and has an order", async () => {
      const flooder = at("127.0.0.2")
      const shopper = at("127.0.0.3")
      await resetStats(svc.ref.sandbox.url)
      const tally = {
        ok: 0,
        refused: 0,
        other: 0,
        retryAfter: new Set<string>(),
        messages: new Set<string>(),
      }
      // The flood is counted in attempts as well as time: at least MIN_ATTEMPTS payment sessions (more
      // than one window's 15), whatever the machine's speed (a busy CI machine made fewer than 15 in 15 s
      // when each attempt also made its cart). Its first carts are made before it starts, as a
      // flooder's script would have them ready; the limit counts payment sessions, not carts.
      const MIN_ATTEMPTS = 24
      const ready = await Promise.all(
        Array.from({ length: MIN_ATTEMPTS }, () =>
          flooder.cart({ "x-forwarded-for": randomIp() })
        )
      )
      const startedAt = Date.now()
      const stopAt = startedAt + FLOOD_MS
      let attempts = 0
      const worker = async () => {
        while (attempts < MIN_ATTEMPTS || Date.now() < stopAt) {
          attempts++
          const xff = { "x-forwarded-for": randomIp() }
          const { cartId, pcId } = ready.pop() ?? (await flooder.cart(xff))
          const r = await flooder.session(
            pcId,
            SVC_PROVIDERS.wallet,
            { cart_id: cartId },
            xff
          )
          if (r.status === 200) tally.ok++
          else if (r.status === 429) {
            tally.refused++
            tally.retryAfter.add(String(r.retryAfter))
            tally.messages.add(r.body.message)
          } else tally.other++
        }
      }
      const flood = Promise.all(Array.from({ length: 8 }, worker))

      // the real shopper starts paying while the flood is on
      await new Promise((r) => setTimeout(r, Math.min(3000, FLOOD_MS / 3)))
      const { cartId, pcId } = await shopper.cart()
      const t0 = Date.now()
      const s = await shopper.session(pcId, SVC_PROVIDERS.fpx, {
        cart_id: cartId,
      })
      const toCheckoutMs = Date.now() - t0
      expect(s.status).toBe(200)
      const checkoutId = s.body.payment_collection.payment_sessions[0].data
        .checkoutId as string
      expect(checkoutId).toBeTruthy()
      sb().pay(checkoutId)
      const done = await shopper.call("POST", `/store/carts/${cartId}/complete`)
      expect(done.status).toBe(200)
      expect(done.body.type).toBe("order")
      await flood
      const floodMs = Date.now() - startedAt
      const order = await capturedOrder(getContainer(), cartId)
      expect(order.id).toBe(done.body.order.id)

      const stats = await readStats(svc.ref.sandbox.url)
      const figures = {
        floodSeconds: Math.round(floodMs / 1000),
        attempts,
        flooderCheckouts: tally.ok,
        flooderRefused: tally.refused,
        other: tally.other,
        shopperToCheckoutMs: toCheckoutMs,
        svcCheckoutsMade: callsTo(stats, CREATE),
      }
      console.log(`storefront flood: ${JSON.stringify(figures)}`)
      // one window of the per-address limit (15 a minute), whatever X-Forwarded-For said
      expect(tally.ok).toBeLessThanOrEqual(15 * Math.ceil(floodMs / 60_000))
      expect(tally.ok).toBeGreaterThan(0)
      expect(tally.refused).toBeGreaterThan(0)
      expect(tally.other).toBe(0)
      expect(
        [...tally.messages].every((m) =>
          /^too many payment attempts from this connection; try again in \d+ seconds; nothing was charged$/.test(
            m
          )
        )
      ).toBe(true)
      expect(
        [...tally.retryAfter].every((v) => Number(v) >= 1 && Number(v) <= 60)
      ).toBe(true)
      // the refused sessions cost svc nothing: its checkouts are the flooder's accepted ones and the shopper's
      expect(callsTo(stats, CREATE)).toBe(tally.ok + 1)

      // quiet: one line for the flooder, then a count a minute; the doctor shows the refusals by reason
      const doctor = await admin.client.fetch<any>("/admin/svc/health")
      expect(doctor.health.storefront_refusals.last_hour.address).toBe(
        tally.refused
      )
      expect(
        doctor.health.checks.find((c: any) => c.id === "storefront").detail
      ).toMatch(
        new RegExp(
          `^payment sessions refused in the last hour \\(this server\\): ${tally.refused} per client address`
        )
      )
      await Promise.all([flooder.close(), shopper.close()])
    })

    it("one cart switching its FPX bank in a loop makes at most 10 svc checkouts; then 429 with minutes to wait and nothing sent", async () => {
      const client = at("127.0.0.4")
      const { cartId, pcId } = await client.cart()
      await resetStats(svc.ref.sandbox.url)
      const banks = ["MBB0228", "BCBB0235"]
      const replies: Reply[] = []
      for (let i = 0; i < 14; i++) {
        replies.push(
          await client.session(pcId, SVC_PROVIDERS.fpxDirect, {
            cart_id: cartId,
            bank: banks[i % 2],
            bankType: "RETAIL",
            buyerName: "Siti Aminah",
          })
        )
      }
      const stats = await readStats(svc.ref.sandbox.url)
      expect(replies.slice(0, 10).map((r) => r.status)).toEqual(
        Array(10).fill(200)
      )
      expect(replies.slice(10).map((r) => r.status)).toEqual([
        429, 429, 429, 429,
      ])
      expect(replies[10]!.body).toMatchObject({
        code: "svc_too_many_attempts",
        reason: "cart",
      })
      expect(replies[10]!.body.message).toMatch(
        /^too many payment attempts for this cart; try again in (19|20) minutes; nothing was charged$/
      )
      expect(Number(replies[10]!.retryAfter)).toBeGreaterThan(18 * 60)
      expect(callsTo(stats, CREATE)).toBeLessThanOrEqual(10)
      await client.close()
    })

    it("completing a cart whose svc payment is pending, again and again, asks svc once: the first completion places the order awaiting payment", async () => {
      const client = at("127.0.0.5")
      const { cartId, pcId } = await client.cart()
      expect(
        (await client.session(pcId, SVC_PROVIDERS.wallet, { cart_id: cartId }))
          .status
      ).toBe(200)
      await resetStats(svc.ref.sandbox.url)
      const replies: Reply[] = []
      for (let i = 0; i < 20; i++)
        replies.push(
          await client.call("POST", `/store/carts/${cartId}/complete`)
        )
      const stats = await readStats(svc.ref.sandbox.url)
      expect(
        new Set(
          replies.map((r) => `${r.status} ${r.body.type} ${r.body.order?.id}`)
        ).size
      ).toBe(1)
      expect(replies[0]!.body.type).toBe("order")
      expect(callsTo(stats, "GET /v1/checkout/{id}")).toBe(1)
      await client.close()
    })

    it("forged payment links opened in a loop from one address (docs/payment-links.md): a clear page within its share, then 429 'Too many attempts' with Retry-After; no svc checkout read or made; another address still gets its page", async () => {
      const flooder = at("127.0.0.8")
      const other = at("127.0.0.9")
      await resetStats(svc.ref.sandbox.url)
      const forged = `/svc/pay/order_01JAAAAAAAAAAAAAAAAAAAAAAA/${"a".repeat(40)}.${"b".repeat(43)}`
      const replies: Reply[] = []
      for (let i = 0; i < 18; i++)
        replies.push(await flooder.call("GET", forged))
      expect(replies.slice(0, 15).map((r) => r.status)).toEqual(
        Array(15).fill(404)
      )
      expect(replies[0]!.body).toContain(
        "<h1>This payment link is not valid</h1>"
      )
      expect(replies.slice(15).map((r) => r.status)).toEqual([429, 429, 429])
      expect(replies[15]!.body).toContain("<h1>Too many attempts</h1>")
      expect(Number(replies[15]!.retryAfter)).toBeGreaterThan(0)
      const theirs = await other.call("GET", forged)
      expect(theirs.status).toBe(404)
      const stats = await readStats(svc.ref.sandbox.url)
      expect(
        Object.keys(stats.byRoute).filter((r) => r.includes("checkout"))
      ).toEqual([])
      await Promise.all([flooder.close(), other.close()])
    })

    it("e-invoice requests in a loop from one address (docs/einvoice.md): within its share, then 429 with Retry-After before the cart is touched; another address is still answered", async () => {
      const flooder = at("127.0.0.10")
      const other = at("127.0.0.11")
      const { cartId } = await flooder.cart()
      const replies: Reply[] = []
      for (let i = 0; i < 18; i++)
        replies.push(
          await flooder.call("POST", `/store/svc/carts/${cartId}/einvoice`, {
            requested: i % 2 === 0,
          })
        )
      expect(replies.slice(0, 15).map((r) => r.status)).toEqual(
        Array(15).fill(200)
      )
      expect(replies.slice(15).map((r) => r.status)).toEqual([429, 429, 429])
      expect(replies[15]!.body).toMatchObject({
        type: "too_many_requests",
        reason: "address",
      })
      expect(Number(replies[15]!.retryAfter)).toBeGreaterThan(0)
      const theirs = await other.call(
        "POST",
        `/store/svc/carts/${cartId}/einvoice`,
        { requested: true }
      )
      expect(theirs.status).toBe(200)
      expect(theirs.body).toEqual({ cart_id: cartId, requested: true })
      await Promise.all([flooder.close(), other.close()])
    })

    it("joining the svc checkout line in a loop from one address: 15 carts join within its share, then 429 and the cart is not in line; asking again for a place is not counted", async () => {
      const flooder = at("127.0.0.12")
      const carts = await Promise.all(
        Array.from({ length: 17 }, () => flooder.cart())
      )
      const joins: Reply[] = []
      for (const { cartId } of carts)
        joins.push(
          await flooder.call("POST", `/store/svc/carts/${cartId}/line`)
        )
      // with room at the budget a cart has its turn; the 16th join is over the address's share
      expect(joins.slice(0, 15).map((r) => r.status)).toEqual(
        Array(15).fill(200)
      )
      expect(joins[15]).toMatchObject({
        status: 429,
        body: { type: "too_many_requests", reason: "address" },
      })
      // the first carts ask again, as a waiting page does: not counted, still answered
      for (const { cartId } of carts.slice(0, 5)) {
        const again = await flooder.call(
          "POST",
          `/store/svc/carts/${cartId}/line`
        )
        expect(again.status).toBe(200)
      }
      for (const { cartId } of carts)
        await flooder.call("DELETE", `/store/svc/carts/${cartId}/line`)
      await flooder.close()
    })
  },
})
