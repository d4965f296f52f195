/**
 * N shoppers at once, on one stack booted for this run. Each creates a cart, starts an
 * svc payment session (wallet, FPX hosted and FPX direct in turn) and pays in the sandbox;
 * then half complete the cart and half close the tab, so their order must come from the
 * sandbox's checkout.updated webhooks to Medusa's /hooks/payment/svc-wallet_svc (as the
 * demo configures them). Orders and captures are read from the database (no extra load on
 * Medusa's HTTP server).
 *
 *   node -r @swc-node/register bench/concurrency.ts [N…] (default 50 100 200)
 *     [--settle=60] [--ceiling=off|100] [--code=HEAD|<ref>|worktree]
 *
 * Target (issue 9): every paid cart an order within 15 s of payment, no `Failed to
 * acquire lock`, no double capture, at most 3 svc calls per paid order.
 */
import { ceilingFlag, describeCeiling, numberFlag, parseArgs } from "./lib/args"
import { doubleCaptured, outcomes, type CartOutcome } from "./lib/orders"
import { ms, percentile, sleep, table } from "./lib/report"
import { describeCalls, readStats, resetStats } from "./lib/sandbox-api"
import { shop, SVC_PROVIDERS, type Shopper } from "./lib/shopper"
import { bootStack, closeOnSignal, type Stack } from "./lib/stack"
import { StoreApi } from "./lib/store-api"

const TARGET_MS = 15_000
const PROVIDERS = Object.values(SVC_PROVIDERS)

interface RoundResult {
  n: number
  rows: (string | number)[][]
  groupRows: (string | number)[][]
  notes: string[]
}

async function round(stack: Stack, api: StoreApi, n: number, settleMs: number): Promise<RoundResult> {
  const counted = await resetStats(stack.sandboxUrl)
  const locksBefore = stack.lockFailures()
  const shoppers: Shopper[] = Array.from({ length: n }, (_, i) => ({ i, provider: PROVIDERS[i % PROVIDERS.length], completes: i % 2 === 0 }))
  process.stderr.write(`[bench] N=${n}: ${n} shoppers start\n`)
  const start = Date.now()
  await Promise.all(shoppers.map((s) => shop(api, stack.sandboxUrl, s)))
  for (const s of shoppers.filter((x) => x.error)) process.stderr.write(`[bench] N=${n} shopper #${s.i} ${s.provider}: ${s.error!.slice(0, 300)}\n`)
  const paid = shoppers.filter((s) => s.paidAt !== undefined && s.cartId)
  const lastPaid = Math.max(...paid.map((s) => s.paidAt!))
  process.stderr.write(`[bench] N=${n}: ${paid.length} paid in ${((lastPaid - start) / 1000).toFixed(1)} s; waiting up to ${settleMs / 1000} s after the last payment for orders\n`)

  // poll until every paid cart has an order, or settle time after the last payment
  const ids = paid.map((s) => s.cartId!)
  let seen: Map<string, CartOutcome> = new Map()
  while (true) {
    seen = await outcomes(stack.db, ids)
    if ([...seen.values()].every((o) => o.orderAt !== null) || Date.now() > lastPaid + settleMs) break
    await sleep(1000)
  }
  // late webhooks (processed 5 s after receipt) may still capture twice or call svc: wait, then look again
  await sleep(10_000)
  const final = await outcomes(stack.db, ids)
  const stats = counted ? await readStats(stack.sandboxUrl) : null
  const locks = stack.lockFailures() - locksBefore

  const lat = (group: Shopper[]) =>
    group.map((s) => seen.get(s.cartId!)!).map((o, k) => (o.orderAt === null ? Infinity : Math.max(0, o.orderAt - group[k].paidAt!)))
  const all = lat(paid)
  const ordered = all.filter(Number.isFinite)
  const orders = [...final.values()].filter((o) => o.orderIds.length > 0).length
  const lastOrder = Math.max(...[...seen.values()].map((o) => o.orderAt ?? 0))
  const perMin = ordered.length ? (ordered.length / ((lastOrder - start) / 60_000)).toFixed(1) : "0"
  const within = all.filter((x) => x <= TARGET_MS).length
  const noOrder60 = all.filter((x) => x > 60_000).length
  const doubles = [...final.values()].filter(doubleCaptured)
  const uncaptured = [...final.values()].filter((o) => o.orderIds.length > 0 && o.capturedPayments === 0).length
  const calls = describeCalls(stats, orders)
  const failed = shoppers.filter((s) => s.error)
  const notCompleted = paid.filter((s) => s.completes && s.completeType !== "order")

  const notes: string[] = []
  if (calls.routes) notes.push(`N=${n} svc calls: ${calls.routes}; total ${stats!.total}`)
  if (failed.length) {
    notes.push(`N=${n} shoppers that failed before paying: ${failed.length}`)
    for (const s of failed.slice(0, 5)) notes.push(`  #${s.i} ${s.provider}: ${s.error!.slice(0, 240)}`)
  }
  if (notCompleted.length) notes.push(`N=${n} completing shoppers whose complete gave no order: ${notCompleted.length} (${[...new Set(notCompleted.map((s) => s.error?.slice(0, 120) ?? `type ${s.completeType}`))].slice(0, 3).join("; ")})`)
  for (const d of doubles.slice(0, 5)) notes.push(`N=${n} double: cart ${d.cartId}: ${d.orderIds.length} orders, ${d.capturedPayments} captured payments, ${d.captures} captures`)

  const groupRow = (name: string, group: Shopper[]) => {
    const xs = lat(group)
    const ok = xs.filter(Number.isFinite)
    return [n, name, group.length, ms(percentile(ok, 50)), ms(percentile(ok, 95)), ms(ok.length ? Math.max(...ok) : NaN), xs.filter((x) => x <= TARGET_MS).length, xs.filter((x) => x > 60_000).length]
  }
  return {
    n,
    rows: [
      [
        n,
        paid.length,
        perMin,
        ms(percentile(ordered, 50)),
        ms(percentile(ordered, 95)),
        `${within}/${paid.length}`,
        noOrder60,
        doubles.length,
        uncaptured,
        locks,
        calls.perOrder,
      ],
    ],
    groupRows: [groupRow("completes the cart", paid.filter((s) => s.completes)), groupRow("closes the tab (webhook only)", paid.filter((s) => !s.completes))],
    notes,
  }
}

