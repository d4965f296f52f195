/**
 * N shoppers at once, on one stack booted for this run. Each creates a cart, starts an
 * svc payment session (wallet, FPX hosted and FPX direct in turn) and pays in the sandbox;
 * then half complete the cart and half close the tab, so their order must come from the
 * sandbox's checkout.updated webhooks to the plugin's /hooks/svc (as the
 * demo configures them). Baseline, same run, same N: shoppers paying with Medusa's
 * pp_system_default, all completing the cart. Orders and captures are read from the
 * database (watching the carts adds no load to Medusa's HTTP server).
 *
 *   node -r @swc-node/register bench/concurrency.ts [N…] (default 50 100 200)
 *     [--settle=60] [--ceiling=off|100] [--code=HEAD|<ref>|worktree]
 *
 * Target: every paid cart an order within 15 s of payment, no `Failed to
 * acquire lock`, no double capture, at most 3 svc calls per paid order.
 */
import { ceilingFlag, describeCeiling, numberFlag, parseArgs } from "./lib/args"
import { doubleCaptured, outcomes, type CartOutcome } from "../testing/orders"
import { ms, percentile, ratio, sleep, table } from "../testing/report"
import { describeCalls, readStats, resetStats } from "../testing/sandbox-api"
import {
  PROMO_CODE,
  shop,
  SVC_PROVIDERS,
  SYSTEM_PROVIDER,
  type Shopper,
} from "../testing/shopper"
import { bootStack, type Stack } from "../testing/stack"
import { StoreApi } from "../testing/store-api"

const TARGET_MS = 15_000
const SVC = Object.values(SVC_PROVIDERS)
type Kind = "svc" | "system"

interface Round {
  n: number
  kind: Kind
  paid: Shopper[]
  /** paid → order per paid shopper (Infinity: none within the settle time) */
  latency: Map<Shopper, number>
  perMin: number
  final: Map<string, CartOutcome>
  locks: number
  calls: { perOrder: string; routes: string; total: number | null }
  failed: Shopper[]
  /** first shopper start → last payment */
  payingMs: number
}

/** How many paid carts had a total with fractions of a sen (more than two decimals), and the totals seen. */
function describeTotals(paid: Shopper[]): string {
  const totals = paid.map((s) => s.cartTotal).filter((t): t is string => !!t)
  const fractional = totals.filter((t) => /\.\d{3,}/.test(t)).length
  return `${fractional} of ${totals.length} paid carts had a total with fractions of a sen (${[...new Set(totals)].sort().join(", ")})`
}

async function round(
  stack: Stack,
  api: StoreApi,
  n: number,
  kind: Kind,
  settleMs: number
): Promise<Round> {
  const counted = await resetStats(stack.sandboxUrl)
  const locksBefore = stack.lockFailures()
  const shoppers: Shopper[] = Array.from({ length: n }, (_, i) =>
    kind === "svc"
      ? { i, provider: SVC[i % SVC.length], completes: i % 2 === 0 }
      : { i, provider: SYSTEM_PROVIDER, completes: true }
  )
  process.stderr.write(`[bench] N=${n} ${kind}: ${n} shoppers start\n`)
  const start = Date.now()
  await Promise.all(shoppers.map((s) => shop(api, stack.sandboxUrl, s)))
  const failed = shoppers.filter((x) => x.error)
  for (const s of failed)
    process.stderr.write(
      `[bench] N=${n} ${kind} shopper #${s.i} ${s.provider}: ${s.error!.slice(0, 300)}\n`
    )
  const paid = shoppers.filter((s) => s.paidAt !== undefined && s.cartId)
  const lastPaid = Math.max(start, ...paid.map((s) => s.paidAt!))
  process.stderr.write(
    `[bench] N=${n} ${kind}: ${paid.length} paid in ${((lastPaid - start) / 1000).toFixed(1)} s; waiting up to ${settleMs / 1000} s after the last payment for orders\n`
  )

  // poll until every paid cart has an order, or settle time after the last payment
  const ids = paid.map((s) => s.cartId!)
  let seen: Map<string, CartOutcome>
  while (true) {
    seen = await outcomes(stack.db, ids)
    if (
      [...seen.values()].every((o) => o.orderAt !== null) ||
      Date.now() > lastPaid + settleMs
    )
      break
    await sleep(1000)
  }
  // late webhooks (processed 5 s after receipt) may still capture twice or call svc: wait, then look again
  await sleep(kind === "svc" ? 10_000 : 2000)
  const final = await outcomes(stack.db, ids)
  const stats = counted ? await readStats(stack.sandboxUrl) : null
  const latency = new Map(
    paid.map((s) => {
      const at = seen.get(s.cartId!)!.orderAt
      return [s, at === null ? Infinity : Math.max(0, at - s.paidAt!)] as const
    })
  )
  const ordered = [...latency.values()].filter(Number.isFinite).length
  const lastOrder = Math.max(...[...seen.values()].map((o) => o.orderAt ?? 0))
  const orders = [...final.values()].filter((o) => o.orderIds.length > 0).length
  return {
    n,
    kind,
    paid,
    latency,
    perMin: ordered ? ordered / ((lastOrder - start) / 60_000) : 0,
    final,
    locks: stack.lockFailures() - locksBefore,
    calls:
      kind === "svc"
        ? { ...describeCalls(stats, orders), total: stats?.total ?? null }
        : { perOrder: "-", routes: "", total: null },
    failed,
    payingMs: lastPaid - start,
  }
}

