/**
 * The payment part of a checkout (create the payment session, pay on svc's page in the
 * sandbox, complete the cart) for an svc provider vs Medusa's pp_system_default, one
 * checkout at a time, each provider at ~20 orders/min (svc and system slots alternate),
 * on one stack booted for this run. Cart creation is set-up, not measured.
 *
 *   node -r @swc-node/register bench/checkout-latency.ts [--orders=40] [--rate=20]
 *     [--provider=fpx|wallet|fpx-direct] [--ceiling=100|off] [--code=HEAD|<ref>|worktree]
 *
 * Targets: svc p50 ≤ 1.3× system p50, svc p95 ≤ 1.5× system p95, no stall > 2 s.
 *
 *   --sql: before the measured part, one checkout per provider with every SQL statement
 *     Medusa sends counted per step (the session; the completion, with whatever the
 *     webhook does meanwhile), from PostgreSQL's log (bench/lib/sql-log.ts)
 */
import { ceilingFlag, describeCeiling, numberFlag, parseArgs } from "./lib/args"
import { ms, percentile, ratio, sleep, table } from "../testing/report"
import { describeCalls, readStats, resetStats } from "../testing/sandbox-api"
import {
  payAndComplete,
  sessionData,
  SVC_PROVIDERS,
  SYSTEM_PROVIDER,
  type PaymentTimings,
  type SvcProviderName,
} from "../testing/shopper"
import { bootStack, type Stack } from "../testing/stack"
import { payCheckout } from "../testing/sandbox-api"
import { SqlLog, type SqlCount } from "./lib/sql-log"
import { StoreApi } from "../testing/store-api"

const STALL_MS = 2000

interface Sample extends PaymentTimings {
  i: number
  provider: string
}