async function main() {
  const { flags, positionals } = parseArgs()
  const ns = positionals.length ? positionals.map(Number) : [50, 100, 200]
  if (ns.some((x) => !Number.isInteger(x) || x < 2)) throw new Error("N must be whole numbers ≥ 2")
  const settleMs = numberFlag(flags, "settle", 60) * 1000
  const ceiling = ceilingFlag(flags, null)

  const stack = await bootStack({ name: "concurrency", ceiling, code: flags.get("code") })
  closeOnSignal(stack)
  try {
    const api = new StoreApi(stack.storeUrl, stack.store)
    // warm-up: one shopper of each kind, not measured
    await round(stack, api, 6, 30_000)
    await sleep(5000)
    const results: RoundResult[] = []
    for (const n of ns) {
      results.push(await round(stack, api, n, settleMs))
      await sleep(10_000)
    }
    console.log(`
concurrency: N shoppers at once, half complete the cart after paying, half close the tab (order from the webhook)
  code        ${stack.codeLabel}
  svc ceiling ${describeCeiling(ceiling)}
  providers   ${PROVIDERS.join(", ")} in turn; webhooks to /hooks/payment/svc-wallet_svc
  medusa log  ${stack.medusaLog}
  orders/min = paid carts with an order ÷ (first shopper start → last order); paid→order from the sandbox pay call
  returning to the order's created_at; "no order 60 s" = none within 60 s of payment; targets: all within 15 s,
  0 lock failures, 0 double, ≤ 3 svc calls per order
`)
    console.log(
      table(
        ["N", "paid", "orders/min", "paid→order p50", "p95", "order ≤ 15 s", "no order 60 s", "double capture", "order not captured", "Failed to acquire lock", "svc calls/order"],
        results.flatMap((r) => r.rows)
      )
    )
    console.log()
    console.log(table(["N", "shoppers who…", "paid", "paid→order p50", "p95", "max", "≤ 15 s", "none in 60 s"], results.flatMap((r) => r.groupRows)))
    const notes = results.flatMap((r) => r.notes)
    if (notes.length) console.log("\n" + notes.join("\n"))
  } finally {
    await stack.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
