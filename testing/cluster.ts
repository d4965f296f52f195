/**
 * A store running as several real Medusa processes (crashes and
 * scale-out), for the scale and crash specs and bench/chaos.ts:
 *
 * - the svc sandbox in this process (so a test can inject faults and read its
 *   state while Medusa processes die), its webhooks sent to the load balancer;
 * - a fresh PostgreSQL database (a copy of the migrated template for this checkout's code,
 *   testing/template-db.ts; `medusa db:migrate` for another commit's), the bench seed (demo store,
 *   MYR region with the three svc providers, an admin user);
 * - `medusa start` per instance (`MEDUSA_WORKER_MODE` server, worker or shared),
 *   the plugin's src/ loaded as the app as in the demo, each logging to a file;
 * - with `redis`, Medusa's Redis modules (event bus, workflow engine, locking,
 *   cache: medusa-config.ts, REDIS_URL) on a Redis database of its own, and the
 *   plugin's shared rate budget (SVC_REDIS_URL);
 * - a round-robin load balancer in front of the live server instances (a
 *   merchant's several servers sit behind one), which answers 502 while none is up.
 *
 * Any instance can be killed (SIGKILL: no shutdown hook runs) and started again.
 */
import { fork, spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { closeSync, openSync, readFileSync } from "node:fs"
import { createServer, request as httpRequest, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Client, Pool } from "pg"
import {
  startSandbox,
  type FaultSpec,
  type Sandbox,
  type SandboxCredentials,
  type SandboxOptions,
  type SandboxState,
  type WebhookFaultSpec,
} from "../src/sandbox"
import { freePort } from "./free-port"
import { SHOPPER_LIMITS_OUT_OF_REACH } from "./shopper-limits"
import {
  MEDUSA_BIN,
  runMedusa as runMedusaIn,
  runNames,
  waitForHealth,
} from "./medusa-process"
import { databaseFromTemplate, templateDisabled } from "./template-db"

// The code Medusa runs: this checkout, or a snapshot of a commit (testing/code.ts) so a long run
// is not disturbed by edits to src/ while it runs.
const REPO = resolve(__dirname, "..")
const ROOT = process.env.CLUSTER_CODE_DIR || REPO
const PG_BASE =
  process.env.CLUSTER_PG_URL ||
  `postgres://${process.env.DB_USERNAME || "postgres"}@${process.env.DB_HOST || "localhost"}:${process.env.DB_PORT || "5432"}`
const REDIS_BASE = process.env.CLUSTER_REDIS_URL || "redis://127.0.0.1:6379"

export type WorkerMode = "shared" | "server" | "worker"

export interface ClusterOptions {
  /** used in the database name and the log folder */
  name: string
  /** `later`: not started with the others; `cluster.start(name)` starts it when the test wants it */
  instances: { name: string; mode: WorkerMode; later?: boolean }[]
  /** Medusa's Redis modules and the shared rate budget (required with more than one instance) */
  redis: boolean
  sandbox?: Partial<SandboxOptions>
  /** extra environment for every instance (SVC_WATCH_EVERY_SECONDS, …) */
  env?: Record<string, string>
  /**
   * The folder Medusa runs from (its src/ is the app): this checkout by default, or a snapshot
   * of an older commit (testing/code.ts) for an upgrade test; `start` and `migrate` can switch it.
   */
  codeDir?: string
  /**
   * The sandbox in a child process of its own (benches: the load generator's event loop
   * then does not slow svc down); `cluster.sandbox` is only there without it, `cluster.svc`
   * always.
   */
  sandboxProcess?: boolean
}

/** The sandbox's control API, the same whether it runs in this process or its own (over HTTP). */
export interface SvcSandboxHandle {
  url: string
  credentials: SandboxCredentials
  injectFault(f: FaultSpec): Promise<void>
  clearFaults(): Promise<void>
  webhookFaults(f: WebhookFaultSpec): Promise<void>
  pay(checkoutId: string): Promise<void>
  state(): Promise<SandboxState>
  flushWebhooks(): Promise<void>
  close(): Promise<void>
}

function inProcess(sb: Sandbox): SvcSandboxHandle {
  const c = sb.control
  return {
    url: sb.url,
    credentials: sb.credentials,
    injectFault: async (f) => c.injectFault(f),
    clearFaults: async () => c.clearFaults(),
    webhookFaults: async (f) => c.webhookFaults(f),
    pay: async (id) => void c.pay(id),
    state: async () => c.state(),
    flushWebhooks: () => c.flushWebhooks(),
    close: () => sb.close(),
  }
}

async function inChildProcess(options: object): Promise<SvcSandboxHandle> {
  const child = fork(
    join(resolve(__dirname, ".."), "bench/lib/sandbox-process.ts"),
    [JSON.stringify(options)],
    {
      execArgv: ["-r", "@swc-node/register"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }
  )
  const { url, credentials } = await new Promise<{
    url: string
    credentials: SandboxCredentials
  }>((res, rej) => {
    child.once("error", rej)
    child.once("exit", (code) =>
      rej(new Error(`sandbox process exited (${code})`))
    )
    child.once("message", (m) => res(m as never))
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}/_sandbox/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await r.text()
    if (!r.ok)
      throw new Error(
        `sandbox control ${method} ${path}: ${r.status} ${text.slice(0, 200)}`
      )
    return text ? JSON.parse(text) : undefined
  }
  return {
    url,
    credentials,
    injectFault: (f) => call("POST", "faults", f),
    clearFaults: () => call("DELETE", "faults"),
    webhookFaults: (f) => call("POST", "webhooks/faults", f),
    pay: (id) => call("POST", `checkouts/${encodeURIComponent(id)}/pay`, {}),
    state: () => call("GET", "state"),
    flushWebhooks: () => call("POST", "webhooks/flush", {}),
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    },
  }
}

export interface SeededStore {
  publishableKey: string
  regionId: string
  salesChannelId: string
  variantId: string
}

export interface Instance {
  name: string
  mode: WorkerMode
  url: string
  log: string
  child?: ChildProcess
  up: boolean
}

export interface Cluster {
  /** the sandbox, when it runs in this process (not with `sandboxProcess`) */
  sandbox: Sandbox
  /** the sandbox's control API, wherever it runs */
  svc: SvcSandboxHandle
  /** the store's address for shoppers, admins and svc's webhooks (the load balancer) */
  url: string
  store: SeededStore
  admin: { email: string; password: string }
  db: Pool
  dbName: string
  /** the cluster's own Redis database (with `redis`): Medusa's locks, events and workflows live there */
  redisUrl?: string
  logDir: string
  instances: Map<string, Instance>
  /** requests the load balancer passed to each instance, by first path segment ("hooks", "store", …) */
  hits: Map<string, Map<string, number>>
  /** when the requests the load balancer is passing to the instance now were sent to it (ms since the epoch) */
  inFlight(name: string): number[]
  /** SIGKILL: the process dies where it stands, no shutdown hook runs */
  kill(name: string): Promise<void>
  /**
   * `medusa start` for the instance; `codeDir` runs it from another folder (an upgrade: the same
   * database, sandbox and address, newer code), `env` adds to the cluster's environment
   */
  start(
    name: string,
    opts?: { codeDir?: string; env?: Record<string, string> }
  ): Promise<void>
  /** `medusa db:migrate` on the cluster's database from `codeDir` (default: the cluster's code); throws if it fails */
  migrate(codeDir?: string): void
  /** lines of every instance's log that match */
  logLines(re: RegExp): string[]
  close(): Promise<void>
}

function note(msg: string) {
  if (process.env.CLUSTER_VERBOSE) process.stderr.write(`[cluster] ${msg}\n`)
}

/** A Redis database (1-15) nothing else uses now, so parallel runs do not share queues. */
async function freeRedisDb(): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Redis = require("ioredis")
  for (const db of [...Array(15).keys()]
    .map((i) => i + 1)
    .sort(() => Math.random() - 0.5)) {
    const r = new Redis(`${REDIS_BASE}/${db}`, { maxRetriesPerRequest: 1 })
    try {
      // claim it: SET NX on a marker, so two runs starting together cannot both take it
      const claimed =
        (await r.dbsize()) === 0 &&
        (await r.set(
          "svc:cluster:claimed",
          String(process.pid),
          "EX",
          7200,
          "NX"
        )) === "OK"
      if (claimed) return db
    } finally {
      r.disconnect()
    }
  }
  throw new Error("no free Redis database (1-15) at " + REDIS_BASE)
}