const lat = (r: Round, group: Shopper[]) => group.map((s) => r.latency.get(s)!)
const finite = (xs: number[]) => xs.filter(Number.isFinite)

function mainRow(r: Round): (string | number)[] {
  const all = lat(r, r.paid)
  const ok = finite(all)
  const doubles = [...r.final.values()].filter(doubleCaptured).length
  const uncaptured = [...r.final.values()].filter(
    (o) => o.orderIds.length > 0 && o.capturedPayments === 0
  ).length
  return [
    r.n,
    r.kind === "svc" ? "svc (3 providers)" : SYSTEM_PROVIDER,
    `${r.paid.length}/${r.n}`,
    `${(r.payingMs / 1000).toFixed(1)} s`,
    r.perMin.toFixed(1),
    ms(percentile(ok, 50)),
    ms(percentile(ok, 95)),
    `${all.filter((x) => x <= TARGET_MS).length}/${r.paid.length}`,
    all.filter((x) => x > 60_000).length,
    doubles,
    // pp_system_default only authorizes: its orders wait for a capture by the merchant
    r.kind === "svc" ? uncaptured : "-",
    r.locks,
    r.calls.perOrder,
  ]
}

function groupRow(
  r: Round,
  name: string,
  group: Shopper[]
): (string | number)[] {
  const xs = lat(r, group)
  const ok = finite(xs)
  return [
    r.n,
    name,
    group.length,
    ms(percentile(ok, 50)),
    ms(percentile(ok, 95)),
    ms(ok.length ? Math.max(...ok) : NaN),
    xs.filter((x) => x <= TARGET_MS).length,
    xs.filter((x) => x > 60_000).length,
  ]
}

function notes(r: Round): string[] {
  const out: string[] = []
  if (r.calls.routes)
    out.push(`N=${r.n} svc calls: ${r.calls.routes}; total ${r.calls.total}`)
  if (r.failed.length) {
    out.push(
      `N=${r.n} ${r.kind}: shoppers that failed before paying or completing: ${r.failed.length}`
    )
    for (const s of r.failed.slice(0, 5))
      out.push(`  #${s.i} ${s.provider}: ${s.error!.slice(0, 240)}`)
  }
  const notCompleted = r.paid.filter(
    (s) => s.completes && s.completeType !== "order"
  )
  if (notCompleted.length)
    out.push(
      `N=${r.n} ${r.kind}: completing shoppers whose complete gave no order: ${notCompleted.length}`
    )
  for (const d of [...r.final.values()].filter(doubleCaptured).slice(0, 5))
    out.push(
      `N=${r.n} double: cart ${d.cartId}: ${d.orderIds.length} orders, ${d.capturedPayments} captured payments, ${d.captures} captures`
    )
  return out
}

