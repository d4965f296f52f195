/**
 * The CPU one settlement costs Medusa, against the CPU one order costs with Medusa's own
 * pp_system_default, on one stack, in the same run (issue 34: "a settlement that costs what
 * an order costs").
 *
 *   node -r @swc-node/register bench/settle-cpu.ts [N] (default 40)
 *     [--rounds=2] [--only=svc|system] [--code=HEAD|<ref>|worktree]
 *   BENCH_CPU_PROF_DIR=/tmp/prof …: Medusa also writes a V8 CPU profile there (bench/cpu-profile.ts)
 *   --sql: also count the SQL statements Medusa sends per order in each phase, from
 *     PostgreSQL's log (bench/lib/sql-log.ts; slows PostgreSQL: CPU figures of such a run
 *     are not comparable with one without)
 *
 * Medusa's CPU is read from /proc (user + system time of every process in its process
 * group) around each phase; the carts and payment sessions are made before the phase:
 * - system: N carts with a pp_system_default session are completed at once (N orders);
 * - svc: N carts with an svc session (wallet, FPX hosted, FPX direct in turn) are paid on
 *   svc's page in the sandbox at once, and nobody completes them: each order comes from
 *   the webhook (the route, the subscriber, the settle workflow: lock, ledger row, svc read,
 *   capture, order), until N orders exist.
 * The idle CPU of the same stack (the watcher's ticks) over the same time is taken off
 * both ("net"). Phases alternate, `--rounds` times each; the table shows every round and
 * the ratio svc ÷ system of the medians. Linux only (/proc).
 */
import { readdirSync, readFileSync } from "node:fs"
import { numberFlag, parseArgs } from "./lib/args"
import { SqlLog, type SqlCount } from "./lib/sql-log"
import { outcomes, doubleCaptured } from "../testing/orders"
import { ratio, sleep, table } from "../testing/report"
import { payCheckout } from "../testing/sandbox-api"
import { sessionData, SVC_PROVIDERS, SYSTEM_PROVIDER } from "../testing/shopper"
import { bootStack, type Stack } from "../testing/stack"
import { StoreApi } from "../testing/store-api"

const TICK_MS = 10 // USER_HZ is 100 on Linux

/** CPU ms of every process in the process group `pgid` so far. */
function groupCpuMs(pgid: number): number {
  let ticks = 0
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8")
    } catch {
      continue // gone meanwhile
    }
    // fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    if (Number(f[2]) !== pgid) continue
    ticks += Number(f[11]) + Number(f[12])
  }
  return ticks * TICK_MS
}

type Phase = {
  kind: "system" | "svc"
  n: number
  cpuMs: number
  wallMs: number
  orders: number
  double: number
  sql?: SqlCount
}

async function idleRate(pgid: number, ms: number): Promise<number> {
  const c0 = groupCpuMs(pgid)
  await sleep(ms)
  return (groupCpuMs(pgid) - c0) / ms
}

async function waitForOrders(
  stack: Stack,
  cartIds: string[],
  timeoutMs: number
): Promise<number> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const o = await outcomes(stack.db, cartIds)
    const n = [...o.values()].filter((x) => x.orderIds.length > 0).length
    if (n === cartIds.length || Date.now() > end) return n
    await sleep(200)
  }
}

