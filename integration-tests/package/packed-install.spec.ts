import { spawn, spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import { fetch } from "undici"

import { freePort } from "../../testing/free-port"
import {
  Children,
  Steps,
  configureBareApp,
  consumerEnv,
  nodeModulesBeyondNpm,
  readmeBlock,
  seedNodeModules,
  startSandboxCli,
  writeBareAppPackage,
  writeStrictTsconfig,
} from "../helpers/consumer-app"
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
  sql,
} from "../../testing/postgres"
import {
  scanText,
  secretNeedles,
  type SecretNeedle,
} from "../helpers/secrets-scan"

// The package a merchant installs. `npm pack` the built plugin, install the tarball
// into a bare Medusa 2.21.2 app in a temp dir (nothing of this repository in reach: no
// TypeScript sources, no node_modules: npm's tree of the app and nothing more), configure it as the README's "Install into a store"
// says (the sandbox from the package's own CLI with --snapshot, its .env block, the README's
// medusa-config.ts, copied out of README.md), migrate a fresh database, run the README's
// MYR setup command (the package's own script through `medusa exec`, twice), boot with `medusa start`, and type-check a
// strict TypeScript file importing medusa-payment-svc/client against the shipped .d.ts.
// The package's `doctor` and `support-bundle` commands run in the app as a deploy pipeline would:
// before any worker ran (the jobs' warning, exit 0), with a refused API key (exit 1), outside a
// store (exit 2), and once `medusa start` runs the jobs; the bundle is scanned for secrets.
//
// npm installs from the local cache where it can (--prefer-offline, --ignore-scripts); the
// registry is asked only for what the cache lacks. The app's node_modules starts as hard links of
// the repository's packages (seedNodeModules): npm keeps those that are what it resolves, unpacks
// the rest (the plugin from its tarball) and removes what the app does not depend on, instead of
// unpacking ~1,100 packages. Each step's time is printed (test log).
jest.setTimeout(600_000)

const root = join(__dirname, "..", "..")
const MEDUSA = "2.21.2"
const db = `medusa-packed-integration-${process.pid}`
const app = mkdtempSync(join(tmpdir(), "svc-packed-app-"))
const steps = new Steps()
const children = new Children()

afterAll(async () => {
  children.killAll()
  await dropDatabase(db)
  // ~1,100 packages: removed in the background, not on the test's clock
  spawn("rm", ["-rf", app], { detached: true, stdio: "ignore" }).unref()
  console.log(`packed install timings (ms): ${JSON.stringify(steps.times)}`)
})

