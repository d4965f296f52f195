/**
 * Boots a whole stack for one bench run, on free ports, and tears it down:
 * the svc sandbox in a child process (webhooks to the plugin's /hooks/svc, or BENCH_WEBHOOK_PATH,
 * as the demo configures them), a fresh PostgreSQL database, `medusa db:migrate`,
 * the bench seed (demo store + pp_system_default), and `medusa start` from the
 * repository root (the plugin's src/ loaded as the app, as `npm run demo` does, but
 * without develop's file watcher: others edit src/ while a bench runs, and a restart
 * mid-run would be measured as a stall). Medusa's output goes to a log file.
 */
import { fork, spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { closeSync, openSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client, Pool } from "pg"
import { freePort } from "./free-port"
import {
  MEDUSA_BIN,
  runMedusa,
  runNames,
  waitForHealth,
} from "./medusa-process"
import type { SandboxCredentials } from "../src/sandbox"
import { prepareCode } from "./code"
import { SHOPPER_LIMITS_OUT_OF_REACH } from "./shopper-limits"

const PG_BASE = process.env.BENCH_PG_URL || "postgres://postgres@localhost:5432"

export interface StackOptions {
  /** used in the database name and the log folder */
  name: string
  /**
   * svc account ceiling in calls per minute, applied to the sandbox and to the plugin's
   * client limiter alike; null = no ceiling (sandbox unlimited, client limiter 1,000,000/min)
   */
  ceiling: number | null
  /** a git ref to measure from a snapshot (default HEAD), or "worktree" */
  code?: string
}

export interface SeededStore {
  publishableKey: string
  regionId: string
  salesChannelId: string
  variantId: string
}

export interface Stack {
  storeUrl: string
  sandboxUrl: string
  store: SeededStore
  db: Pool
  dbName: string
  logDir: string
  medusaLog: string
  /** what is measured: commit or working tree */
  codeLabel: string
  /** `Failed to acquire lock` lines in Medusa's log so far */
  lockFailures(): number
  /** Medusa's process group (the `medusa start` process and any child it made) */
  medusaPid(): number | undefined
  /** every line of Medusa's log so far that matches */
  logLines(re: RegExp): string[]
  close(): Promise<void>
}

function note(msg: string) {
  process.stderr.write(`[bench] ${msg}\n`)
}

function startSandboxProcess(
  codeDir: string,
  options: object
): Promise<{
  child: ChildProcess
  url: string
  credentials: SandboxCredentials
}> {
  const child = fork(
    join(codeDir, "bench/lib/sandbox-process.ts"),
    [JSON.stringify(options)],
    {
      execArgv: ["-r", "@swc-node/register"],
      cwd: codeDir,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }
  )
  return new Promise((res, rej) => {
    child.once("error", rej)
    child.once("exit", (code) =>
      rej(new Error(`sandbox process exited (${code})`))
    )
    child.once("message", (m) => {
      const { url, credentials } = m as {
        url: string
        credentials: SandboxCredentials
      }
      res({ child, url, credentials })
    })
  })
}

/** Boots the stack (StackOptions), closed on Ctrl-C too. */
export async function bootStack(
  name: StackOptions["name"],
  ceiling: StackOptions["ceiling"],
  codeRef: StackOptions["code"]
): Promise<Stack> {
  const opts: StackOptions = { name, ceiling, code: codeRef }
  const { logDir, dbName } = runNames(
    join(tmpdir(), "svc-bench"),
    opts.name,
    "svc_bench",
    opts.name
  )
  const setupLog = join(logDir, "setup.log")
  const medusaLog = join(logDir, "medusa.log")
  const started = Date.now()
  note(`logs in ${logDir}`)
  const code = prepareCode(opts.code ?? "HEAD")
  note(`measuring ${code.label} (${code.dir})`)

  const admin = new Client({ connectionString: `${PG_BASE}/postgres` })
  await admin.connect()
  await admin.query(`create database "${dbName}"`)
  await admin.end()
  const databaseUrl = `${PG_BASE}/${dbName}`

  const medusaPort = await freePort()
  const storeUrl = `http://127.0.0.1:${medusaPort}`
  // The plugin's route (no delay) as the demo registers it, or BENCH_WEBHOOK_PATH, e.g.
  // /hooks/payment/svc-wallet_svc for Medusa's own route (events delayed 5 s); a commit
  // older than /hooks/svc needs the latter.
  const webhookUrl = `${storeUrl}${process.env.BENCH_WEBHOOK_PATH ?? "/hooks/svc"}`
  const sandbox = await startSandboxProcess(code.dir, {
    webhooks: { WALLET: [webhookUrl], PAYOUT: [webhookUrl] },
    rateLimits:
      opts.ceiling === null ? false : { accountPerMinute: opts.ceiling },
  })
  const c = sandbox.credentials

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // cli.js registers ts-node (swc) outside production: src/ is loaded from TypeScript
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    PORT: String(medusaPort),
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_WORKER_MODE: "shared",
    SVC_BASE_URL: sandbox.url,
    SVC_API_KEY: c.apiKey,
    SVC_KEY_ID: c.keyId,
    SVC_PRIVATE_KEY: c.privateKeyPem,
    SVC_ALGORITHM: c.algorithm,
    SVC_REDIRECT_URL: "http://localhost:8000/checkout/return?cart_id={cart_id}",
    SVC_ACCOUNT_RATE_LIMIT: String(opts.ceiling ?? 1_000_000),
    SVC_STOREFRONT_LIMITS: SHOPPER_LIMITS_OUT_OF_REACH,
  }

  let medusa: ChildProcess | undefined
  let db: Pool | undefined
  const close = async () => {
    if (medusa?.pid && medusa.exitCode === null) {
      const pid = medusa.pid
      const exited = new Promise((r) => medusa!.once("exit", r))
      try {
        process.kill(-pid, "SIGTERM")
      } catch {
        // already gone
      }
      const t = setTimeout(
        () => {
          try {
            process.kill(-pid, "SIGKILL")
          } catch {
            // already gone
          }
        },
        process.env.BENCH_CPU_PROF_DIR ? 60_000 : 8000
      )
      await exited
      clearTimeout(t)
    }
    if (sandbox.child.exitCode === null) {
      const exited = new Promise((r) => sandbox.child.once("exit", r))
      sandbox.child.kill("SIGTERM")
      await exited
    }
    await db?.end()
    if (process.env.BENCH_KEEP_DB) {
      note(`kept database ${dbName}`)
      return
    }
    const a = new Client({ connectionString: `${PG_BASE}/postgres` })
    await a.connect()
    await a.query(`drop database if exists "${dbName}" with (force)`)
    await a.end()
  }

  try {
    note(`database ${dbName}: migrations`)
    runMedusa(code.dir, ["db:migrate"], env, setupLog, "medusa db:migrate")
    note("seed")
    const seedOut = join(logDir, "seed.json")
    runMedusa(
      code.dir,
      ["exec", "bench/lib/seed.ts"],
      {
        ...env,
        BENCH_SEED_OUT: seedOut,
        DEMO_ADMIN_EMAIL: "admin@svc-bench.local",
        DEMO_ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
      },
      setupLog,
      "seed"
    )
    const store = JSON.parse(readFileSync(seedOut, "utf8")) as SeededStore

    note(`medusa start on ${storeUrl} (log: ${medusaLog})`)
    const fd = openSync(medusaLog, "a")
    // BENCH_CPU_PROF_DIR: Medusa writes a V8 CPU profile there when it stops (bench/cpu-profile.ts
    // reads it); node takes --cpu-prof on its command line only, not in NODE_OPTIONS
    const prof = process.env.BENCH_CPU_PROF_DIR
    const [cmd, args] = prof
      ? [
          process.execPath,
          ["--cpu-prof", `--cpu-prof-dir=${prof}`, MEDUSA_BIN, "start"],
        ]
      : [MEDUSA_BIN, ["start"]]
    medusa = spawn(cmd, args, {
      cwd: code.dir,
      env,
      stdio: ["ignore", fd, fd],
      detached: true,
    })
    closeSync(fd)
    await waitForHealth(`${storeUrl}/health`, medusa, 180_000)
    note(`stack up in ${((Date.now() - started) / 1000).toFixed(0)} s`)

    // the bench's own statements stay out of PostgreSQL's statement log (bench/lib/sql-log.ts)
    db = new Pool({
      connectionString: `${databaseUrl}?options=${encodeURIComponent("-c log_statement=none")}`,
      max: 2,
    })
    const logLines = (re: RegExp) =>
      readFileSync(medusaLog, "utf8")
        .split("\n")
        .filter((l) => re.test(l))
    const stack: Stack = {
      storeUrl,
      sandboxUrl: sandbox.url,
      store,
      db,
      dbName,
      logDir,
      medusaLog,
      codeLabel: code.label,
      medusaPid: () => medusa?.pid,
      logLines,
      lockFailures: () => logLines(/Failed to acquire lock/).length,
      close,
    }
    const stop = () => void close().then(() => process.exit(130))
    process.once("SIGINT", stop)
    process.once("SIGTERM", stop)
    return stack
  } catch (e) {
    await close()
    throw e
  }
}
