/**
 * Sustained throughput against the svc account ceiling (the sandbox's 100 calls/min,
 * src/sandbox/signed-api/rate-limit.ts, applied to the plugin's client limiter too): K shoppers
 * in a closed loop for a few minutes, each paying with svc (wallet, FPX hosted, FPX
 * direct in turn), every other one closing the tab after paying (order from the webhook).
 * Offered load is above the ceiling, so the figure is what the ceiling lets through.
 *
 *   node -r @swc-node/register bench/sustained.ts [--minutes=3] [--shoppers=8]
 *     [--ceiling=100|off] [--code=HEAD|<ref>|worktree]
 *
 * Target: ≥ 30 paid orders/min.
 */
import { ceilingFlag, describeCeiling, numberFlag, parseArgs } from "./lib/args"
import { doubleCaptured, outcomes, type CartOutcome } from "../testing/orders"
import { ms, percentile, ratio, sleep, table } from "../testing/report"
import {
  readStats,
  resetStats,
  type SandboxStats,
} from "../testing/sandbox-api"
import {
  shop,
  SVC_PROVIDERS,
  SYSTEM_PROVIDER,
  type Shopper,
} from "../testing/shopper"
import { bootStack } from "../testing/stack"
import { StoreApi } from "../testing/store-api"

/** k shoppers, each starting the next checkout when the last one ends, until `ms` have passed. */
async function closedLoop(
  api: StoreApi,
  sandboxUrl: string,
  k: number,
  msec: number,
  kind: (i: number) => Pick<Shopper, "provider" | "completes">
) {
  const t0 = Date.now()
  const end = t0 + msec
  const shoppers: Shopper[] = []
  let seq = 0
  await Promise.all(
    Array.from({ length: k }, async () => {
      while (Date.now() < end) {
        const i = seq++
        const s: Shopper = { i, ...kind(i) }
        shoppers.push(s)
        await shop(api, sandboxUrl, s)
      }
    })
  )
  return { shoppers, t0, end }
}

const PROVIDERS = Object.values(SVC_PROVIDERS)
const TARGET_PER_MIN = 30

