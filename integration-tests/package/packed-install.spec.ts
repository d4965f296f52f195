import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import { Client } from "pg"
import { fetch } from "undici"

import { freePort } from "../../testing/free-port"

// Issue 13: the package a merchant installs. `npm pack` the built plugin, install the tarball
// into a bare Medusa 2.21.2 app in a temp dir (nothing of this repository in reach: no
// TypeScript sources, no node_modules), configure it as the README's "Install into a store"
// says (the sandbox from the package's own CLI with --snapshot, its .env block, the README's
// medusa-config.ts and MYR region script, copied out of README.md), migrate a fresh database,
// list the three providers through `medusa exec`, boot with `medusa start`, and type-check a
// strict TypeScript file importing medusa-payment-svc/client against the shipped .d.ts.
//
// npm installs from the local cache where it can (--prefer-offline, --ignore-scripts); the
// registry is asked only for what the cache lacks. Each step's time is printed (test log).
jest.setTimeout(600_000)

const root = join(__dirname, "..", "..")
const MEDUSA = "2.21.2"
const db = `medusa-packed-integration-${process.pid}`
const app = mkdtempSync(join(tmpdir(), "svc-packed-app-"))
const times: Record<string, number> = {}
const children: number[] = []

const pgConfig = () => ({
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
  database: "postgres",
})
const dbUrl = () => {
  const u = new URL("postgres://localhost")
  u.hostname = process.env.DB_HOST ?? "localhost"
  u.port = process.env.DB_PORT ?? "5432"
  u.username = process.env.DB_USERNAME ?? "postgres"
  if (process.env.DB_PASSWORD) u.password = process.env.DB_PASSWORD
  u.pathname = `/${db}`
  return u.toString()
}

/** The app's environment: nothing of this repository's test setup (jest's NODE_OPTIONS, SVC_* of other specs). */
function appEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env }
  // npm run sets npm_package_*, npm_lifecycle_* and npm_config_* (prefix, local_prefix: this repository);
  // keep only where npm's cache and registry are
  const keep = /^npm_config_(cache|registry|userconfig|globalconfig|ca|cafile|strict_ssl|proxy|https_proxy|noproxy)$/i
  for (const k of Object.keys(e)) if (k.startsWith("SVC_") || (k.startsWith("npm_") && !keep.test(k)) || k === "INIT_CWD") delete e[k]
  delete e.NODE_OPTIONS
  delete e.TEST_LOG_DIR
  delete e.DATABASE_URL
  return { ...e, NODE_ENV: "development", MEDUSA_DISABLE_TELEMETRY: "true", npm_config_loglevel: "error", ...extra }
}

function timed(step: string, cmd: string, args: string[], cwd: string, timeoutMs: number, env = appEnv()): SpawnSyncReturns<string> {
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
  times[step] = Date.now() - t0
  if (r.status !== 0) throw new Error(`${step} (${cmd} ${args.join(" ")}) failed with ${r.status ?? r.signal}:\n${r.stdout?.slice(-4000)}\n${r.stderr?.slice(-4000)}`)
  return r
}

/** The fenced block after `marker` in README.md. */
function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const at = readme.indexOf(marker)
  if (at < 0) throw new Error(`README.md has no "${marker}"`)
  const m = readme.slice(at).match(new RegExp("```" + lang + "\\n([\\s\\S]*?)```"))
  if (!m) throw new Error(`README.md has no \`\`\`${lang} block after "${marker}"`)
  return m[1]
}

