/**
 * A flash sale at svc's ceiling (issue 50): shoppers, their carts filled
 * before the sale, press Pay faster than the account's budget creates
 * checkouts, and wait in the checkout line (src/lib/svc-runtime/checkout-line.ts)
 * as a storefront does: ask `POST /store/svc/carts/:id/line` every 4 s, start
 * the svc payment on `turn`. Of every five shoppers one presses Cancel and one closes the tab
 * (stops asking) after a while in line; the other three pay, and half of
 * those complete the cart, half leave it to the webhook.
 *
 *   node -r @swc-node/register bench/flash-sale.ts [--shoppers=300] [--minutes=3]
 *     [--ceiling=100] [--servers=1|2] [--code=HEAD|<ref>|worktree]
 *
 * --servers=2: two servers and a worker on Redis behind a load balancer (one
 * budget, one line), every ask going to the next server.
 * Targets: every shopper who stays gets a checkout, none told to try again;
 * each wait within 15 s of the wait first told; shoppers who left cost 0 svc
 * calls; every paid cart one order; 0 svc 429s.
 */
import { numberFlag, parseArgs } from "./lib/args"
import { startCluster, type Cluster } from "../testing/cluster"
import { prepareCode } from "../testing/code"
import { doubleCaptured, outcomes } from "../testing/orders"
import { percentile, sleep, table } from "../testing/report"
import {
  callsTo,
  readStats,
  resetStats,
  type CallStats,
} from "../testing/sandbox-stats"
import { sessionData, SVC_PROVIDERS } from "../testing/shopper"
import { HttpError, StoreApi } from "../testing/store-api"

const POLL_MS = 4000
const WAIT_SLACK_S = 15
const PROVIDERS = Object.values(SVC_PROVIDERS)

type Kind = "completes" | "webhook" | "cancels" | "closes"

type Cart = Awaited<ReturnType<StoreApi["newCart"]>>

interface FlashShopper {
  i: number
  kind: Kind
  /** seconds in line before a leaver leaves */
  patience: number
  cartId?: string
  joinedAt?: number
  /** the first answer: its wait (0 for a turn at once) */
  toldWait?: number
  /** the successful payment session was asked for */
  servedAt?: number
  paidAt?: number
  /** places refused at the session (another took the room first): asked again */
  bounced: number
  /** "full", "try again" or another error a shopper saw */
  tryAgain?: string
  error?: string
  maxLength: number
}

const kindOf = (i: number): Kind =>
  (["completes", "webhook", "completes", "cancels", "closes"] as const)[i % 5]!
const leaves = (k: Kind) => k === "cancels" || k === "closes"

/** A shopper from arrival to paid (or left): never throws. */
async function shopper(
  api: StoreApi,
  c: Cluster,
  s: FlashShopper,
  { cartId, paymentCollectionId }: Cart
) {
  try {
    const provider = PROVIDERS[s.i % PROVIDERS.length]!
    for (;;) {
      const a = await api.line(cartId)
      const now = Date.now()
      s.joinedAt ??= now
      s.toldWait ??= a.status === "turn" ? 0 : (a.wait_seconds ?? NaN)
      s.maxLength = Math.max(s.maxLength, a.length ?? 0)
      if (a.status === "full") {
        s.tryAgain = `line full, come back in ${a.retry_after_seconds} s`
        return
      }
      if (
        leaves(s.kind) &&
        (a.status === "turn" || now - s.joinedAt >= s.patience * 1000)
      ) {
        if (s.kind === "cancels") await api.line(cartId, "DELETE")
        return // the closed tab just stops asking
      }
      if (a.status === "turn") {
        const t = Date.now()
        try {
          const session = await api.initiateSession(
            paymentCollectionId,
            provider,
            sessionData(provider, cartId)
          )
          s.servedAt = t
          await c.svc.pay(session.data.checkoutId!)
          s.paidAt = Date.now()
          if (s.kind === "completes") await api.complete(cartId)
          return
        } catch (e) {
          const code =
            e instanceof HttpError
              ? /"message_code":"([^"]+)"/.exec(e.body)?.[1]
              : undefined
          if (code !== "error.inLine") throw e
          s.bounced++
        }
      }
      await sleep(POLL_MS)
    }
  } catch (e) {
    const msg = (e as Error).message
    if (/try again|come back/.test(msg)) s.tryAgain = msg
    else s.error = msg
  }
}