async function main() {
  const { flags, positionals } = parseArgs()
  const ns = positionals.length ? positionals.map(Number) : [50, 100, 200]
  if (ns.some((x) => !Number.isInteger(x) || x < 2))
    throw new Error("N must be whole numbers ≥ 2")
  const settleMs = numberFlag(flags, "settle", 60) * 1000
  const ceiling = ceilingFlag(flags, null)

  const stack = await bootStack("concurrency", ceiling, flags.get("code"))
  try {
    const api = new StoreApi(stack.storeUrl, stack.store)
    // warm-up, not measured
    await round(stack, api, 6, "svc", 30_000)
    await round(stack, api, 4, "system", 30_000)
    await sleep(5000)
    const results: [Round, Round][] = []
    for (const [i, n] of ns.entries()) {
      // svc allows 120 checkout creations per rolling minute per account: each svc round
      // starts with that window empty, so N does not depend on the round before it; at a
      // ceiling the first one too (the warm-up's calls are not the burst's).
      if (i > 0 || ceiling !== null) await sleep(61_000)
      const svc = await round(stack, api, n, "svc", settleMs)
      await sleep(10_000)
      const system = await round(stack, api, n, "system", settleMs)
      await sleep(5000)
      results.push([svc, system])
    }
    console.log(`
concurrency: N shoppers at once; svc: half complete the cart after paying, half close the tab (order from the webhook);
baseline: N shoppers with pp_system_default, all completing, same stack, same run
  code        ${stack.codeLabel}
  svc ceiling ${describeCeiling(ceiling)}
  providers   ${SVC.join(", ")} in turn; webhooks to ${process.env.BENCH_WEBHOOK_PATH ?? "/hooks/svc"}
  carts       SST 8 % on every cart, the 33 % code ${PROMO_CODE} on half (three shoppers in six); ${describeTotals(results.flatMap(([a, b]) => [...a.paid, ...b.paid]))}
  medusa log  ${stack.medusaLog}
  all paid after = first shopper start → last payment (cart, session, pay); orders/min = carts with an order ÷ (first shopper start → last order); paid→order = from the sandbox pay call
  returning (system: session created) to the order's created_at; "none 60 s" = no order within 60 s of payment
  targets: every svc order ≤ 15 s after payment, 0 lock failures, 0 double capture, ≤ 3 svc calls per order
`)
    console.log(
      table(
        [
          "N",
          "provider",
          "paid",
          "all paid after",
          "orders/min",
          "paid→order p50",
          "p95",
          "order ≤ 15 s",
          "none 60 s",
          "double capture",
          "order not captured",
          "Failed to acquire lock",
          "svc calls/order",
        ],
        results.flatMap(([a, b]) => [mainRow(a), mainRow(b)])
      )
    )
    console.log()
    console.log(
      table(
        [
          "N",
          "shoppers who…",
          "paid",
          "paid→order p50",
          "p95",
          "max",
          "≤ 15 s",
          "none 60 s",
        ],
        results.flatMap(([a, b]) => [
          groupRow(
            a,
            "svc, complete the cart",
            a.paid.filter((s) => s.completes)
          ),
          groupRow(
            a,
            "svc, close the tab (webhook)",
            a.paid.filter((s) => !s.completes)
          ),
          groupRow(b, "system, complete the cart", b.paid),
        ])
      )
    )
    console.log()
    console.log(
      table(
        [
          "N",
          "orders/min svc ÷ system",
          "completing shoppers p50 svc ÷ system",
          "p95 svc ÷ system",
          "all svc p95 ÷ system p95",
        ],
        results.map(([a, b]) => {
          const ca = finite(
            lat(
              a,
              a.paid.filter((s) => s.completes)
            )
          )
          const cb = finite(lat(b, b.paid))
          const all = finite(lat(a, a.paid))
          return [
            a.n,
            ratio(a.perMin, b.perMin),
            ratio(percentile(ca, 50), percentile(cb, 50)),
            ratio(percentile(ca, 95), percentile(cb, 95)),
            ratio(percentile(all, 95), percentile(cb, 95)),
          ]
        })
      )
    )
    const all = results.flatMap(([a, b]) => [...notes(a), ...notes(b)])
    if (all.length) console.log("\n" + all.join("\n"))
  } finally {
    await stack.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
