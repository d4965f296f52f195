import { svcMedusaSuite } from "../helpers/suite"
import { callsTo, readStats, resetStats } from "../../testing/sandbox-stats"
import {
  capturedOrder,
  cartWithSession,
  SVC_PROVIDERS,
  waitFor,
} from "../helpers/store"
import { watchWaiting } from "../../src/workflows/sweeps/watch-waiting"
import { jobStates } from "../../src/api/admin/svc/health/jobs/job-checks"
import { reconcileNow } from "../../src/jobs/svc-reconcile"

jest.setTimeout(120_000)

/**
 * The watcher of sessions awaiting payment: with every webhook lost, paid
 * carts become orders within seconds (not at the 5-minute job), its svc calls
 * do not grow with the sessions waiting, and nothing waiting costs nothing;
 * the reconciliation job's listing is bounded a run, and goes on next run.
 */
svcMedusaSuite({
  watchEverySeconds: 1,
  // the job off (a run at a clock boundary would take the tests' sessions): the last test runs it by hand
  reconcileEveryMinutes: 0,
  testSuite: ({ svc, api, getContainer, sb, store }) => {
    const paidCarts = async (n: number) => {
      const carts: { cartId: string; checkoutId: string }[] = []
      for (let i = 0; i < n; i++) {
        const { cartId, session: s } = await cartWithSession(
          api,
          store,
          i % 2 ? SVC_PROVIDERS.wallet : SVC_PROVIDERS.fpx
        )
        carts.push({ cartId, checkoutId: s.data.checkoutId })
      }
      sb().webhookFaults({ mode: "drop", count: 1000 })
      for (const c of carts) sb().pay(c.checkoutId)
      return carts
    }

    it("webhooks lost: every paid cart is an order within seconds, by the watcher job", async () => {
      const carts = await paidCarts(4)
      const paidAt = Date.now()
      await Promise.all(
        carts.map((c) => capturedOrder(getContainer(), c.cartId))
      )
      const seconds = (Date.now() - paidAt) / 1000
      console.log(
        `watcher: 4 webhook-lost payments became orders in ${seconds.toFixed(1)} s`
      )
      expect(seconds).toBeLessThan(30)
      // each tick of the scheduled job reported in: the doctor's "Checkout watcher" is green, its last run a moment ago
      // (waits for a tick that finished after the orders, not for a clock limit: a loaded machine delays ticks)
      const since = Date.now()
      const [reconcile, watch] = await waitFor(async () => {
        const states = await jobStates(getContainer(), {
          watchEverySeconds: 1,
          reconcileEveryMinutes: 0,
        })
        const last = states[1]?.last
        return last && Date.parse(last.finished_at) >= since ? states : null
      }, "a tick of the watcher after the orders")
      expect(watch).toMatchObject({
        job: "svc-watch-checkouts",
        level: "ok",
        every_seconds: 1,
        last: { outcome: "ok", failures_in_a_row: 0 },
      })
      expect(watch!.last!.runs).toBeGreaterThan(1)
      // its svc calls of the last minute are recorded with each tick, within its tenth of the ceiling
      expect(watch!.last!.counts.svc_calls_last_minute).toEqual(
        expect.any(Number)
      )
      expect(watch!.last!.counts.svc_calls_last_minute).toBeLessThanOrEqual(10)
      expect(watch!.detail).toMatch(
        /^runs every 1 s; last run \d+ s ago \(ok, \d+ runs recorded\)$/
      )
      expect(reconcile).toMatchObject({ level: "warn", last: null }) // asked as switched off: the job never ran
    })

    it("one poll settles every due session it finds: calls per poll do not grow with the sessions waiting", async () => {
      const carts = await paidCarts(6)
      await resetStats(svc.ref.sandbox.url)
      const r = await watchWaiting(getContainer() as never)
      const stats = await readStats(svc.ref.sandbox.url)
      // Sessions the job already settled in the meantime are no longer waiting;
      // whatever was due a look was settled by this one poll (a listing: six
      // due sessions cost one page, not six reads).
      expect(r.svcCalls).toBeLessThanOrEqual(2)
      if (r.mode === "list")
        expect(callsTo(stats, "GET /v1/checkout/{id}")).toBe(0)
      expect(Object.values(r.outcomes).reduce((a, b) => a + b, 0)).toBe(
        r.due ?? 0
      )
      await Promise.all(
        carts.map((c) => capturedOrder(getContainer(), c.cartId))
      )
    })

    it("nothing waiting: no svc call", async () => {
      await resetStats(svc.ref.sandbox.url)
      const r = await watchWaiting(getContainer() as never)
      expect(r.skipped).toBe("nothing_waiting")
      expect(r.svcCalls).toBe(0)
      expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
    })

    it("a busy hour behind a few open links: the watcher's calls stay within its tenth of the ceiling, and it still finds a lost webhook", async () => {
      // 600 checkouts other shoppers finished over the last 15 minutes, and three open links
      sb().seedCheckouts({ count: 600, overSeconds: 15 * 60 })
      const open = []
      for (let i = 0; i < 3; i++)
        open.push(await cartWithSession(api, store, SVC_PROVIDERS.wallet))
      await resetStats(svc.ref.sandbox.url)
      const since = Date.now()
      // the job ticks every second; a link is looked at about 5, 10 and 20 s after it was made
      const ticks: Awaited<ReturnType<typeof watchWaiting>>[] = []
      await waitFor(async () => {
        ticks.push(await watchWaiting(getContainer() as never))
        return Date.now() - since > 15_000 ? true : null
      }, "15 s of watching")
      const stats = await readStats(svc.ref.sandbox.url)
      const watcherCalls =
        callsTo(stats, "GET /v1/checkout") +
        callsTo(stats, "GET /v1/checkout/{id}")
      console.log(
        `watcher: 600 completed checkouts, 3 open links, 15 s: ${watcherCalls} svc calls (${JSON.stringify(stats.byRoute)})`
      )
      // a listing of the whole window would be 7 pages a tick, 15 ticks or more
      expect(watcherCalls).toBeGreaterThan(0)
      expect(watcherCalls).toBeLessThanOrEqual(10)
      expect(stats.rateLimited).toBe(0)
      expect(ticks.some((t) => t.skipped === "nothing_due")).toBe(true)
      // a lost webhook is still found: the link paid with its webhook dropped becomes an order
      sb().webhookFaults({ mode: "drop", count: 1000 })
      sb().pay(open[0].session.data.checkoutId)
      await capturedOrder(getContainer(), open[0].cartId)
    })

    it("the reconciliation job behind a busy hour: 10 pages a run, the next run goes on from where the last stopped (its heartbeat), then a new pass", async () => {
      // one open link, then 1,500 checkouts other shoppers finished: 15 pages of COMPLETED or more
      await cartWithSession(api, store, SVC_PROVIDERS.wallet)
      sb().seedCheckouts({ count: 1500 })
      const job = async () => {
        await reconcileNow(getContainer())
        const [reconcile] = await jobStates(getContainer(), {})
        return reconcile!.last!.counts
      }
      expect(await job()).toMatchObject({
        waiting: 1,
        svc_calls: 10,
        list_mark: { status: "COMPLETED", cursor: expect.any(String) },
      })
      // from page 11 of COMPLETED on, then one page each of FAILED, CANCELLED and REJECTED: the pass ends
      const next = await job()
      expect(next).toMatchObject({ waiting: 1, list_mark: null })
      expect(next.svc_calls).toBeGreaterThanOrEqual(8)
      expect(next.svc_calls).toBeLessThanOrEqual(10)
      // every request of both runs in the last minute, in the heartbeat (the doctor's figure)
      expect(next.svc_calls_last_minute).toBe(10 + Number(next.svc_calls))
      // a new pass from the first page
      expect(await job()).toMatchObject({
        svc_calls: 10,
        list_mark: { status: "COMPLETED" },
      })
    })
  },
})