describe("the packed plugin in a bare Medusa app", () => {
  let tarball: string
  let sandboxEnv: string

  it("packs the built plugin and installs the tarball into a bare Medusa 2.21.2 app", () => {
    ensureBuilt("plugin")
    tarball = steps.pack("pack", root, app)
    writeBareAppPackage(app, MEDUSA, tarball)
    const t0 = Date.now()
    seedNodeModules(app)
    steps.times.seed = Date.now() - t0
    steps.npmInstall("install", app, ["--ignore-scripts"], 420_000)
    // npm's tree of the app's package.json, and nothing else: no seeded package it does not depend on, no link into this repository
    expect(nodeModulesBeyondNpm(app)).toEqual([])

    const installed = join(app, "node_modules/medusa-payment-svc")
    const pkg = JSON.parse(
      readFileSync(join(installed, "package.json"), "utf8")
    )
    expect(pkg.name).toBe("medusa-payment-svc")
    const shipped = spawnSync(
      "find",
      [
        installed,
        "-path",
        `${installed}/node_modules`,
        "-prune",
        "-o",
        "-type",
        "f",
        "-print",
      ],
      { encoding: "utf8" }
    )
      .stdout.split("\n")
      .filter(Boolean)
    // no TypeScript sources of the plugin in reach: only the build, its declarations and maps
    expect(
      shipped.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    ).toEqual([])
    expect(existsSync(join(app, "src"))).toBe(false)
    // one zod for the plugin, Medusa's (@medusajs/framework/zod): the package brings none of its own
    const zods = JSON.parse(
      spawnSync("npm", ["ls", "zod", "--all", "--json"], {
        cwd: app,
        encoding: "utf8",
      }).stdout
    ) as {
      dependencies?: Record<string, { dependencies?: Record<string, unknown> }>
    }
    expect(
      Object.keys(zods.dependencies?.["medusa-payment-svc"]?.dependencies ?? {})
    ).toEqual([])
    expect(existsSync(join(installed, "node_modules/zod"))).toBe(false)
    expect(
      shipped
        .filter((f) => f.endsWith(".js"))
        .filter((f) =>
          /require\("zod"\)|from "zod"/.test(readFileSync(f, "utf8"))
        )
    ).toEqual([])
  })

  it("the package's sandbox CLI with --snapshot prints the .env block; README's medusa-config.ts; migrations on a fresh database", async () => {
    await freshDatabase(db)

    const port = await freePort()
    const t0 = Date.now()
    const envBlock = await startSandboxCli(children, app, port, [
      "--snapshot",
      join(app, ".svc-sandbox/state.json"),
    ])
    steps.times.sandbox = Date.now() - t0
    expect(envBlock.map((l) => l.split("=")[0])).toEqual([
      "SVC_BASE_URL",
      "SVC_API_KEY",
      "SVC_KEY_ID",
      "SVC_PRIVATE_KEY_PATH",
      "SVC_ALGORITHM",
    ])
    expect(envBlock[0]).not.toMatch(/\/v1$/)
    sandboxEnv = envBlock.join("\n")
    configureBareApp(app, {
      envBlock,
      databaseUrl: databaseUrl(db),
      port,
      secret: "packed-test",
    })
    const migrate = steps.run(
      "migrate",
      "npx",
      ["medusa", "db:migrate"],
      app,
      300_000
    )
    expect(migrate.stdout + migrate.stderr).toMatch(/MODULE: svc/)
    // the package's links (src/links) ship and load: Medusa finds the folder
    const pkgServer = join(
      app,
      "node_modules/medusa-payment-svc/.medusa/server"
    )
    expect(
      existsSync(join(pkgServer, "src/links/order-svc-checkouts.js"))
    ).toBe(true)
    expect(migrate.stdout + migrate.stderr).not.toMatch(
      /No link to load from \S*medusa-payment-svc/
    )
    const { rows } = await sql(
      "select table_name from information_schema.tables where table_name like 'svc_%' order by 1",
      db
    )
    expect(rows.map((r: { table_name: string }) => r.table_name)).toEqual(
      expect.arrayContaining([
        "svc_checkout",
        "svc_payout",
        "svc_webhook_event",
        "svc_withdrawal",
      ])
    )
  })

  it("README's setup command through `medusa exec` sets the store up for MYR from the package; a second run changes nothing", () => {
    // the command as README.md prints it (step 6), run in the app as a merchant would
    const command = readmeBlock(
      "**6. Set the store up for MYR**",
      "bash"
    ).trim()
    const [npx, ...args] = command.split(/\s+/)
    expect(npx).toBe("npx")
    expect(args.slice(0, 3)).toEqual([
      "medusa",
      "exec",
      "./node_modules/medusa-payment-svc/.medusa/server/src/scripts/setup-malaysia.js",
    ])
    const lines = (r: { stdout: string; stderr: string }) =>
      (r.stdout + r.stderr)
        .split("\n")
        .map((l) => l.match(/svc setup: (.*)$/)?.[1])
        .filter((l): l is string => Boolean(l))
    const first = lines(steps.run("setup", "npx", args, app, 180_000))
    console.log(first.join("\n"))
    expect(first).toEqual(
      expect.arrayContaining([
        "changed: store currency MYR added (the default currency is unchanged)",
        expect.stringMatching(
          /^changed: region "Malaysia" reg_\w+ \(MYR, my\) with pp_svc-wallet_svc, pp_svc-fpx_svc, pp_svc-fpx-direct_svc$/
        ),
        expect.stringMatching(
          /^changed: tax region my txreg_\w+ with default rate SST 8 % \(sst=8\)$/
        ),
        expect.stringMatching(
          /^changed: shipping option "Standard Shipping \(Malaysia\)" so_\w+, flat RM10\.00 \(shipping=10\)/
        ),
      ])
    )
    expect(first.at(-1)).toMatch(/^\d+ change\(s\) made;/)
    const second = lines(steps.run("setup again", "npx", args, app, 180_000))
    expect(second.filter((l) => l.startsWith("changed:"))).toEqual([])
    expect(second.at(-1)).toMatch(
      /^Nothing changed: everything svc needs was already in place/
    )
  })

  /** `npx medusa-payment-svc <args>` in `cwd`: its exit code and output (never throws on a non-zero exit). */
  const cli = (args: string[], env: Record<string, string> = {}, cwd = app) => {
    const t0 = Date.now()
    const r = spawnSync("npx", ["medusa-payment-svc", ...args], {
      cwd,
      env: consumerEnv(env),
      encoding: "utf8",
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    })
    steps.times[
      `cli ${args.join(" ")}${Object.keys(env).length ? " (env)" : ""}`
    ] = Date.now() - t0
    return { code: r.status, stdout: r.stdout, stderr: r.stderr }
  }
  /** The sandbox's API key and private key (every form), and the store's generated webhook token. */
  const needles = async (): Promise<SecretNeedle[]> => {
    const env = readFileSync(join(app, ".env"), "utf8")
    const apiKey = env.match(/^SVC_API_KEY=(.*)$/m)![1]!
    const privateKeyPem = readFileSync(
      env.match(/^SVC_PRIVATE_KEY_PATH=(.*)$/m)![1]!,
      "utf8"
    )
    const { rows } = await sql(
      "select value->>'token' as token from svc_setting where key = 'webhook_token' and deleted_at is null",
      db
    )
    return [
      ...secretNeedles({ apiKey, privateKeyPem }),
      ...rows
        .filter((r: { token: string | null }) => r.token)
        .map((r: { token: string }) => ({
          what: "webhook token",
          value: r.token,
        })),
    ]
  }

  it("`npx medusa-payment-svc doctor` before any worker ran: the jobs' warning with the cause, exit 0 (warnings only); --json for machines; a refused key exits 1; a store that does not boot, outside a store, a wrong flag 2", async () => {
    // the plugin first started in this database an hour ago (the mark its module writes once), and no job has run since
    await sql(
      `insert into svc_setting (id, key, value, created_at, updated_at) values ('svcset_jobs_since_test', 'jobs_since', '{}'::jsonb, now() - interval '1 hour', now())
       on conflict (key) where deleted_at is null do update set created_at = now() - interval '1 hour'`,
      db
    )
    const json = cli(["doctor", "--json"])
    expect({
      code: json.code,
      stderr: json.code === 0 ? "" : json.stderr,
    }).toEqual({ code: 0, stderr: "" })
    const report = JSON.parse(json.stdout)
    expect(report.level).toBe("warn")
    const checks = Object.fromEntries(
      report.checks.map((c: { id: string }) => [c.id, c])
    )
    expect(checks.api_key.level).toBe("ok")
    for (const id of ["job_reconcile", "job_watch"]) {
      expect(checks[id].level).toBe("warn")
      expect(checks[id].detail).toMatch(
        /has not run once since the plugin first started (60|61) min ago$/
      )
      expect(checks[id].advice).toMatch(
        /workerMode `worker` or `shared` \(MEDUSA_WORKER_MODE\)/
      )
    }
    expect(
      report.jobs.map((j: { job: string; last: unknown }) => [j.job, j.last])
    ).toEqual([
      ["svc-reconcile-checkouts", null],
      ["svc-watch-checkouts", null],
    ])

    // the report for a terminal, with a key svc does not know (the environment wins over .env): the API key
    // check fails, exit 1; the jobs' warning is there too, each with what to do
    const refused = cli(["doctor"], {
      SVC_API_KEY: "svc_pk_notAKeyOfThisSandbox0000",
    })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toMatch(
      /^svc doctor: not working: API key: svc at http:\/\/127\.0\.0\.1:\d+ refused the API key svc_pk_…0000: 401/
    )
    expect(refused.stdout).toMatch(/\n {2}\[FAIL\] API key: /)
    expect(refused.stdout).toMatch(
      /\n {2}\[warn\] Checkout watcher: runs every 5 s, but has not run once since the plugin first started/
    )
    expect(refused.stdout).toMatch(
      /\n {9}-> Medusa runs scheduled jobs only in a process started with workerMode/
    )

    // a store that does not boot (its database is not there), not a store, a wrong flag: exit 2 with the reason
    const noDb = cli(["doctor"], { DATABASE_URL: databaseUrl(`${db}-missing`) })
    expect(noDb.code).toBe(2)
    expect(noDb.stderr).toMatch(
      /^medusa-payment-svc doctor: the store did not boot for the doctor \(medusa exec exited 1\); its last lines:/
    )
    const installedBin = join(
      app,
      "node_modules/medusa-payment-svc/bin/medusa-payment-svc.js"
    )
    const outside = spawnSync(process.execPath, [installedBin, "doctor"], {
      cwd: mkdtempSync(join(tmpdir(), "svc-not-a-store-")),
      env: consumerEnv(),
      encoding: "utf8",
    })
    expect(outside.status).toBe(2)
    expect(outside.stderr).toMatch(
      /no Medusa store here .*: @medusajs\/cli is not installed in this folder/
    )
    const bad = cli(["doctor", "--jsn"])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/unknown flag --jsn/)

    for (const r of [json, refused])
      expect(
        scanText(r.stdout + r.stderr, await needles(), "doctor output")
      ).toEqual([])
  })

  it("boots with `medusa start`: the startup probe reaches the sandbox, the webhook route answers", async () => {
    const env = readFileSync(join(app, ".env"), "utf8")
    const port = Number(env.match(/^PORT=(\d+)$/m)![1])
    const t0 = Date.now()
    const server = await children.start(
      "npx",
      ["medusa", "start"],
      app,
      consumerEnv({ MEDUSA_WORKER_MODE: "shared" }),
      /accepted the API key|could not reach svc|svc rejected/,
      120_000
    )
    steps.times.start = Date.now() - t0
    expect(server.out()).toMatch(
      /medusa-payment-svc: svc at http:\/\/127\.0\.0\.1:\d+ accepted the API key/
    )
    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(health.status).toBe(200)
    // the plugin's own webhook route, loaded from the package: an unknown checkout is taken and ignored
    const hook = await fetch(`http://127.0.0.1:${port}/hooks/svc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        type: "checkout.updated",
        data: {
          checkoutId: "00000000-0000-4000-8000-000000000000",
          status: "COMPLETED",
        },
      }),
    })
    expect(hook.status).toBe(200)
    const apiKey = sandboxEnv.match(/^SVC_API_KEY=(.*)$/m)![1]
    expect(server.out()).not.toContain(apiKey)
  })

  it("with a worker (`medusa start`, shared): `support-bundle` writes one file with the report (the watcher's runs seen), versions, masked options and the last hour's events, and no secret", async () => {
    // the watcher ticks every 5 s in the started store: its first run is recorded
    const t0 = Date.now()
    for (;;) {
      const { rows } = await sql(
        "select value from svc_setting where key = 'job:svc-watch-checkouts' and deleted_at is null",
        db
      )
      if (rows[0]?.value?.runs > 0) break
      if (Date.now() - t0 > 60_000)
        throw new Error("no watcher run recorded within 60 s of the start")
      await new Promise((r) => setTimeout(r, 500))
    }
    const file = join(app, "bundle", "support.json")
    mkdirSync(join(app, "bundle"))
    const r = cli(["support-bundle", "--out", file])
    expect({ code: r.code, stderr: r.code === 0 ? "" : r.stderr }).toEqual({
      code: 0,
      stderr: "",
    })
    const text = readFileSync(file, "utf8")
    const bundle = JSON.parse(text)
    // ok, or warn until the reconciliation job's first run (Medusa fires it at five-minute boundaries of the clock)
    expect(r.stdout).toBe(
      `support bundle written to ${file} (doctor: ${bundle.doctor.level}; no secret in it: attach it to your support request)\n`
    )
    expect(["ok", "warn"]).toContain(bundle.doctor.level)
    // the doctor in it (the same report as `doctor --json`) sees the watcher's runs
    const watch = bundle.doctor.checks.find(
      (c: { id: string }) => c.id === "job_watch"
    )
    expect(watch.level).toBe("ok")
    expect(watch.detail).toMatch(
      /^runs every 5 s; last run \d+ s ago \(ok, \d+ runs recorded\)$/
    )
    expect(
      bundle.doctor.jobs.find(
        (j: { job: string }) => j.job === "svc-watch-checkouts"
      ).last
    ).toMatchObject({ outcome: "ok", failures_in_a_row: 0 })
    expect(bundle.kind).toBe("medusa-payment-svc support bundle")
    expect(bundle.versions).toMatchObject({
      "medusa-payment-svc": expect.any(String),
      "@medusajs/medusa": MEDUSA,
      node: process.version,
    })
    expect(bundle.doctor.checks.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([
        "api_key",
        "webhooks",
        "job_reconcile",
        "job_watch",
      ])
    )
    expect(bundle.options.apiKey).toMatch(/^svc_pk_…[A-Za-z0-9_-]{4}$/)
    expect(bundle.options.keyId).toMatch(/^\(set, \d+ characters\)$/)
    expect(bundle.options.privateKeyPath).toEqual(expect.any(String))
    // the webhook earlier in this file (an unknown checkout, taken and ignored) is among the last hour's events
    expect(
      bundle.events_last_hour.webhook.map(
        (e: { event_type: string }) => e.event_type
      )
    ).toContain("checkout.updated")
    expect(bundle.refusals_last_hour).toMatchObject({
      last_hour: expect.any(Object),
    })
    // the doctor's webhook URL carries the store's token: the bundle has it redacted
    expect(bundle.doctor.webhooks.url).toMatch(
      /\/hooks\/svc\?token=\[secret\]$/
    )
    const n = await needles()
    expect(n.map((x) => x.what)).toEqual(
      expect.arrayContaining([
        "API key",
        "private key PEM body",
        "webhook token",
      ])
    )
    expect(scanText(text, n, file)).toEqual([])
  })

  it("a strict TypeScript file importing medusa-payment-svc/client type-checks against the shipped declarations; a wrong use does not", () => {
    const dir = join(app, "typecheck")
    mkdirSync(dir)
    const use = (
      wrong: boolean
    ) => `import { SvcClient, SvcError, type Health } from "medusa-payment-svc/client"

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
    // not `any` (a string used as a number is the one error, in wrong.ts).
    writeFileSync(join(dir, "use-client.ts"), use(false))
    writeFileSync(join(dir, "wrong.ts"), use(true))
    writeStrictTsconfig(dir, ["use-client.ts", "wrong.ts"])
    const t0 = Date.now()
    const r = spawnSync(
      process.execPath,
      [
        join(app, "node_modules/typescript/bin/tsc"),
        "-p",
        dir,
        "--pretty",
        "false",
      ],
      { cwd: app, encoding: "utf8" }
    )
    steps.times.typecheck = Date.now() - t0
    const errors = (r.stdout + r.stderr)
      .split("\n")
      .filter((l) => /error TS\d+/.test(l))
    expect(errors).toEqual([
      expect.stringMatching(
        /^(typecheck\/)?wrong\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/
      ),
    ])
  })
})
