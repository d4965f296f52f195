/**
 * The chaos run at bench size: N shoppers (default 200) pay through
 * two Medusa servers and a worker on Redis (testing/cluster.ts)
 * while the sandbox injects every fault it has on checkout creation and reads
 * and drops, duplicates, reorders and delays webhooks, and one server and the
 * worker are killed (SIGKILL) and started again once a third have paid. Then the
 * money check from svc's state and Medusa's, and the figures.
 *
 *   node -r @swc-node/register bench/chaos.ts [N] [--ceiling=1000] [--per-second=5] [--settle=180] [--code=HEAD|<ref>|worktree]
 *     [--kill-at=paid|creation|capture|completion]
 *
 * --kill-at: the moment the kill lands (testing/chaos.ts, KillMoment): at once
 * (default), during a checkout creation, during a settlement's capture, or inside a cart
 * completion holding Medusa's cart lock.
 *
 * The CI-sized version of the same run is integration-tests/scale/cluster.spec.ts.
 */
import { readStats } from "../testing/sandbox-stats"
import {
  CHAOS_KILLED,
  chaosRun,
  KILL_MOMENTS,
  percentile,
  startChaosCluster,
  type KillMoment,
} from "../testing/chaos"
import { describeMoney, moneyIsSafe } from "../testing/money-invariants"
import { numberFlag, parseArgs } from "./lib/args"
import { prepareCode } from "../testing/code"
import { table } from "../testing/report"

async function main() {
  const { flags, positionals } = parseArgs()
  const n = Number(positionals[0] ?? 200)
  const ceiling = numberFlag(flags, "ceiling", 1000)
  const perSecond = numberFlag(flags, "per-second", 5)
  const settleMs = numberFlag(flags, "settle", 180) * 1000
  const killAt = (flags.get("kill-at") ?? "paid") as KillMoment
  if (!KILL_MOMENTS.includes(killAt))
    throw new Error(
      `--kill-at must be one of ${KILL_MOMENTS.join(", ")}, got ${killAt}`
    )
  const log = (m: string) => process.stderr.write(`[chaos] ${m}\n`)
  process.env.CLUSTER_VERBOSE ??= "1"
  // Medusa runs from a snapshot of the commit (--code=HEAD|<ref>|worktree), as the other benches do
  const code = prepareCode(flags.get("code") ?? "HEAD")
  process.env.CLUSTER_CODE_DIR = code.dir
  log(`measuring ${code.label}`)
  const started = Date.now()
  // svc in its own process, as it is in life: the load generator's event loop does not slow it down
  const cluster = await startChaosCluster({
    name: "bench",
    ceiling,
    sandboxProcess: true,
  })
  const stop = () => void cluster.close().then(() => process.exit(130))
  process.once("SIGINT", stop)
  try {
    log(
      `cluster up in ${((Date.now() - started) / 1000).toFixed(0)} s (logs: ${cluster.logDir}); ${n} shoppers at ${perSecond}/s`
    )
    const run = await chaosRun(cluster, {
      n,
      kill: CHAOS_KILLED,
      killAt,
      settleMs,
      perSecond,
      log,
    })
    const stats = await readStats(cluster.svc.url)
    const lat = run.latency
    const closedTab = run.paid
      .filter((s) => !s.completes)
      .map((s) => lat[run.paid.indexOf(s)])
    const sec = (x: number) =>
      Number.isFinite(x) ? `${(x / 1000).toFixed(1)} s` : "never"
    const sessions = run.shoppers
      .filter((s) => s.sessionMs !== undefined)
      .map((s) => s.sessionMs!)
    console.log(`
Chaos run: ${n} shoppers, 2 servers + 1 worker on Redis, svc ceiling ${ceiling}/min, killed mid-run: ${run.killed.join(", ")}
kill moment: ${run.killMoment ? `${run.killMoment.at}, ${run.killMoment.seen ? `seen after ${run.killMoment.waitedMs} ms` : "not seen in 60 s (killed anyway)"}` : "none"}; ${code.label}, ${new Date().toISOString()}
request faults: ${run.requestFaults.join("; ")}
webhook faults: ${Object.entries(run.webhookFaults)
      .map(([k, v]) => `${k} ×${v}`)
      .join(", ")}
`)
    console.log(
      table(
        ["measure", "value"],
        [
          ["shoppers who paid", `${run.paid.length} of ${n}`],
          [
            "shoppers who could not pay",
            String(run.shoppers.filter((s) => s.error && !s.paidAt).length),
          ],
          [
            "shopper retries (dead instance, 409, svc busy)",
            String(run.shoppers.reduce((a, s) => a + s.retries, 0)),
          ],
          [
            "payment session p50 / p95 (retries included)",
            `${sec(percentile(sessions, 50))} / ${sec(percentile(sessions, 95))}`,
          ],
          ["COMPLETED checkouts", String(run.money.completedCheckouts)],
          [
            "… one order, one capture of the right amount",
            String(run.money.ordered),
          ],
          ["… flagged for the admin with a reason", String(run.money.flagged)],
          ["… neither (lost)", String(run.money.lost.length)],
          [
            "orders without a paid checkout",
            String(run.money.ordersWithoutPaidCheckout.length),
          ],
          ["carts captured twice", String(run.money.doubleCaptured.length)],
          [
            "paid → order p50 / p95 / max",
            `${sec(percentile(lat, 50))} / ${sec(percentile(lat, 95))} / ${sec(Math.max(...lat))}`,
          ],
          [
            "… shoppers who closed the tab: p50 / p95",
            `${sec(percentile(closedTab, 50))} / ${sec(percentile(closedTab, 95))}`,
          ],
          [
            "svc calls per paid order",
            (stats.total / Math.max(1, run.paid.length)).toFixed(2),
          ],
          [
            "requests svc refused for the ceiling (429)",
            String(stats.rateLimited),
          ],
          [
            "webhooks taken by server-1 / server-2",
            ["server-1", "server-2"]
              .map((x) => cluster.hits.get(x)?.get("hooks") ?? 0)
              .join(" / "),
          ],
          [
            "cart lock waits that timed out",
            String(cluster.logLines(/Failed to acquire lock/).length),
          ],
          [
            "paid carts completed again by the watcher / job",
            String(
              cluster.logLines(/is order order_\w+ \((watcher|job)/).length
            ),
          ],
        ]
      )
    )
    console.log(
      `\n${describeMoney(run.money)}\n\nmoney safe: ${moneyIsSafe(run.money) ? "yes" : "NO"}`
    )
    process.exitCode = moneyIsSafe(run.money) ? 0 : 1
  } finally {
    await cluster.close()
  }
}

void main()