async function phase(
  stack: Stack,
  api: StoreApi,
  kind: Phase["kind"],
  n: number,
  sqlLog?: SqlLog
): Promise<Phase> {
  const pgid = stack.medusaPid()
  if (!pgid) throw new Error("no Medusa process")
  const svc = Object.values(SVC_PROVIDERS)
  const prepared = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const { cartId, paymentCollectionId } = await api.newCart()
      const provider =
        kind === "system" ? SYSTEM_PROVIDER : svc[i % svc.length]!
      const session = await api.initiateSession(
        paymentCollectionId,
        provider,
        sessionData(provider, cartId)
      )
      return {
        cartId,
        checkoutId: session.data.checkoutId as string | undefined,
      }
    })
  )
  await sleep(2000) // what the sessions left behind (events, the ledger) is done
  await sqlLog?.start()
  const c0 = groupCpuMs(pgid)
  const t0 = Date.now()
  if (kind === "system")
    await Promise.all(prepared.map((p) => api.complete(p.cartId)))
  else
    await Promise.all(
      prepared.map((p) => payCheckout(stack.sandboxUrl, p.checkoutId!))
    )
  const orders = await waitForOrders(
    stack,
    prepared.map((p) => p.cartId),
    180_000
  )
  const wallMs = Date.now() - t0
  const cpuMs = groupCpuMs(pgid) - c0
  const sql = await sqlLog?.stop()
  const o = await outcomes(
    stack.db,
    prepared.map((p) => p.cartId)
  )
  return {
    kind,
    n,
    cpuMs,
    wallMs,
    orders,
    double: [...o.values()].filter(doubleCaptured).length,
    sql,
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2
    ? s[(s.length - 1) / 2]!
    : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** Statements per order, each phase kind's median round, by kind and by "kind table" (the 25 most). */
function printSql(results: Phase[], kinds: readonly Phase["kind"][]) {
  const per = (k: Phase["kind"], f: (c: SqlCount) => number) =>
    median(
      results.filter((p) => p.kind === k && p.sql).map((p) => f(p.sql!) / p.n)
    )
  const keys = new Set<string>()
  for (const p of results)
    for (const key of p.sql?.byTable.keys() ?? []) keys.add(key)
  const rows = [...keys].map(
    (key) =>
      [
        key,
        ...kinds.map((k) => per(k, (c) => c.byTable.get(key) ?? 0)),
      ] as const
  )
  rows.sort((a, b) => (b[b.length - 1] as number) - (a[a.length - 1] as number))
  const kindKeys = new Set<string>()
  for (const p of results)
    for (const key of p.sql?.byKind.keys() ?? []) kindKeys.add(key)
  console.log(`\nSQL statements per order (PostgreSQL's log, median round)\n`)
  console.log(
    table(
      ["statement", ...kinds],
      [
        ["all", ...kinds.map((k) => per(k, (c) => c.statements).toFixed(1))],
        ...[...kindKeys].map((key) => [
          `  ${key}`,
          ...kinds.map((k) => per(k, (c) => c.byKind.get(key) ?? 0).toFixed(1)),
        ]),
        ...rows
          .slice(0, 25)
          .map(([key, ...v]) => [
            key,
            ...v.map((x) => (x as number).toFixed(1)),
          ]),
      ]
    )
  )
}

async function main() {
  const { flags, positionals } = parseArgs()
  const n = Number(positionals[0] ?? 40)
  const rounds = numberFlag(flags, "rounds", 2)
  const stack = await bootStack("settle-cpu", null, flags.get("code"))
  try {
    const api = new StoreApi(stack.storeUrl, stack.store)
    await phase(stack, api, "system", 5) // warm-up: first requests compile and cache
    await phase(stack, api, "svc", 6)
    const results: Phase[] = []
    const only = flags.get("only")
    const kinds = (["system", "svc"] as const).filter(
      (k) => !only || k === only
    )
    const sqlLog = flags.has("sql")
      ? new SqlLog(stack.db, stack.dbName)
      : undefined
    for (let r = 0; r < rounds; r++)
      for (const kind of kinds)
        results.push(await phase(stack, api, kind, n, sqlLog))
    const idle = await idleRate(stack.medusaPid()!, 10_000)
    const net = (p: Phase) => Math.max(0, p.cpuMs - idle * p.wallMs)
    console.log(
      `\nCPU per order (Medusa's process group), N=${n}, ${rounds} round(s); ${stack.codeLabel}`
    )
    console.log(
      `idle: ${(idle * 1000).toFixed(0)} ms CPU per s (watcher ticks), taken off for "net"\n`
    )
    console.log(
      table(
        [
          "round",
          "kind",
          "orders",
          "double",
          "wall",
          "CPU total",
          "CPU/order",
          "net CPU/order",
        ],
        results.map((p, i) => [
          String(Math.floor(i / kinds.length) + 1),
          p.kind,
          `${p.orders}/${p.n}`,
          String(p.double),
          `${(p.wallMs / 1000).toFixed(1)} s`,
          `${(p.cpuMs / 1000).toFixed(1)} s`,
          `${(p.cpuMs / p.n).toFixed(0)} ms`,
          `${(net(p) / p.n).toFixed(0)} ms`,
        ])
      )
    )
    if (sqlLog) printSql(results, kinds)
    const med = (k: Phase["kind"], f: (p: Phase) => number) =>
      median(results.filter((p) => p.kind === k).map((p) => f(p) / p.n))
    if (kinds.length < 2) return
    console.log(
      `\nmedian net CPU per order: system ${med("system", net).toFixed(0)} ms, svc webhook settlement ${med("svc", net).toFixed(0)} ms: ` +
        `svc ÷ system ${ratio(med("svc", net), med("system", net))}`
    )
  } finally {
    await stack.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