async function flushRedisDb(db: number) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Redis = require("ioredis")
  const r = new Redis(`${REDIS_BASE}/${db}`, { maxRetriesPerRequest: 1 })
  try {
    await r.flushdb()
  } finally {
    r.disconnect()
  }
}

/**
 * Round-robin over the live servers, one turn per first path segment ("hooks", "store", …):
 * svc's webhooks alternate between the servers whatever the shoppers' requests between them
 * (with one turn for all, a steady pattern of shopper requests could send every webhook to
 * one server). 502 when none is up or the chosen one dies mid-request.
 */
function startBalancer(
  targets: () => Instance[],
  hits: Map<string, Map<string, number>>,
  inFlight: Map<string, Set<{ at: number }>>
): Promise<{ server: Server; port: number }> {
  const next = new Map<string, number>()
  const server = createServer((req, res) => {
    const live = targets().filter((i) => i.up)
    if (!live.length) {
      req.resume()
      res
        .writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "no store instance is up" }))
      return
    }
    const segment = (req.url ?? "/").split("/")[1] ?? ""
    const turn = next.get(segment) ?? 0
    next.set(segment, turn + 1)
    const chosen = live[turn % live.length]!
    const target = new URL(chosen.url)
    const perInstance = hits.get(chosen.name) ?? new Map<string, number>()
    perInstance.set(segment, (perInstance.get(segment) ?? 0) + 1)
    hits.set(chosen.name, perInstance)
    const pending = inFlight.get(chosen.name) ?? new Set<{ at: number }>()
    inFlight.set(chosen.name, pending)
    const mine = { at: Date.now() }
    pending.add(mine)
    const up = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      }
    )
    // open until the instance's side is done (its answer ended, or the connection to it failed), even if the client left earlier
    up.once("close", () => pending.delete(mine))
    up.on("error", () => {
      if (!res.headersSent)
        res
          .writeHead(502, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "the store instance went away" }))
      else res.destroy()
    })
    req.pipe(up)
  })
  return new Promise((res) =>
    server.listen(0, "127.0.0.1", () =>
      res({ server, port: (server.address() as { port: number }).port })
    )
  )
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const { logDir, dbName } = runNames(
    process.env.TEST_LOG_DIR || join(tmpdir(), "svc-cluster"),
    `cluster-${opts.name}`,
    "svc_cluster",
    opts.name
  )
  const setupLog = join(logDir, "setup.log")
  const instances = new Map<string, Instance>()
  for (const i of opts.instances) {
    instances.set(i.name, {
      name: i.name,
      mode: i.mode,
      url: `http://127.0.0.1:${await freePort()}`,
      log: join(logDir, `${i.name}.log`),
      up: false,
    })
  }
  const hits = new Map<string, Map<string, number>>()
  const inFlight = new Map<string, Set<{ at: number }>>()
  const balancer = await startBalancer(
    () => [...instances.values()].filter((i) => i.mode !== "worker"),
    hits,
    inFlight
  )
  const url = `http://127.0.0.1:${balancer.port}`
  const sandboxOptions = {
    webhooks: { WALLET: [`${url}/hooks/svc`], PAYOUT: [`${url}/hooks/svc`] },
    rateLimits: false,
    webhookRetry: { attempts: 5, baseDelayMs: 500 },
    logErrors: false,
    ...opts.sandbox,
  } as SandboxOptions
  let sandbox: Sandbox
  let svc: SvcSandboxHandle
  if (opts.sandboxProcess) {
    svc = await inChildProcess(sandboxOptions)
    sandbox = new Proxy({} as Sandbox, {
      get: (_t, k) => {
        if (k === "url") return svc.url
        if (k === "credentials") return svc.credentials
        throw new Error(
          `the sandbox runs in its own process: use cluster.svc (asked for sandbox.${String(k)})`
        )
      },
    })
  } else {
    sandbox = await startSandbox(sandboxOptions)
    svc = inProcess(sandbox)
  }
  const redisDb = opts.redis ? await freeRedisDb() : null
  const c = svc.credentials
  const admin = {
    email: "admin@svc-cluster.local",
    password: randomBytes(12).toString("base64url"),
  }

  const databaseUrl = `${PG_BASE}/${dbName}`
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // medusa's cli registers swc outside production: src/ is loaded from TypeScript
    NODE_ENV: "development",
    NODE_OPTIONS: "",
    DATABASE_URL: databaseUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    SVC_BASE_URL: svc.url,
    SVC_API_KEY: c.apiKey,
    SVC_KEY_ID: c.keyId,
    SVC_PRIVATE_KEY: c.privateKeyPem,
    SVC_ALGORITHM: c.algorithm,
    SVC_REDIRECT_URL: "http://localhost:8000/checkout/return?cart_id={cart_id}",
    SVC_STOREFRONT_LIMITS: SHOPPER_LIMITS_OUT_OF_REACH,
    ...(redisDb !== null
      ? {
          REDIS_URL: `${REDIS_BASE}/${redisDb}`,
          SVC_REDIS_URL: `${REDIS_BASE}/${redisDb}`,
        }
      : { REDIS_URL: "", SVC_REDIS_URL: "" }),
    ...opts.env,
  }
  delete baseEnv.JEST_WORKER_ID

  let db: Pool | undefined
  let closed = false
  const kill = async (name: string) => {
    const i = instances.get(name)!
    i.up = false
    const child = i.child
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null)
      return
    const exited = new Promise((r) => child.once("exit", r))
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {
      // already gone
    }
    await exited
    note(`${name} killed`)
  }
  const codeDir = opts.codeDir ?? ROOT
  const start = async (
    name: string,
    o: { codeDir?: string; env?: Record<string, string> } = {}
  ) => {
    const i = instances.get(name)!
    const fd = openSync(i.log, "a")
    const env = {
      ...baseEnv,
      ...o.env,
      PORT: new URL(i.url).port,
      MEDUSA_WORKER_MODE: i.mode,
    }
    i.child = spawn(MEDUSA_BIN, ["start"], {
      cwd: o.codeDir ?? codeDir,
      env,
      stdio: ["ignore", fd, fd],
      detached: true,
    })
    closeSync(fd)
    await waitForHealth(`${i.url}/health`, i.child, 180_000)
    i.up = true
    note(`${name} (${i.mode}) up at ${i.url}`)
  }
  const close = async () => {
    if (closed) return
    closed = true
    await Promise.all([...instances.keys()].map(kill))
    await new Promise((r) => balancer.server.close(r))
    balancer.server.closeAllConnections?.()
    await svc.close()
    await db?.end()
    if (redisDb !== null) await flushRedisDb(redisDb)
    if (process.env.CLUSTER_KEEP_DB) return
    const b = new Client({ connectionString: `${PG_BASE}/postgres` })
    await b.connect()
    await b.query(`drop database if exists "${dbName}" with (force)`)
    await b.end()
  }

  try {
    // This checkout's code on the tests' PostgreSQL: a copy of the migrated template for this module
    // set (testing/template-db.ts; with Redis its own, built by the first cluster of a run), ~1 s
    // instead of `medusa db:migrate`'s ~15 s of CPU a cluster. Another commit's code (an upgrade
    // test's, a bench's snapshot) migrates as a store does.
    if (
      codeDir === REPO &&
      !process.env.CLUSTER_PG_URL &&
      !templateDisabled()
    ) {
      const t = await databaseFromTemplate(dbName, setupLog, baseEnv)
      note(
        `database ${dbName}: a copy of ${t.template} (${t.built ? "built now" : "reused"}) in ${t.ms} ms (logs in ${logDir})`
      )
    } else {
      const a = new Client({ connectionString: `${PG_BASE}/postgres` })
      await a.connect()
      await a.query(`create database "${dbName}"`)
      await a.end()
      note(`database ${dbName}: migrations (logs in ${logDir})`)
      runMedusaIn(
        codeDir,
        ["db:migrate"],
        baseEnv,
        setupLog,
        "medusa db:migrate"
      )
    }
    const seedOut = join(logDir, "seed.json")
    runMedusaIn(
      codeDir,
      ["exec", "bench/lib/seed.ts"],
      {
        ...baseEnv,
        BENCH_SEED_OUT: seedOut,
        DEMO_ADMIN_EMAIL: admin.email,
        DEMO_ADMIN_PASSWORD: admin.password,
      },
      setupLog,
      "seed"
    )
    const store = JSON.parse(readFileSync(seedOut, "utf8")) as SeededStore
    await Promise.all(
      opts.instances.filter((i) => !i.later).map((i) => start(i.name))
    )
    db = new Pool({ connectionString: databaseUrl, max: 3 })
    return {
      sandbox,
      svc,
      url,
      store,
      admin,
      db,
      dbName,
      ...(redisDb !== null ? { redisUrl: `${REDIS_BASE}/${redisDb}` } : {}),
      logDir,
      instances,
      hits,
      inFlight: (name) => [...(inFlight.get(name) ?? [])].map((r) => r.at),
      kill,
      start,
      migrate: (dir = codeDir) =>
        runMedusaIn(
          dir,
          ["db:migrate"],
          baseEnv,
          setupLog,
          `medusa db:migrate (${dir})`
        ),
      logLines: (re) =>
        [...instances.values()].flatMap((i) => {
          try {
            return readFileSync(i.log, "utf8")
              .split("\n")
              .filter((l) => re.test(l))
          } catch {
            return []
          }
        }),
      close,
    }
  } catch (e) {
    await close()
    throw e
  }
}