async function main() {
  const { flags } = parseArgs()
  const minutes = numberFlag(flags, "minutes", 3)
  const k = numberFlag(flags, "shoppers", 8)
  const ceiling = ceilingFlag(flags, 100)
  const stack = await bootStack("sustained", ceiling, flags.get("code"))
  try {
    const api = new StoreApi(stack.storeUrl, stack.store)
    // warm-up, not measured
    await Promise.all(
      [...PROVIDERS, SYSTEM_PROVIDER].map((provider, i) =>
        shop(api, stack.sandboxUrl, { i: -1 - i, provider, completes: true })
      )
    )
    // baseline while the ceiling's 60 s window empties (pp_system_default calls no svc):
    // the same K shoppers with Medusa's own provider, all completing, for one minute
    process.stderr.write(
      `[bench] baseline: ${k} pp_system_default shoppers for 1 min\n`
    )
    const base = await closedLoop(api, stack.sandboxUrl, k, 60_000, () => ({
      provider: SYSTEM_PROVIDER,
      completes: true,
    }))
    const baseOrders = await outcomes(
      stack.db,
      base.shoppers.filter((s) => s.paidAt !== undefined).map((s) => s.cartId!)
    )
    const basePerMin = [...baseOrders.values()].filter(
      (o) => o.orderAt !== null && o.orderAt >= base.t0 && o.orderAt < base.end
    ).length
    await sleep(5000)
    const counted = await resetStats(stack.sandboxUrl)
    const locksBefore = stack.lockFailures()

    const snapshots: (SandboxStats | null)[] = [] // at the end of each minute
    const ticker = setInterval(
      () => void readStats(stack.sandboxUrl).then((s) => snapshots.push(s)),
      60_000
    )
    process.stderr.write(
      `[bench] ${k} svc shoppers in a closed loop for ${minutes} min\n`
    )
    const { shoppers, t0, end } = await closedLoop(
      api,
      stack.sandboxUrl,
      k,
      minutes * 60_000,
      (i) => ({
        provider: PROVIDERS[i % PROVIDERS.length],
        completes: i % 2 === 0,
      })
    )
    clearInterval(ticker)
    const finished = Date.now()
    const windowStats =
      snapshots.length >= Math.ceil(minutes)
        ? snapshots[Math.ceil(minutes) - 1]
        : null

    // paid carts still waiting for an order: up to 60 s
    const paid = shoppers.filter((s) => s.paidAt !== undefined)
    const ids = paid.map((s) => s.cartId!)
    let seen: Map<string, CartOutcome> = new Map()
    while (true) {
      seen = await outcomes(stack.db, ids)
      if (
        [...seen.values()].every((o) => o.orderAt !== null) ||
        Date.now() > finished + 60_000
      )
        break
      await sleep(2000)
    }
    await sleep(8000)
    const final = await outcomes(stack.db, ids)
    const afterStats = counted ? await readStats(stack.sandboxUrl) : null
    const locks = stack.lockFailures() - locksBefore

    const orderTimes = [...seen.values()]
      .map((o) => o.orderAt)
      .filter((x): x is number => x !== null)
    const rows: (string | number)[][] = []
    const buckets = Math.ceil(minutes)
    for (let m = 0; m < buckets; m++) {
      const a = t0 + m * 60_000
      const b = Math.min(end, a + 60_000)
      const inMin = (t: number | undefined) =>
        t !== undefined && t >= a && t < b
      const started = shoppers.filter((s) => inMin(s.startedAt))
      const calls =
        counted && snapshots[m]
          ? snapshots[m]!.total -
            (m > 0 && snapshots[m - 1] ? snapshots[m - 1]!.total : 0)
          : NaN
      const sess = started
        .map((s) => s.sessionMs)
        .filter((x): x is number => x !== undefined)
      rows.push([
        `${m}-${m + 1}`,
        started.length,
        paid.filter((s) => inMin(s.paidAt)).length,
        orderTimes.filter((t) => inMin(t)).length,
        Number.isFinite(calls) ? calls : "n/a",
        ms(percentile(sess, 50)),
        ms(percentile(sess, 95)),
        started.filter((s) => s.error).length,
      ])
    }
    const ordersInWindow = orderTimes.filter((t) => t >= t0 && t < end).length
    const perMin = ordersInWindow / minutes
    const lat = paid
      .map((s) => ({ s, o: seen.get(s.cartId!)! }))
      .filter(({ o }) => o.orderAt !== null)
      .map(({ s, o }) => Math.max(0, o.orderAt! - s.paidAt!))
    const noOrder = paid.filter(
      (s) => seen.get(s.cartId!)!.orderAt === null
    ).length
    const doubles = [...final.values()].filter(doubleCaptured).length
    const ordersTotal = [...final.values()].filter(
      (o) => o.orderIds.length > 0
    ).length
    const errors = shoppers.filter((s) => s.error)
    const waited = shoppers.flatMap((s) => (s.lineMs ? [s.lineMs] : []))

    console.log(`
sustained: ${k} svc shoppers in a closed loop for ${minutes} min, half complete the cart, half leave it to the webhook;
baseline: the same ${k} shoppers with ${SYSTEM_PROVIDER} for 1 min, same stack (while the svc rate window empties)
  code        ${stack.codeLabel}
  svc ceiling ${describeCeiling(ceiling)}
  providers   ${PROVIDERS.join(", ")} in turn
  medusa log  ${stack.medusaLog}
`)
    console.log(
      table(
        [
          "minute",
          "checkouts started",
          "paid",
          "orders placed",
          "svc calls",
          "session p50",
          "session p95",
          "shopper errors",
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
            "paid orders/min (orders placed in the window ÷ minutes)",
            `${perMin.toFixed(1)}  (target ≥ ${TARGET_PER_MIN}: ${perMin >= TARGET_PER_MIN ? "met" : "NOT met"})`,
          ],
          [
            `baseline: ${SYSTEM_PROVIDER} orders/min, same ${k} shoppers, 1 min`,
            basePerMin,
          ],
          ["svc ÷ baseline", ratio(perMin, basePerMin)],
          ...(ceiling === null
            ? []
            : [
                [
                  `svc ÷ ceiling bound (${ceiling} calls/min ÷ 3-call budget = ${(ceiling / 3).toFixed(1)}/min)`,
                  ratio(perMin, ceiling / 3),
                ],
              ]),
          [
            "svc calls/min in the window",
            windowStats ? (windowStats.total / minutes).toFixed(1) : "n/a",
          ],
          [
            "svc calls per paid order (all calls incl. after the window ÷ orders)",
            afterStats && ordersTotal
              ? (afterStats.total / ordersTotal).toFixed(2)
              : "n/a",
          ],
          [
            "paid→order p50 / p95",
            `${ms(percentile(lat, 50))} / ${ms(percentile(lat, 95))}`,
          ],
          ["paid carts without an order 60 s after the run", noOrder],
          ["double captures", doubles],
          ["Failed to acquire lock", locks],
          [
            "shoppers who waited in line (svc's ceiling), their wait p95",
            `${waited.length}, ${ms(percentile(waited, 95))}`,
          ],
          ["shopper errors", errors.length],
        ]
      )
    )
    if (afterStats)
      console.log(
        `\nsvc calls by route: ${Object.entries(afterStats.byRoute)
          .map(([r, n]) => `${r} ${n}`)
          .join(", ")}`
      )
    const kinds = new Map<string, number>()
    for (const s of errors) {
      const key = s
        .error!.replace(/[0-9a-f-]{36}|cart_\w+|pay_\w+/g, "…")
        .slice(0, 160)
      kinds.set(key, (kinds.get(key) ?? 0) + 1)
    }
    for (const [e, n] of kinds) console.log(`  ${n} × ${e}`)
  } finally {
    await stack.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
