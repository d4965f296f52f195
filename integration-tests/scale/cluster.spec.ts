import { createHash } from "node:crypto"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { readStats } from "../../testing/sandbox-stats"
import type { Cluster } from "../../testing/cluster"
import {
  CHAOS_KILLED,
  chaosRun,
  percentile,
  startChaosCluster,
  type ChaosResult,
} from "../../testing/chaos"
import { describeMoney, moneyIsSafe } from "../../testing/money-invariants"
import { until } from "../../testing/until"
import {
  answeredDeliveries,
  moreWatcherTicks,
  webhooksHandled,
} from "../../testing/handled"
import { buildExamplesPlugin, examplesDir } from "../../testing/examples-plugin"
import type { LoggedSvcEvent } from "../../testing/svc-event-log"
import { SvcEvents } from "../../src/lib/events/svc-events"
import { cartBody } from "../../testing/store-api"

/**
 * Several instances on Redis and the chaos run (CI-sized; the bench,
 * bench/chaos.ts, runs N ≥ 200): two Medusa servers and one worker sharing
 * PostgreSQL and Redis (Medusa's event bus, workflow engine, locking and cache
 * modules; the plugin's shared rate budget), behind a load balancer that svc's
 * webhooks and the shoppers both go through, so webhooks land on either
 * server. svc misbehaves the whole run; one server and the worker are killed
 * (SIGKILL) and started again mid-run. Then the money check.
 */
jest.setTimeout(600_000)
const N = Number(process.env.CHAOS_N || 18)
const CEILING = 100

let cluster: Cluster
let run: ChaosResult
// the plugin's events as a store's subscriber hears them, in every process (testing/svc-event-log.ts,
// loaded as a store's plugin with docs/examples/svc-refund-email.ts): one JSON line per event taken
const examples = examplesDir()
const EVENT_LOG = join(examples, "svc-events.jsonl")

beforeAll(async () => {
  // svc's sandbox ceiling, and the plugin's budget for it, shared by the instances through Redis
  // the shoppers all come through the load balancer (one address): only the per-cart storefront limit is the plugin's default
  const limits = {
    perAddress: { points: 10_000, seconds: 1 },
    perCustomer: { points: 10_000, seconds: 1 },
    perCart: { points: 10, seconds: 1200 },
  }
  cluster = await startChaosCluster({
    name: "ci",
    ceiling: CEILING,
    env: {
      SVC_WATCH_EVERY_SECONDS: "2",
      SVC_STOREFRONT_LIMITS: JSON.stringify(limits),
      SVC_EXAMPLES_PLUGIN: buildExamplesPlugin(examples, { eventLog: true }),
      SVC_EVENT_LOG: EVENT_LOG,
    },
    // a second worker for the events' test, started after the chaos run
    more: [{ name: "worker-2", mode: "worker", later: true }],
  })
  // the cart locks the killed processes died holding are ended once no live process can hold them (CI time; the bench waits out their 2-minute lease)
  run = await chaosRun(cluster, {
    n: N,
    kill: CHAOS_KILLED,
    settleMs: 180_000,
    perSecond: 3,
    endDeadCartLocks: true,
    log: (m) => console.log(m),
  })
})

afterAll(async () => {
  await cluster?.close()
  rmSync(examples, { recursive: true, force: true })
})

