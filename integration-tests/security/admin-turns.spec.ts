import { svcMedusaSuite } from "../helpers/suite"
import { callsTo, readStats, resetStats } from "../../testing/sandbox-stats"
import { SVC_PROVIDERS } from "../helpers/store"
import { clientAt } from "../helpers/loopback-client"

/**
 * Shoppers before admins (docs/security.md, "A client's share of svc"): the store's svc
 * budget at svc's sandbox ceiling (100 calls a minute), a minute of its own (its own app),
 * an admin opening the svc pages while shoppers from 20 addresses start paying.
 */
jest.setTimeout(180_000)
const CREATE = "POST /v1/checkout"

svcMedusaSuite({
  admin: true,
  runnerEnv: { SVC_STOREFRONT_LIMITS: "", SVC_ACCOUNT_RATE_LIMIT: "100" },
  testSuite: ({ svc, store, admin }) => {
    const at = (address: string) =>
      clientAt(
        address,
        () => svc.ref.medusaUrl,
        () => store
      )

    it("an admin opening the svc pages during a burst of shoppers takes no shopper's turn; its reads are kept for seconds", async () => {
      // the catalog a checkout needs (token, address) read once before counting: the counts below are the burst's
      const first = at("127.0.1.9")
      const c0 = await first.cart()
      expect(
        (
          await first.session(c0.pcId, SVC_PROVIDERS.wallet, {
            cart_id: c0.cartId,
          })
        ).status
      ).toBe(200)
      await first.close()
      await resetStats(svc.ref.sandbox.url)
      const pages = [
        "/admin/svc/wallet",
        "/admin/svc/bank-accounts",
        "/admin/svc/prefund",
        "/admin/svc/health",
        "/admin/svc/payout-banks",
      ]
      // 20 shoppers at once (and the one before): 21 checkouts, a read kept for each, the settlements' 20 and the admin's 25 fit in 100
      const shoppers = Array.from({ length: 20 }, (_, i) =>
        at(`127.0.1.${10 + i}`)
      )
      const carts = await Promise.all(shoppers.map((s) => s.cart()))
      const adminLoads = (async () => {
        const statuses: number[] = []
        for (let round = 0; round < 6; round++) {
          for (const p of pages)
            statuses.push(
              await admin.client.fetch(p).then(
                () => 200,
                (e: any) => e?.status ?? 500
              )
            )
        }
        return statuses
      })()
      const sessions = await Promise.all(
        shoppers.map((s, i) =>
          s.session(carts[i]!.pcId, SVC_PROVIDERS.wallet, {
            cart_id: carts[i]!.cartId,
          })
        )
      )
      const adminStatuses = await adminLoads
      const stats = await readStats(svc.ref.sandbox.url)
      console.log(
        `admin during a burst: shoppers ${JSON.stringify(sessions.map((s) => s.status))}, admin pages ${JSON.stringify(adminStatuses)}, svc calls ${stats.total} ${JSON.stringify(stats.byRoute)}`
      )
      expect(sessions.map((s) => s.status)).toEqual(Array(20).fill(200))
      // 30 page loads: every page answered (from svc or its short-lived cache), none refused for shoppers' room
      expect(adminStatuses.filter((s) => s !== 200)).toEqual([])
      // an admin's reads through the rate budget stay within their quarter of the ceiling (25 at 100 a minute);
      // the doctor's raw health read (its clock check, one per doctor load) is not one of them
      expect(
        stats.total - callsTo(stats, CREATE) - callsTo(stats, "GET /v1/health")
      ).toBeLessThanOrEqual(25)
      await Promise.all(shoppers.map((s) => s.close()))
    })
  },
})