async function main() {
  const { flags } = parseArgs()
  const n = numberFlag(flags, "shoppers", 300)
  const minutes = numberFlag(flags, "minutes", 3)
  const ceiling = numberFlag(flags, "ceiling", 100)
  const servers = numberFlag(flags, "servers", 1)
  if (servers !== 1 && servers !== 2) throw new Error("--servers is 1 or 2")
  const log = (m: string) => process.stderr.write(`[flash] ${m}\n`)
  process.env.CLUSTER_VERBOSE ??= "1"
  const code = prepareCode(flags.get("code") ?? "HEAD")
  log(`measuring ${code.label}`)
  const cluster = await startCluster({
    name: "flash",
    codeDir: code.dir,
    redis: servers === 2,
    instances:
      servers === 2
        ? [
            { name: "server-1", mode: "server" },
            { name: "server-2", mode: "server" },
            { name: "worker", mode: "worker" },
          ]
        : [{ name: "server-1", mode: "shared" }],
    sandbox: { rateLimits: { accountPerMinute: ceiling } },
    sandboxProcess: true,
    env: { SVC_ACCOUNT_RATE_LIMIT: String(ceiling) },
  })
  const stop = () => void cluster.close().then(() => process.exit(130))
  process.once("SIGINT", stop)
  try {
    const api = new StoreApi(cluster.url, cluster.store)
    const shoppers: FlashShopper[] = Array.from({ length: n }, (_, i) => ({
      i,
      kind: kindOf(i),
      patience: 5 + ((i * 7) % 30),
      bounced: 0,
      maxLength: 0,
    }))
    // the carts, filled before the sale (four at a time): not measured
    const carts: Cart[] = []
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (carts.length < n) carts.push(await api.newCart())
      })
    )
    shoppers.forEach((s, i) => (s.cartId = carts[i]!.cartId))
    await resetStats(cluster.svc.url)
    const t0 = Date.now()
    const gap = (minutes * 60_000) / n
    const perMinute: CallStats[] = []
    const ticker = setInterval(
      () => void readStats(cluster.svc.url).then((x) => perMinute.push(x)),
      60_000
    )
    log(
      `${n} shoppers over ${minutes} min on ${servers} server(s), ceiling ${ceiling}/min`
    )
    await Promise.all(
      shoppers.map(async (s) => {
        await sleep(s.i * gap)
        await shopper(api, cluster, s, carts[s.i]!)
      })
    )
    clearInterval(ticker)
    const lastServed = Date.now()
    log(
      `every shopper done after ${((lastServed - t0) / 1000).toFixed(0)} s; waiting for orders`
    )

    const paid = shoppers.filter((s) => s.paidAt !== undefined)
    const ids = paid.map((s) => s.cartId!)
    let seen = await outcomes(cluster.db, ids)
    while (
      [...seen.values()].some((o) => o.orderIds.length === 0) &&
      Date.now() < lastServed + 120_000
    ) {
      await sleep(3000)
      seen = await outcomes(cluster.db, ids)
    }
    await sleep(5000)
    seen = await outcomes(cluster.db, ids)
    const stats = await readStats(cluster.svc.url)
    const state = await cluster.svc.state()

    const stayed = shoppers.filter((s) => !leaves(s.kind))
    const left = shoppers.filter((s) => leaves(s.kind))
    const leftIds = new Set(left.map((s) => s.cartId).filter(Boolean))
    const checkoutsOfLeavers = Object.values(state.checkouts).filter((k) =>
      [...leftIds].some((id) => k.redirectUrl.includes(id!))
    ).length
    const served = stayed.filter((s) => s.servedAt !== undefined)
    // the wait each was told first against the one they had (to the start of their payment)
    const waitErr = served.map(
      (s) => (s.servedAt! - s.joinedAt!) / 1000 - s.toldWait!
    )
    const off = waitErr.filter((e) => Math.abs(e) > WAIT_SLACK_S).length
    // overtaking: later arrivals in line served before a shopper
    let worst = 0
    let overtaken = 0
    for (const s of served) {
      const by = served.filter(
        (t) => t.joinedAt! > s.joinedAt! && t.servedAt! < s.servedAt!
      ).length
      worst = Math.max(worst, by)
      if (by) overtaken++
    }
    const waits = served.map((s) => (s.servedAt! - s.joinedAt!) / 1000)
    const told = stayed.filter((s) => s.tryAgain)
    const errors = shoppers.filter((s) => s.error)
    const oneOrder = [...seen.values()].filter(
      (o) => o.orderIds.length === 1
    ).length
    const doubles = [...seen.values()].filter(
      (o) => o.orderIds.length > 1 || doubleCaptured(o)
    ).length
    const ok = (b: boolean) => (b ? "met" : "NOT met")
    const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a")

    const rows: (string | number)[][] = []
    for (let m = 0; m * 60_000 < lastServed - t0; m++) {
      const a = t0 + m * 60_000
      const inMin = (t?: number) => t !== undefined && t >= a && t < a + 60_000
      const minute = (x?: CallStats) =>
        x ? { total: x.total, lists: callsTo(x, "GET /v1/checkout") } : null
      const [now, before] = [minute(perMinute[m]), minute(perMinute[m - 1])]
      const calls = now ? now.total - (before?.total ?? 0) : NaN
      // the watcher's and the job's listings: they must not grow with the sale
      const lists = now ? now.lists - (before?.lists ?? 0) : NaN
      rows.push([
        `${m}-${m + 1}`,
        shoppers.filter((s) => inMin(s.joinedAt)).length,
        served.filter((s) => inMin(s.servedAt)).length,
        Number.isFinite(calls) ? calls : "n/a",
        Number.isFinite(lists) ? lists : "n/a",
      ])
    }
    console.log(`
flash sale: ${n} shoppers arriving over ${minutes} min (${stayed.length} stay and pay, ${left.length} leave the line:
half press Cancel, half close the tab), on ${servers === 2 ? "two servers and a worker on Redis" : "one server"}
  code        ${code.label}
  svc ceiling ${ceiling} calls/min (sandbox and plugin budget)
  logs        ${cluster.logDir}
  date        ${new Date().toISOString()}
`)
    console.log(
      table(
        [
          "minute",
          "joined the line",
          "checkouts made",
          "svc calls",
          "of them listings",
        ],
        rows
      )
    )
    console.log()
    console.log(
      table(
        ["figure", "value"],
        [
          [
            "shoppers who stayed and got an svc checkout",
            `${served.length} / ${stayed.length} (${ok(served.length === stayed.length)})`,
          ],
          [
            "shoppers told to try again / line full",
            `${told.length} (${ok(told.length === 0)})`,
          ],
          [
            "checkouts a minute (first to last checkout)",
            f1(
              served.length /
                ((Math.max(...served.map((s) => s.servedAt!)) -
                  Math.min(...served.map((s) => s.servedAt!))) /
                  60_000)
            ),
          ],
          ["longest line seen", Math.max(...shoppers.map((s) => s.maxLength))],
          [
            "wait in line p50 / p95 / max",
            `${f1(percentile(waits, 50))} / ${f1(percentile(waits, 95))} / ${f1(Math.max(...waits))} s`,
          ],
          [
            "wait had − wait first told: p50 / min / max",
            `${f1(percentile(waitErr, 50))} / ${f1(Math.min(...waitErr))} / ${f1(Math.max(...waitErr))} s`,
          ],
          [
            `waits off the first told by more than ${WAIT_SLACK_S} s`,
            `${off} (${ok(off === 0)})`,
          ],
          [
            "largest overtaking (later arrivals served first)",
            `${worst} places; ${overtaken} shoppers overtaken at all`,
          ],
          [
            "turns lost at the session (asked again)",
            stayed.reduce((a, s) => a + s.bounced, 0),
          ],
          [
            "svc checkouts of shoppers who left",
            `${checkoutsOfLeavers} (${ok(checkoutsOfLeavers === 0)})`,
          ],
          [
            "paid carts with exactly one order",
            `${oneOrder} / ${paid.length} (${ok(oneOrder === paid.length)}); doubles ${doubles}`,
          ],
          [
            "svc 429s (sandbox count)",
            `${stats.rateLimited} (${ok(stats.rateLimited === 0)})`,
          ],
          [
            "svc calls, all / per checkout",
            `${stats.total} / ${f1(stats.total / served.length)}`,
          ],
          ["shopper errors", errors.length],
        ]
      )
    )
    console.log(
      `\nsvc calls by route: ${Object.entries(stats.byRoute)
        .map(([r, k]) => `${r} ${k}`)
        .join(", ")}`
    )
    const kinds = new Map<string, number>()
    for (const s of [...errors, ...told]) {
      const key = (s.error ?? s.tryAgain!)
        .replace(/cart_\w+|pay_\w+|\d+/g, "…")
        .slice(0, 160)
      kinds.set(key, (kinds.get(key) ?? 0) + 1)
    }
    for (const [e, k] of kinds) console.log(`  ${k} × ${e}`)
  } finally {
    await cluster.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