describe("two servers and a worker on Redis, svc misbehaving, instances killed mid-run", () => {
  it("money is never lost or moved twice", async () => {
    console.log(describeMoney(run.money))
    expect(run.money.lost).toEqual([])
    expect(run.money.ordersWithoutPaidCheckout).toEqual([])
    expect(run.money.doubleCaptured).toEqual([])
    expect(moneyIsSafe(run.money)).toBe(true)
    // the run is not empty: most shoppers paid, and every paid checkout counts
    expect(run.paid.length).toBeGreaterThanOrEqual(Math.ceil(N * 0.8))
    expect(run.money.completedCheckouts).toBe(run.paid.length)
  })

  it("every paid cart becomes an order, the shoppers who closed the tab too", async () => {
    const lat = run.latency
    console.log(
      `paid→order: p50 ${(percentile(lat, 50) / 1000).toFixed(1)} s, p95 ${(percentile(lat, 95) / 1000).toFixed(1)} s, max ${(Math.max(...lat) / 1000).toFixed(1)} s; ` +
        `shopper retries after a dead instance or svc's bad answer: ${run.shoppers.reduce((a, s) => a + s.retries, 0)}`
    )
    expect(lat.filter((x) => !Number.isFinite(x))).toEqual([])
  })

  it("webhooks landed on both servers, and the instances kept under svc's ceiling together", async () => {
    const hooks = ["server-1", "server-2"].map(
      (n) => cluster.hits.get(n)?.get("hooks") ?? 0
    )
    console.log(`webhooks per server: ${hooks.join(", ")}`)
    expect(Math.min(...hooks)).toBeGreaterThan(0)
    const stats = await readStats(cluster.sandbox.url)
    console.log(
      `svc calls ${stats.total} (${(stats.total / Math.max(1, run.paid.length)).toFixed(2)} per paid order), refused for the ceiling: ${stats.rateLimited}`
    )
    expect(stats.rateLimited).toBe(0)
    // A figure, not a failure: a process killed inside a cart completion holds Medusa's cart lock
    // until its lease expires, and whoever waits on it meanwhile gets a 409 and tries again.
    console.log(
      `cart lock waits that timed out: ${cluster.logLines(/Failed to acquire lock/).length}`
    )
  })
})

describe("the storefront limits on two servers", () => {
  it("are counted once for the deployment through Redis: one cart's sessions sent to either server, the 11th is refused", async () => {
    const servers = ["server-1", "server-2"].map(
      (n) => cluster.instances.get(n)!.url
    )
    const headers = {
      "content-type": "application/json",
      "x-publishable-api-key": cluster.store.publishableKey,
    }
    const post = async (base: string, path: string, body: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      })
      return { status: r.status, body: (await r.json()) as any }
    }
    const cart = await post(servers[0]!, "/store/carts", {
      region_id: cluster.store.regionId,
      sales_channel_id: cluster.store.salesChannelId,
      email: "limits@example.my",
      items: [{ variant_id: cluster.store.variantId, quantity: 1 }],
    })
    const cartId = cart.body.cart.id as string
    const pc = await post(servers[1]!, "/store/payment-collections", {
      cart_id: cartId,
    })
    const statuses: number[] = []
    let refusal: any
    for (let i = 0; i < 12; i++) {
      const r = await post(
        servers[i % 2]!,
        `/store/payment-collections/${pc.body.payment_collection.id}/payment-sessions`,
        {
          provider_id: "pp_svc-wallet_svc",
          data: { cart_id: cartId },
        }
      )
      statuses.push(r.status)
      if (r.status === 429) refusal ??= r.body
    }
    console.log(
      `one cart's sessions over two servers: ${JSON.stringify(statuses)}`
    )
    // the first ten are the cart's share (200, or 503 when the store's svc budget had no turn), whichever server took them
    expect(statuses.slice(0, 10).filter((s) => s === 429)).toEqual([])
    // and never svc refusing a signature as reused: the two servers sign the cart's same checkout request
    // (asked again with its key) in the same second, each `created` claimed for both through Redis
    expect(statuses.slice(0, 10).filter((s) => s !== 200 && s !== 503)).toEqual(
      []
    )
    expect(statuses.slice(10)).toEqual([429, 429])
    expect(refusal).toMatchObject({
      code: "svc_too_many_attempts",
      reason: "cart",
    })
  })
})