/** A long-running child; resolves once `ready` is printed (the output so far), rejects if it exits first. */
function startChild(cmd: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, ms: number): Promise<{ out: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: app, env, detached: true })
    children.push(child.pid!)
    let out = ""
    const timer = setTimeout(() => reject(new Error(`${cmd} ${args.join(" ")}: not ready after ${ms} ms:\n${out.slice(-4000)}`)), ms)
    const onData = (b: Buffer) => {
      out += b.toString()
      if (ready.test(out)) {
        clearTimeout(timer)
        resolve({ out: () => out })
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.on("error", (e) => {
      clearTimeout(timer)
      reject(new Error(`${cmd} ${args.join(" ")}: ${e.message}`))
    })
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}:\n${out.slice(-4000)}`))
    })
  })
}

afterAll(async () => {
  for (const pid of children) {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {
      /* already gone */
    }
  }
  const c = new Client(pgConfig())
  await c.connect()
  await c.query(`drop database if exists "${db}" with (force)`).catch(() => undefined)
  await c.end()
  // ~1,100 packages: removed in the background, not on the test's clock
  spawn("rm", ["-rf", app], { detached: true, stdio: "ignore" }).unref()
  console.log(`packed install timings (ms): ${JSON.stringify(times)}`)
})

describe("the packed plugin in a bare Medusa app", () => {
  let tarball: string
  let sandboxEnv: string

  it("packs the built plugin and installs the tarball into a bare Medusa 2.21.2 app", () => {
    ensureBuilt("plugin")
    const packed = timed("pack", "npm", ["pack", "--json", "--pack-destination", app, "--loglevel=error"], root, 120_000)
    tarball = join(app, JSON.parse(packed.stdout)[0].filename)
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify(
        {
          name: "bare-store",
          private: true,
          version: "0.0.0",
          dependencies: {
            "@medusajs/admin-sdk": MEDUSA,
            "@medusajs/cli": MEDUSA,
            "@medusajs/framework": MEDUSA,
            "@medusajs/medusa": MEDUSA,
            "medusa-payment-svc": `file:${tarball}`,
          },
          // what `medusa` needs to read medusa-config.ts and scripts (ts-node), as create-medusa-app adds
          devDependencies: { "@types/node": "^20.17.0", "ts-node": "^10.9.2", typescript: "~5.9.3" },
        },
        null,
        2
      )
    )
    timed("install", "npm", ["install", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], app, 420_000)

    const installed = join(app, "node_modules/medusa-payment-svc")
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"))
    expect(pkg.name).toBe("medusa-payment-svc")
    const shipped = spawnSync("find", [installed, "-path", `${installed}/node_modules`, "-prune", "-o", "-type", "f", "-print"], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
    // no TypeScript sources of the plugin in reach: only the build, its declarations and maps
    expect(shipped.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))).toEqual([])
    expect(existsSync(join(app, "src"))).toBe(false)
  })

  it("the package's sandbox CLI with --snapshot prints the .env block; README's medusa-config.ts; migrations on a fresh database", async () => {
    const c = new Client(pgConfig())
    await c.connect()
    await c.query(`drop database if exists "${db}" with (force)`)
    await c.query(`create database "${db}"`)
    await c.end()

    const port = await freePort()
    const t0 = Date.now()
    const sandbox = await startChild(
      join(app, "node_modules/.bin/medusa-payment-svc"),
      ["sandbox", "--port", "0", "--snapshot", join(app, ".svc-sandbox/state.json"), "--webhook", `http://localhost:${port}/hooks/svc`],
      appEnv(),
      /SVC_ALGORITHM=.*\n/,
      60_000
    )
    times.sandbox = Date.now() - t0
    const envBlock = sandbox.out().split("\n").filter((l) => /^SVC_[A-Z_]+=/.test(l))
    expect(envBlock.map((l) => l.split("=")[0])).toEqual(["SVC_BASE_URL", "SVC_API_KEY", "SVC_KEY_ID", "SVC_PRIVATE_KEY_PATH", "SVC_ALGORITHM"])
    expect(envBlock[0]).not.toMatch(/\/v1$/)
    sandboxEnv = envBlock.join("\n")
    writeFileSync(
      join(app, ".env"),
      `${sandboxEnv}\nSVC_REDIRECT_URL=http://localhost:8000/checkout/svc-return?cart_id={cart_id}\nDATABASE_URL=${dbUrl()}\nPORT=${port}\n`
    )
    // README step 4 as printed; projectConfig "as generated" filled in, the admin bundle off (no `medusa build` here)
    const config = readmeBlock("**4. `medusa-config.ts`:**", "ts")
    const generated = "    // ... as generated (databaseUrl, http, ...)"
    expect(config).toContain(generated)
    writeFileSync(
      join(app, "medusa-config.ts"),
      config.replace(
        generated,
        `    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "packed-test", cookieSecret: "packed-test" },
  },
  admin: { disable: true`
      )
    )
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2021", module: "Node16", moduleResolution: "Node16", esModuleInterop: true, skipLibCheck: true, strict: true },
        include: ["src/**/*", "medusa-config.ts"],
      })
    )
    const migrate = timed("migrate", "npx", ["medusa", "db:migrate"], app, 300_000)
    expect(migrate.stdout + migrate.stderr).toMatch(/MODULE: svc/)
    expect(migrate.stdout + migrate.stderr).toMatch(/node_modules\/medusa-payment-svc\/\.medusa\/server/)
    const c2 = new Client({ ...pgConfig(), database: db })
    await c2.connect()
    const { rows } = await c2.query("select table_name from information_schema.tables where table_name like 'svc_%' order by 1")
    await c2.end()
    expect(rows.map((r: { table_name: string }) => r.table_name)).toEqual(expect.arrayContaining(["svc_checkout", "svc_payout", "svc_webhook_event", "svc_withdrawal"]))
  })

  it("README's MYR region script through `medusa exec` gives the region the three svc providers", () => {
    mkdirSync(join(app, "src/scripts"), { recursive: true })
    writeFileSync(join(app, "src/scripts/create-myr-region.ts"), readmeBlock("`src/scripts/create-myr-region.ts`", "ts"))
    writeFileSync(
      join(app, "src/scripts/list-svc-providers.ts"),
      `import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import createMyrRegion from "./create-myr-region"

export default async function listSvcProviders(args: ExecArgs) {
  await createMyrRegion(args)
  const query = args.container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "region", fields: ["id", "payment_providers.id", "payment_providers.is_enabled"], filters: { currency_code: "myr" } })
  const providers = data[0].payment_providers.filter((p: { is_enabled: boolean }) => p.is_enabled).map((p: { id: string }) => p.id).sort()
  console.log("SVC_PROVIDERS " + JSON.stringify(providers))
}
`
    )
    const r = timed("exec", "npx", ["medusa", "exec", "./src/scripts/list-svc-providers.ts"], app, 180_000)
    const line = (r.stdout + r.stderr).split("\n").find((l) => l.startsWith("SVC_PROVIDERS "))
    expect(line && JSON.parse(line.slice("SVC_PROVIDERS ".length))).toEqual(["pp_svc-fpx-direct_svc", "pp_svc-fpx_svc", "pp_svc-wallet_svc"])
  })

  it("boots with `medusa start`: the startup probe reaches the sandbox, the webhook route answers", async () => {
    const env = readFileSync(join(app, ".env"), "utf8")
    const port = Number(env.match(/^PORT=(\d+)$/m)![1])
    const t0 = Date.now()
    const server = await startChild("npx", ["medusa", "start"], appEnv({ MEDUSA_WORKER_MODE: "shared" }), /accepted the API key|could not reach svc|svc rejected/, 120_000)
    times.start = Date.now() - t0
    expect(server.out()).toMatch(/medusa-payment-svc: svc at http:\/\/127\.0\.0\.1:\d+ accepted the API key/)
    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(health.status).toBe(200)
    // the plugin's own webhook route, loaded from the package: an unknown checkout is taken and ignored
    const hook = await fetch(`http://127.0.0.1:${port}/hooks/svc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "checkout.updated", data: { checkoutId: "00000000-0000-4000-8000-000000000000", status: "COMPLETED" } }),
    })
    expect(hook.status).toBe(200)
    const apiKey = sandboxEnv.match(/^SVC_API_KEY=(.*)$/m)![1]
    expect(server.out()).not.toContain(apiKey)
  })

  it("a strict TypeScript file importing medusa-payment-svc/client type-checks against the shipped declarations; a wrong use does not", () => {
    const dir = join(app, "typecheck")
    mkdirSync(dir)
    const use = (wrong: boolean) => `import { SvcClient, SvcError, type Health } from "medusa-payment-svc/client"

export async function accountName(baseUrl: string, apiKey: string, keyId: string, privateKey: string): Promise<string> {
  const c = new SvcClient({ baseUrl, apiKey, keyId, privateKey, algorithm: "ed25519" })
  try {
    const h: Health = await c.health()
    ${wrong ? "const n: number = h.account.name\n    return String(n)" : "return h.account.name"}
  } catch (e) {
    if (e instanceof SvcError) return e.code
    throw e
  }
}
`
    // one tsc run over both files: the right use compiles clean, and the declarations are real types,
    // not `any` (a string used as a number is the one error, in wrong.ts)
    writeFileSync(join(dir, "use-client.ts"), use(false))
    writeFileSync(join(dir, "wrong.ts"), use(true))
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, noImplicitAny: true, module: "node16", moduleResolution: "node16", target: "es2022", noEmit: true, types: ["node"] },
        files: ["use-client.ts", "wrong.ts"],
      })
    )
    const t0 = Date.now()
    const r = spawnSync(process.execPath, [join(app, "node_modules/typescript/bin/tsc"), "-p", dir, "--pretty", "false"], { cwd: app, encoding: "utf8" })
    times.typecheck = Date.now() - t0
    const errors = (r.stdout + r.stderr).split("\n").filter((l) => /error TS\d+/.test(l))
    expect(errors).toEqual([expect.stringMatching(/^(typecheck\/)?wrong\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/)])
  })
})
