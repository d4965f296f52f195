/**
 * The chaos run, shared by integration-tests/scale/cluster.spec.ts
 * (CI-sized) and bench/chaos.ts (N ≥ 200): N shoppers pay through the cluster's
 * load balancer while the sandbox injects every fault it has (request faults on
 * checkout creation and reads, webhooks dropped, duplicated, reordered and
 * delayed) and Medusa instances are killed and started again mid-run. Then the
 * money check (money-invariants.ts) from svc's state and Medusa's.
 */
import { randomUUID } from "node:crypto"
import { Agent, request } from "undici"
import { startCluster, type Cluster, type ClusterOptions } from "./cluster"
import { checkMoney, type MoneyReport } from "./money-invariants"
import { PROMO_CODE, usesPromo } from "./shopper"
import { cartBody } from "./store-api"

const agent = new Agent({
  connections: 256,
  headersTimeout: 120_000,
  bodyTimeout: 120_000,
  keepAliveTimeout: 1_000,
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const PROVIDERS = [
  "pp_svc-wallet_svc",
  "pp_svc-fpx_svc",
  "pp_svc-fpx-direct_svc",
] as const

export interface ChaosShopper {
  i: number
  provider: string
  completes: boolean
  cartId?: string
  checkoutId?: string
  paidAt?: number
  sessionMs?: number
  /** store requests answered 5xx or cut (an instance died), tried again as a shopper would */
  retries: number
  error?: string
}

export interface ChaosResult {
  shoppers: ChaosShopper[]
  paid: ChaosShopper[]
  /** paid → order, per paid shopper (ms; Infinity: none by the end) */
  latency: number[]
  money: MoneyReport
  killed: string[]
  /** the moment the kill was meant to land at, and whether it was seen (false: killed after 60 s anyway) */
  killMoment?: { at: KillMoment; seen: boolean; waitedMs: number }
  webhookFaults: Record<string, number>
  requestFaults: string[]
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string
  ) {
    super(`HTTP ${status} ${body.slice(0, 200)}`)
  }
}

async function post<T>(
  url: string,
  body: unknown,
  headers: Record<string, string>
): Promise<T> {
  const res = await request(url, {
    method: "POST",
    dispatcher: agent,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.body.text()
  if (res.statusCode >= 400) throw new HttpError(res.statusCode, text)
  return JSON.parse(text) as T
}

/**
 * A shopper's click, again after a 5xx or a cut connection (an instance died under it), at most
 * `tries` times a second apart; told "try again in a moment" (the store's svc budget has no turn
 * for a new checkout now), for up to a minute, as a shopper who reads the message would: on a
 * busy machine the budget's minute fills with the retries of svc's injected faults (a fresh-clone
 * run under four times the machine's load left 12 of 18 shoppers unpaid after 8 s of clicks).
 */
async function click<T>(
  s: ChaosShopper,
  what: () => Promise<T>,
  tries = 8
): Promise<T> {
  const patientUntil = Date.now() + 60_000
  for (let n = 1; ; n++) {
    try {
      return await what()
    } catch (e) {
      const status = e instanceof HttpError ? e.status : 0
      // 5xx, a cut connection, Medusa's 409 "conflicted with another request" (the cart is being
      // completed by the payment's settlement, or its lock is held by an instance that died), or
      // the provider's "busy, try again" (svc slow past the shopper's deadline)
      const again =
        status === 0 ||
        status === 409 ||
        status >= 500 ||
        /try again/i.test((e as Error).message)
      const tryAgainLater =
        status === 503 &&
        /svc_try_again/.test((e as Error).message) &&
        Date.now() < patientUntil
      if (!again || (n >= tries && !tryAgainLater)) throw e
      s.retries++
      await sleep(tryAgainLater && n >= tries ? 3000 : 1000)
    }
  }
}

function sessionData(provider: string, cartId: string) {
  return provider === "pp_svc-fpx-direct_svc"
    ? {
        cart_id: cartId,
        bank: "MBB0228",
        bankType: "RETAIL",
        buyerName: "Siti Aminah",
      }
    : { cart_id: cartId }
}

async function shop(cluster: Cluster, s: ChaosShopper): Promise<void> {
  const h = { "x-publishable-api-key": cluster.store.publishableKey }
  const u = cluster.url
  try {
    const { cart } = await click(s, () =>
      post<{ cart: { id: string } }>(
        `${u}/store/carts`,
        {
          ...cartBody(
            cluster.store,
            `buyer-${randomUUID().slice(0, 8)}@example.my`
          ),
          // SST 8 % on every cart (the bench seed is the demo's); half type the 33 % code: RM87.1938
          ...(usesPromo(s.i) ? { promo_codes: [PROMO_CODE] } : {}),
        },
        h
      )
    )
    s.cartId = cart.id
    const { payment_collection } = await click(s, () =>
      post<{ payment_collection: { id: string } }>(
        `${u}/store/payment-collections`,
        { cart_id: cart.id },
        h
      )
    )
    const t0 = Date.now()
    const session = await click(s, async () => {
      const r = await post<{
        payment_collection: {
          payment_sessions: {
            provider_id: string
            data: { checkoutId?: string }
          }[]
        }
      }>(
        `${u}/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: s.provider, data: sessionData(s.provider, cart.id) },
        h
      )
      const found = r.payment_collection.payment_sessions.find(
        (x) => x.provider_id === s.provider
      )
      if (!found?.data.checkoutId)
        throw new Error(`no checkout in the ${s.provider} session`)
      return found
    })
    s.sessionMs = Date.now() - t0
    s.checkoutId = session.data.checkoutId
    await cluster.svc.pay(s.checkoutId!)
    s.paidAt = Date.now()
    if (!s.completes) return // closes the tab on svc's page: the order must come from webhooks or the watcher
    await click(s, () => post(`${u}/store/carts/${cart.id}/complete`, {}, h))
  } catch (e) {
    s.error = (e as Error).message
  }
}

async function ordersOf(
  cluster: Cluster,
  cartIds: string[]
): Promise<Map<string, number>> {
  const r = await cluster.db.query<{ cart_id: string; created_at: Date }>(
    `select oc.cart_id, min(o.created_at) as created_at from order_cart oc join "order" o on o.id = oc.order_id
      where oc.deleted_at is null and oc.cart_id = any($1) group by oc.cart_id`,
    [cartIds]
  )
  return new Map(
    r.rows.map((x) => [x.cart_id, new Date(x.created_at).getTime()])
  )
}

/**
 * When the kill lands, once a third of the shoppers have paid:
 * - `paid`: at once;
 * - `creation`: while a checkout creation is in flight (its intent recorded, svc's answer not yet);
 * - `capture`: while a settlement is applying a payment (COMPLETED recorded, not yet captured);
 * - `completion`: inside a cart completion (a Medusa cart lock is held in Redis and its cart is no order yet).
 * A moment not seen within 60 s: the kill lands anyway, and the run says so.
 */
export type KillMoment = "paid" | "creation" | "capture" | "completion"
export const KILL_MOMENTS: readonly KillMoment[] = [
  "paid",
  "creation",
  "capture",
  "completion",
]

/** Whether the cluster is at `moment` now (one database query, or one Redis scan). */
async function atMoment(
  cluster: Cluster,
  moment: KillMoment,
  redis: { scan: (...a: unknown[]) => Promise<[string, string[]]> } | undefined
): Promise<boolean> {
  if (moment === "paid") return true
  if (moment === "creation") {
    const r = await cluster.db.query(
      `select 1 from svc_checkout where status = 'CREATING' and created_at > now() - interval '10 seconds' limit 1`
    )
    return !!r.rowCount
  }
  if (moment === "capture") {
    const r = await cluster.db.query(
      `select 1 from svc_checkout sc join payment_session ps on ps.id = sc.payment_session_id
        where sc.status = 'COMPLETED' and sc.settled_status is null and sc.attention is null
          and ps.status not in ('authorized', 'captured') limit 1`
    )
    return !!r.rowCount
  }
  if (!redis) return false
  const [, keys] = await redis.scan(
    "0",
    "MATCH",
    "medusa_lock:cart_*",
    "COUNT",
    1000
  )
  if (!keys.length) return false
  const carts = keys.map((k) => k.slice("medusa_lock:".length))
  const r = await cluster.db.query(
    `select count(*)::int as n from order_cart where cart_id = any($1) and deleted_at is null`,
    [carts]
  )
  return r.rows[0].n < carts.length
}

/**
 * The cart locks (medusa_lock:cart_*) that the processes just killed held, ended now rather than
 * when their lease runs out: what Medusa does after the lease, sooner (as paid-no-order-crash.spec
 * shortens its one dead lock). Called at once after the kill. Only the locks of cart completions
 * (a lease of more than 15 s left), and only if it cannot be a live process's: its lease was taken before the kill and never taken again (it runs out at the
 * same moment, to 250 ms, as when seen just after the kill: a lock taken again after the kill runs
 * out later), and every request the live servers had in flight at the kill has ended (the one way a
 * live process holds a cart lock taken before the kill: the servers hand webhooks to the workers,
 * which were killed). Should those requests not end within 60 s, no lock is touched.
 */
async function endDeadCartLocks(
  cluster: Cluster,
  killed: string[],
  log: (m: string) => void
): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const redis = new (require("ioredis"))(cluster.redisUrl, {
    maxRetriesPerRequest: 1,
  })
  try {
    const seen: { key: string; endsAt: number }[] = []
    let cursor = "0"
    do {
      const [next, keys] = (await redis.scan(
        cursor,
        "MATCH",
        "medusa_lock:cart_*",
        "COUNT",
        1000
      )) as [string, string[]]
      cursor = next
      for (const key of keys) {
        const before = Date.now()
        const pttl = Number(await redis.pttl(key))
        // a completion's 2-minute lease; the other cart locks (10 s, the plugin's 5 s probe) run out on their own
        if (pttl > 15_000) seen.push({ key, endsAt: before + pttl })
      }
    } while (cursor !== "0")
    const killedAt = Date.now()
    const live = [...cluster.instances.values()]
      .filter((i) => !killed.includes(i.name) && i.mode !== "worker")
      .map((i) => i.name)
    const open = () =>
      live.flatMap((n) => cluster.inFlight(n)).filter((at) => at <= killedAt)
        .length
    const until = Date.now() + 60_000
    while (open() && Date.now() < until) await sleep(100)
    if (open()) {
      log(
        `dead cart locks: ${seen.length} seen at the kill, left to their lease (the live servers' requests of before the kill still open after 60 s)`
      )
      return
    }
    let ended = 0
    for (const { key, endsAt } of seen) {
      // in Redis, at once: still the lease seen at the kill (it runs out within 250 ms of then)? Then it ends now.
      const left = endsAt - Date.now()
      if (left < 1000) continue
      const r = await redis.eval(
        "local p = redis.call('pttl', KEYS[1]) if p > 0 and math.abs(p - tonumber(ARGV[1])) <= 250 then return redis.call('pexpire', KEYS[1], 1) end return 0",
        1,
        key,
        String(endsAt - Date.now())
      )
      if (Number(r) === 1) ended++
    }
    log(
      `dead cart locks: ${seen.length} seen at the kill, ${ended} ended ${((Date.now() - killedAt) / 1000).toFixed(1)} s after it instead of at the end of their lease`
    )
  } finally {
    redis.disconnect()
  }
}

/** The instances the chaos run kills and starts again mid-run: one server and the worker. */
export const CHAOS_KILLED = ["server-1", "worker"]

/**
 * The chaos run's cluster: two Medusa servers and one worker on Redis (Medusa's event bus,
 * workflow engine, locking and cache modules; the plugin's shared rate budget), svc's sandbox
 * with a ceiling of `ceiling` requests a minute and the plugin's budget set to it. `env`: more
 * for every instance; `sandboxProcess`: as ClusterOptions says.
 */
export function startChaosCluster(o: {
  name: string
  ceiling: number
  env?: Record<string, string>
  sandboxProcess?: boolean
  /** more instances, e.g. a second worker started after the run (`later`) */
  more?: ClusterOptions["instances"]
}): Promise<Cluster> {
  const opts: ClusterOptions = {
    name: o.name,
    redis: true,
    instances: [
      { name: "server-1", mode: "server" },
      { name: "server-2", mode: "server" },
      { name: "worker", mode: "worker" },
      ...(o.more ?? []),
    ],
    sandbox: { rateLimits: { accountPerMinute: o.ceiling } },
    sandboxProcess: o.sandboxProcess,
    env: { SVC_ACCOUNT_RATE_LIMIT: String(o.ceiling), ...o.env },
  }
  return startCluster(opts)
}

export interface ChaosOptions {
  n: number
  /** instances killed (SIGKILL) and started again once the first third of the shoppers have paid */
  kill: string[]
  /** the moment the kill lands at (default `paid`: at once) */
  killAt?: KillMoment
  /** how long to wait after the last payment for every paid cart's order */
  settleMs: number
  /** shoppers started per second (a wave, not all at once) */
  perSecond?: number
  /**
   * End the cart locks the killed processes died holding (Medusa's completeCartWorkflow takes one
   * for 2 minutes) instead of waiting out their lease (endDeadCartLocks): CI time. Off in the bench.
   */
  endDeadCartLocks?: boolean
  log?: (m: string) => void
}

export async function chaosRun(
  cluster: Cluster,
  o: ChaosOptions
): Promise<ChaosResult> {
  const log = o.log ?? (() => undefined)
  const control = cluster.svc
  // every request fault the sandbox has, on the calls a payment makes (each once per ~N/6 shoppers)
  const k = Math.max(1, Math.round(o.n / 12))
  const requestFaults = [
    { route: "POST /v1/checkout", kind: "503" as const, count: k },
    {
      route: "POST /v1/checkout",
      kind: "429" as const,
      count: k,
      retryAfterSeconds: 1,
    },
    { route: "POST /v1/checkout", kind: "202" as const, count: k },
    {
      route: "POST /v1/checkout",
      kind: "hang" as const,
      count: k,
      afterProcessing: true,
    },
    {
      route: "POST /v1/checkout",
      kind: "500" as const,
      count: k,
      afterProcessing: true,
    },
    { route: "GET /v1/checkout/{id}", kind: "500" as const, count: 2 * k },
    { route: "GET /v1/checkout", kind: "503" as const, count: k },
  ]
  for (const f of requestFaults) await control.injectFault(f)
  const webhookFaults = {
    drop: 3 * k,
    duplicate: 2 * k,
    reorder: 2 * k,
    delay: 2 * k,
  }
  await control.webhookFaults({ mode: "drop", count: webhookFaults.drop })
  await control.webhookFaults({
    mode: "duplicate",
    count: webhookFaults.duplicate,
  })
  await control.webhookFaults({ mode: "reorder", count: webhookFaults.reorder })
  await control.webhookFaults({
    mode: "delay",
    count: webhookFaults.delay,
    delayMs: 4000,
  })

  const shoppers: ChaosShopper[] = Array.from({ length: o.n }, (_, i) => ({
    i,
    provider: PROVIDERS[i % PROVIDERS.length],
    completes: i % 2 === 0,
    retries: 0,
  }))
  const perSecond = o.perSecond ?? o.n
  const killAfter = Math.ceil(o.n / 3)
  let killing: Promise<void> | undefined
  const killAt = o.killAt ?? "paid"
  let killMoment: ChaosResult["killMoment"]
  const runs = shoppers.map(async (s) => {
    await sleep((s.i / perSecond) * 1000)
    await shop(cluster, s)
    if (
      !killing &&
      shoppers.filter((x) => x.paidAt).length >= killAfter &&
      o.kill.length
    ) {
      killing = (async () => {
        const redis =
          killAt === "completion" && cluster.redisUrl
            ? // eslint-disable-next-line @typescript-eslint/no-require-imports
              new (require("ioredis"))(cluster.redisUrl, {
                maxRetriesPerRequest: 1,
              })
            : undefined
        const from = Date.now()
        let seen = false
        try {
          while (Date.now() - from < 60_000) {
            if ((seen = await atMoment(cluster, killAt, redis))) break
            await sleep(20)
          }
        } finally {
          redis?.disconnect()
        }
        killMoment = { at: killAt, seen, waitedMs: Date.now() - from }
        log(
          `killing ${o.kill.join(", ")} (SIGKILL) after ${killAfter} payments, ${seen ? `at the moment "${killAt}" (${killMoment.waitedMs} ms)` : `the moment "${killAt}" not seen in 60 s`}`
        )
        await Promise.all(o.kill.map((name) => cluster.kill(name)))
        const ending =
          o.endDeadCartLocks && cluster.redisUrl
            ? endDeadCartLocks(cluster, o.kill, log)
            : undefined
        await sleep(1000)
        await Promise.all(o.kill.map((name) => cluster.start(name)))
        log(`${o.kill.join(", ")} up again`)
        await ending
      })()
    }
  })
  await Promise.all(runs)
  await killing
  const paid = shoppers.filter((s) => s.paidAt !== undefined)
  log(
    `${paid.length} of ${o.n} paid (${shoppers.filter((s) => s.error).length} could not), waiting for their orders`
  )
  for (const s of shoppers.filter((x) => x.error).slice(0, 5))
    log(`shopper #${s.i} ${s.provider}: ${s.error}`)

  const lastPaid = Math.max(Date.now(), ...paid.map((s) => s.paidAt!))
  let orders = new Map<string, number>()
  while (Date.now() < lastPaid + o.settleMs) {
    orders = await ordersOf(
      cluster,
      paid.map((s) => s.cartId!)
    )
    if (orders.size >= paid.length) break
    await sleep(1000)
  }
  // the webhooks still held (delayed, reordered) and the watcher's last ticks: let them land before the money check
  await control.flushWebhooks()
  await sleep(2000)
  const latency = paid.map((s) => {
    const at = orders.get(s.cartId!)
    return at === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(0, at - s.paidAt!)
  })
  return {
    shoppers,
    paid,
    latency,
    money: await checkMoney(cluster.db, cluster.svc),
    killed: o.kill,
    killMoment,
    webhookFaults,
    requestFaults: requestFaults.map(
      (f) =>
        `${f.route} ${f.kind}${"afterProcessing" in f && f.afterProcessing ? " after processing" : ""} ×${f.count}`
    ),
  }
}

export { percentile } from "./report"