describe("the plugin's events on two workers", () => {
  let token: string
  const http = async (
    method: string,
    base: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {}
  ) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await r.text()
    // JSON, or a plain answer ("OK" from the webhook route)
    return {
      status: r.status,
      json: (r.headers.get("content-type")?.includes("json")
        ? JSON.parse(text)
        : { text }) as any,
    }
  }
  const store = (method: string, path: string, body?: unknown) =>
    http(method, cluster.url, path, body, {
      "x-publishable-api-key": cluster.store.publishableKey,
    })
  const admin = async (method: string, path: string, body?: unknown) => {
    const r = await http(method, cluster.url, path, body, {
      authorization: `Bearer ${token}`,
    })
    if (r.status >= 400)
      throw new Error(
        `${method} ${path}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`
      )
    return r.json
  }
  const logged = (): LoggedSvcEvent[] =>
    existsSync(EVENT_LOG)
      ? readFileSync(EVENT_LOG, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as LoggedSvcEvent)
      : []
  const hooksOn = (name: string) => cluster.hits.get(name)?.get("hooks") ?? 0
  const sb = () => cluster.sandbox.control

  /** Redis connections of the workers of Medusa's event queue (BullMQ names each after its queue). */
  const eventQueueConnections = async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const r = new (require("ioredis"))(cluster.redisUrl, {
      maxRetriesPerRequest: 1,
    })
    try {
      const name = `RedisEventBusService:${Buffer.from("events-queue").toString("base64")}`
      return String(await r.client("LIST"))
        .split("\n")
        .filter(
          (l) => l.includes(` name=${name} `) || l.includes(` name=${name}:w:`)
        ).length
    } finally {
      r.disconnect()
    }
  }

  /**
   * The calls in svc's rolling minute for the store's account, as the plugin's shared budget counts
   * them (its sorted set svc:rate:{<hash of the API key>}:account in Redis, scored by Redis's clock).
   */
  const callsThisMinute = async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const r = new (require("ioredis"))(cluster.redisUrl, {
      maxRetriesPerRequest: 1,
    })
    try {
      const account = createHash("sha256")
        .update(cluster.sandbox.credentials.apiKey)
        .digest("hex")
        .slice(0, 16)
      const [seconds, micros] = (await r.time()) as [string, string]
      const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000)
      return Number(
        await r.zcount(`svc:rate:{${account}}:account`, now - 60_000, "+inf")
      )
    } finally {
      r.disconnect()
    }
  }

  beforeAll(async () => {
    const t0 = Date.now()
    // The chaos run's calls (a hundred a minute is svc's ceiling here) out of svc's rolling minute before
    // this test asks svc for a checkout, a payout and a link, as they were when the run waited out the
    // killed processes' 2-minute cart locks: at most half the ceiling used (waited for while worker-2 starts).
    const roomy = until(
      "svc's rolling minute at most half used",
      async () => (await callsThisMinute()) <= CEILING / 2,
      90_000
    )
    roomy.catch(() => undefined) // reported where it is awaited
    const consumers = await eventQueueConnections()
    await cluster.start("worker-2")
    console.log(`worker-2 up in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    // it takes events from the same queue as the first worker
    expect(consumers).toBeGreaterThan(0)
    await until(
      "worker-2 on the event queue",
      async () => (await eventQueueConnections()) > consumers,
      20_000
    )
    token = (
      await http("POST", cluster.url, "/auth/user/emailpass", cluster.admin)
    ).json.token
    expect(token).toBeTruthy()
    const waited = Date.now()
    await roomy
    console.log(
      `svc's rolling minute at most half used ${((Date.now() - waited) / 1000).toFixed(1)} s after worker-2 was up (${await callsThisMinute()} calls in it)`
    )
  })

  it("each transition is told once: a payment failed after its order (its webhook replayed to both servers at once), a refund's payout sent and settled (its webhook delivered twice), a balance link asked for on both servers", async () => {
    const t0 = Date.now()
    sb().clearFaults() // what the chaos run left of its request and webhook faults
    const before = logged()
    console.log(
      `events during the chaos run: ${before.map((e) => e.name).join(", ") || "none"}`
    )
    const servers = ["server-1", "server-2"].map((n) =>
      cluster.instances.get(n)!
    )

    // 1. an order placed awaiting payment (the shopper came back while svc said PROCESSING), then the payment fails
    const { json: c } = await store(
      "POST",
      "/store/carts",
      cartBody(cluster.store, "events@example.my")
    )
    const cartId = c.cart.id as string
    const pc = await store("POST", "/store/payment-collections", {
      cart_id: cartId,
    })
    const s = await store(
      "POST",
      `/store/payment-collections/${pc.json.payment_collection.id}/payment-sessions`,
      { provider_id: "pp_svc-fpx_svc", data: { cart_id: cartId } }
    )
    const session = s.json.payment_collection.payment_sessions.find(
      (x: any) => x.provider_id === "pp_svc-fpx_svc"
    )
    const checkoutId = session.data.checkoutId as string
    sb().pay(checkoutId, { stopAt: "PROCESSING" })
    await sb().flushWebhooks()
    const done = await store("POST", `/store/carts/${cartId}/complete`, {})
    expect(done.json.type).toBe("order")
    const orderId = done.json.order.id as string
    const hooksBefore = servers.map((i) => hooksOn(i.name))
    sb().webhookFaults({ mode: "duplicate", count: 1 }) // svc delivers it twice, one after the other: the balancer sends one to each server
    sb().fail(checkoutId)
    await sb().flushWebhooks()
    expect(servers.map((i, n) => hooksOn(i.name) > hooksBefore[n]!)).toEqual([
      true,
      true,
    ])
    // and the same event replayed to both servers at the same moment, as a sender retrying after a timeout would
    const failed = sb()
      .webhookLog()
      .find(
        (d) =>
          d.payload.type === "checkout.updated" &&
          (d.payload.data as any)?.checkoutId === checkoutId &&
          (d.payload.data as any)?.status === "FAILED"
      )
    expect(failed).toBeTruthy()
    const replays = await Promise.all(
      servers.map((i) =>
        http("POST", i.url, "/hooks/svc", failed!.payload, {
          "svc-event-id": failed!.payload.id,
          "svc-event-type": failed!.payload.type,
        })
      )
    )
    expect(replays.map((r) => r.status)).toEqual([200, 200])
    const canceled = await until("the order canceled", async () =>
      (await admin("GET", `/admin/orders/${orderId}?fields=id,status`)).order
        .status === "canceled"
        ? true
        : undefined
    )
    expect(canceled).toBe(true)

    // 2. a refund of a chaos-run order to the buyer's bank; svc's SETTLED webhook delivered twice, to both servers
    const paidCart = run.paid[0]!.cartId!
    const { rows } = await cluster.db.query<{ order_id: string }>(
      `select order_id from order_cart where cart_id = $1 and deleted_at is null`,
      [paidCart]
    )
    const paidOrderId = rows[0]!.order_id
    const { order } = await admin(
      "GET",
      `/admin/orders/${paidOrderId}?fields=id,*payment_collections.payments`
    )
    const paymentId = order.payment_collections[0].payments[0].id as string
    const { payout } = await admin("POST", "/admin/svc/refunds", {
      payment_id: paymentId,
      amount: "10.00",
      beneficiary: {
        name: "Siti Aminah",
        bank_code: "MBBEMYKL",
        account_number: "5512345678",
      },
    })
    expect(payout.status).toBe("INITIATED")
    const payoutHooks = servers.map((i) => hooksOn(i.name))
    sb().webhookFaults({ mode: "duplicate", count: 3 })
    sb().advanceClock(30) // svc settles the payout about 20 s later
    await sb().flushWebhooks()
    expect(servers.map((i, n) => hooksOn(i.name) > payoutHooks[n]!)).toEqual([
      true,
      true,
    ])
    await until("the payout SETTLED", async () =>
      (
        await admin("GET", `/admin/svc/payouts?order_id=${paidOrderId}`)
      ).payouts.find((p: any) => p.id === payout.id && p.status === "SETTLED")
    )

    // 3. Request payment for a converted draft order, asked on both servers at once (a double click): one link
    const { draft_order } = await admin("POST", "/admin/draft-orders", {
      email: "events@example.my",
      region_id: cluster.store.regionId,
      sales_channel_id: cluster.store.salesChannelId,
      items: [{ variant_id: cluster.store.variantId, quantity: 1 }],
    })
    await admin(
      "POST",
      `/admin/draft-orders/${draft_order.id}/convert-to-order`
    )
    const links = await Promise.all(
      servers.map((i) =>
        http(
          "POST",
          i.url,
          `/admin/svc/orders/${draft_order.id}/balance/payment-link`,
          { provider_id: "pp_svc-wallet_svc" },
          { authorization: `Bearer ${token}` }
        )
      )
    )
    expect(links.map((l) => l.status)).toEqual([200, 200])
    expect(links.map((l) => l.json.reused).sort()).toEqual([false, true])
    const link = links.find((l) => !l.json.reused)!.json

    // every event in, then two watcher ticks and the webhooks' retries more: nothing else comes
    const expected = [
      SvcEvents.PAYMENT_FAILED_AFTER_ORDER,
      SvcEvents.REFUND_PAYOUT_SENT,
      SvcEvents.REFUND_PAYOUT_SETTLED,
      SvcEvents.PAYMENT_LINK_CREATED,
    ]
    await until("the events", async () => {
      const names = logged()
        .slice(before.length)
        .map((e) => e.name)
      return expected.every((n) => names.includes(n))
    })
    await sb().flushWebhooks()
    // every webhook delivery about the checkout and the payout (the two replays too) handled, whichever
    // server took it; then two watcher ticks
    await webhooksHandled(
      "the events' test",
      async () =>
        (
          await cluster.db.query(
            `select event_id, outcome from svc_webhook_event where resource_id = any($1)`,
            [[checkoutId, payout.payout_id]]
          )
        ).rows,
      answeredDeliveries(sb().webhookLog(), [checkoutId, payout.payout_id]) +
        replays.length
    )
    await moreWatcherTicks(cluster.db, 2)
    const heard = logged().slice(before.length)
    const takers = new Map<string, number>()
    for (const e of heard)
      takers.set(
        `${e.mode}:${e.port}`,
        (takers.get(`${e.mode}:${e.port}`) ?? 0) + 1
      )
    console.log(
      `the events' test: ${((Date.now() - t0) / 1000).toFixed(1)} s; events taken per process: ${JSON.stringify(Object.fromEntries(takers))}`
    )
    expect(heard.map((e) => e.mode).every((m) => m === "worker")).toBe(true) // servers hand events to the workers
    const payoutIds = {
      id: payout.id,
      payout_id: payout.payout_id,
      refund_id: payout.refund_id,
      payment_id: paymentId,
      order_id: paidOrderId,
    }
    const byName = (n: string) =>
      heard.filter((e) => e.name === n).map((e) => e.data)
    expect(heard).toHaveLength(4)
    expect(byName(SvcEvents.PAYMENT_FAILED_AFTER_ORDER)).toEqual([
      {
        order_id: orderId,
        checkout_id: checkoutId,
        payment_session_id: session.id,
        status: "FAILED",
        order_action: "canceled",
      },
    ])
    expect(byName(SvcEvents.REFUND_PAYOUT_SENT)).toEqual([payoutIds])
    expect(byName(SvcEvents.REFUND_PAYOUT_SETTLED)).toEqual([payoutIds])
    expect(byName(SvcEvents.PAYMENT_LINK_CREATED)).toEqual([
      {
        order_id: draft_order.id,
        payment_collection_id: link.balance.payment_collection.id,
        payment_session_id: link.link.session_id,
        checkout_id: link.link.checkout_id,
      },
    ])
    // and the store's own subscriber (docs/examples/svc-refund-email.ts) sent one email for the settled payout
    expect(cluster.logLines(/template: 'svc-refund-settled'/)).toHaveLength(1)
  })
})