async function main() {
  const { flags } = parseArgs()
  const orders = numberFlag(flags, "orders", 40)
  const rate = numberFlag(flags, "rate", 20)
  const ceiling = ceilingFlag(flags, 100)
  const svcName = (flags.get("provider") ?? "fpx") as SvcProviderName
  const svcProvider = SVC_PROVIDERS[svcName]
  if (!svcProvider)
    throw new Error(
      `--provider must be one of ${Object.keys(SVC_PROVIDERS).join(", ")}`
    )

  const stack = await bootStack("latency", ceiling, flags.get("code"))
  try {
    const api = new StoreApi(stack.storeUrl, stack.store)
    const samples: Sample[] = []
    const failures: string[] = []
    const one = async (i: number, provider: string, record: boolean) => {
      const { cartId, paymentCollectionId } = await api.newCart()
      try {
        const t = await payAndComplete(
          api,
          stack.sandboxUrl,
          paymentCollectionId,
          cartId,
          provider
        )
        if (t.result.type !== "order")
          failures.push(
            `#${i} ${provider}: complete answered type ${t.result.type} ${JSON.stringify(t.result).slice(0, 200)}`
          )
        else if (record) samples.push({ ...t, i, provider })
      } catch (e) {
        failures.push(`#${i} ${provider}: ${(e as Error).message}`)
      }
    }

    // warm-up: first requests compile routes and workflows; not measured
    for (const p of [
      svcProvider,
      SYSTEM_PROVIDER,
      svcProvider,
      SYSTEM_PROVIDER,
    ])
      await one(-1, p, false)
    await sleep(8000) // let the warm-up's webhooks (processed 5 s after receipt) finish
    if (flags.has("sql"))
      await sqlTrace(stack, api, [svcProvider, SYSTEM_PROVIDER])
    const counted = await resetStats(stack.sandboxUrl)
    const locksBefore = stack.lockFailures()

    // one svc and one system checkout per slot of 60/rate s, never two at once; the
    // order within a slot alternates so neither provider always follows the other
    const slotMs = 60_000 / rate
    const t0 = Date.now()
    process.stderr.write(
      `[bench] ${orders} checkouts per provider, one every ${(slotMs / 1000).toFixed(1)} s per provider\n`
    )
    for (let i = 0; i < orders; i++) {
      const pair =
        i % 2 === 0
          ? [svcProvider, SYSTEM_PROVIDER]
          : [SYSTEM_PROVIDER, svcProvider]
      for (let k = 0; k < 2; k++) {
        const wait = t0 + i * slotMs + (k * slotMs) / 2 - Date.now()
        if (wait > 0) await sleep(wait)
        await one(i, pair[k], true)
      }
    }
    const elapsedMin = (Date.now() - t0) / 60_000
    await sleep(8000) // the last webhooks
    const stats = counted ? await readStats(stack.sandboxUrl) : null
    const locks = stack.lockFailures() - locksBefore

    const of = (p: string) => samples.filter((s) => s.provider === p)
    const svc = of(svcProvider)
    const sys = of(SYSTEM_PROVIDER)
    const row = (name: string, xs: Sample[]) => {
      const tot = xs.map((s) => s.totalMs)
      const st = (f: (s: Sample) => number, p: number) =>
        ms(percentile(xs.map(f), p))
      return [
        name,
        xs.length,
        ms(percentile(tot, 50)),
        ms(percentile(tot, 95)),
        ms(Math.max(...tot)),
        st((s) => s.sessionMs, 50),
        st((s) => s.sessionMs, 95),
        st((s) => s.payMs, 50),
        st((s) => s.completeMs, 50),
        st((s) => s.completeMs, 95),
      ]
    }
    const p = (xs: Sample[], q: number) =>
      percentile(
        xs.map((s) => s.totalMs),
        q
      )
    const calls = describeCalls(stats, svc.length)
    const stalls = samples.filter((s) => s.totalMs > STALL_MS)

    console.log(`
checkout-latency: payment part of a checkout (session + pay in sandbox + complete), sequential
  code        ${stack.codeLabel}
  svc ceiling ${describeCeiling(ceiling)}
  load        ${orders} ${svcName} (${svcProvider}) + ${orders} ${SYSTEM_PROVIDER} checkouts, each provider at ${rate}/min, ${elapsedMin.toFixed(1)} min
  medusa log  ${stack.medusaLog}
`)
    console.log(
      table(
        [
          "provider",
          "n",
          "p50",
          "p95",
          "max",
          "session p50",
          "session p95",
          "pay p50",
          "complete p50",
          "complete p95",
        ],
        [row(svcProvider, svc), row(SYSTEM_PROVIDER, sys)]
      )
    )
    console.log()
    console.log(
      table(
        ["ratio (svc ÷ system)", "measured", "target", "met"],
        [
          [
            "p50 ÷ system p50",
            ratio(p(svc, 50), p(sys, 50)),
            "≤ 1.30×",
            p(svc, 50) / p(sys, 50) <= 1.3 ? "yes" : "NO",
          ],
          [
            "p95 ÷ system p95",
            ratio(p(svc, 95), p(sys, 95)),
            "≤ 1.50×",
            p(svc, 95) / p(sys, 95) <= 1.5 ? "yes" : "NO",
          ],
          [
            `stalls > ${STALL_MS / 1000} s`,
            String(stalls.length),
            "0",
            stalls.length === 0 ? "yes" : "NO",
          ],
        ]
      )
    )
    console.log()
    console.log(
      `svc calls per ${svcName} order: ${calls.perOrder}${calls.routes ? `  (${calls.routes}; total ${stats!.total})` : ""}`
    )
    console.log(`Failed to acquire lock (during the measured part): ${locks}`)
    console.log(`failed checkouts: ${failures.length}`)
    for (const f of failures) console.log(`  ${f}`)
    if (stalls.length) {
      console.log(`stalls > ${STALL_MS / 1000} s:`)
      for (const s of stalls)
        console.log(
          `  #${s.i} ${s.provider}: ${ms(s.totalMs)} (session ${ms(s.sessionMs)}, pay ${ms(s.payMs)}, complete ${ms(s.completeMs)})`
        )
    }
  } finally {
    await stack.close()
  }
}

/** One checkout per provider, its session and its completion each with the SQL statements counted. */
async function sqlTrace(stack: Stack, api: StoreApi, providers: string[]) {
  const log = new SqlLog(stack.db, stack.dbName)
  const steps: { provider: string; step: string; sql: SqlCount }[] = []
  for (const provider of providers) {
    const { cartId, paymentCollectionId } = await api.newCart()
    await sleep(1000)
    await log.start()
    const session = await api.initiateSession(
      paymentCollectionId,
      provider,
      sessionData(provider, cartId)
    )
    steps.push({ provider, step: "session", sql: await log.stop() })
    if (provider !== SYSTEM_PROVIDER)
      await payCheckout(stack.sandboxUrl, String(session.data.checkoutId))
    await log.start()
    await api.complete(cartId)
    await sleep(3000) // what the completion and the webhook do after the answer
    steps.push({
      provider,
      step: "complete (+ webhook)",
      sql: await log.stop(),
    })
  }
  console.log(
    "\nSQL statements per step (one checkout each, PostgreSQL's log)\n"
  )
  console.log(
    table(
      ["provider", "step", "statements", "transactions"],
      steps.map((x) => [
        x.provider,
        x.step,
        x.sql.statements,
        x.sql.transactions,
      ])
    )
  )
  for (const x of steps.filter((x) => x.provider !== SYSTEM_PROVIDER)) {
    const top = [...x.sql.byTable].sort((a, b) => b[1] - a[1]).slice(0, 12)
    console.log(
      `\n${x.provider} ${x.step}: ${top.map(([k, n]) => `${k} ${n}`).join(", ")}`
    )
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
