import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import { fetch } from "undici"

import { freePort } from "../../testing/free-port"
import { Children, Steps, configureBareApp, consumerEnv, readmeBlock, startSandboxCli, writeBareAppPackage } from "../helpers/consumer-app"
import { databaseUrl, dropDatabase, freshDatabase, sql } from "../helpers/postgres"

// The package a merchant installs. `npm pack` the built plugin, install the tarball
// into a bare Medusa 2.21.2 app in a temp dir (nothing of this repository in reach: no
// TypeScript sources, no node_modules), configure it as the README's "Install into a store"
// says (the sandbox from the package's own CLI with --snapshot, its .env block, the README's
// medusa-config.ts, copied out of README.md), migrate a fresh database, run the README's
// MYR setup command (the package's own script through `medusa exec`, twice), boot with `medusa start`, and type-check a
// strict TypeScript file importing medusa-payment-svc/client against the shipped .d.ts.
//
// npm installs from the local cache where it can (--prefer-offline, --ignore-scripts); the
// registry is asked only for what the cache lacks. Each step's time is printed (test log).
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
    const packed = steps.run("pack", "npm", ["pack", "--json", "--pack-destination", app, "--loglevel=error"], root, 120_000)
    tarball = join(app, JSON.parse(packed.stdout)[0].filename)
    writeBareAppPackage(app, MEDUSA, tarball)
    steps.run("install", "npm", ["install", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], app, 420_000)

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
    await freshDatabase(db)

    const port = await freePort()
    const t0 = Date.now()
    const envBlock = await startSandboxCli(children, app, port, ["--snapshot", join(app, ".svc-sandbox/state.json")])
    steps.times.sandbox = Date.now() - t0
    expect(envBlock.map((l) => l.split("=")[0])).toEqual(["SVC_BASE_URL", "SVC_API_KEY", "SVC_KEY_ID", "SVC_PRIVATE_KEY_PATH", "SVC_ALGORITHM"])
    expect(envBlock[0]).not.toMatch(/\/v1$/)
    sandboxEnv = envBlock.join("\n")
    configureBareApp(app, { envBlock, databaseUrl: databaseUrl(db), port, secret: "packed-test" })
    const migrate = steps.run("migrate", "npx", ["medusa", "db:migrate"], app, 300_000)
    expect(migrate.stdout + migrate.stderr).toMatch(/MODULE: svc/)
    expect(migrate.stdout + migrate.stderr).toMatch(/node_modules\/medusa-payment-svc\/\.medusa\/server/)
    const { rows } = await sql("select table_name from information_schema.tables where table_name like 'svc_%' order by 1", db)
    expect(rows.map((r: { table_name: string }) => r.table_name)).toEqual(expect.arrayContaining(["svc_checkout", "svc_payout", "svc_webhook_event", "svc_withdrawal"]))
  })

  it("README's setup command through `medusa exec` sets the store up for MYR from the package; a second run changes nothing", () => {
    // the command as README.md prints it (step 6), run in the app as a merchant would
    const command = readmeBlock("**6. Set the store up for MYR**", "bash").trim()
    const [npx, ...args] = command.split(/\s+/)
    expect(npx).toBe("npx")
    expect(args.slice(0, 3)).toEqual(["medusa", "exec", "./node_modules/medusa-payment-svc/.medusa/server/src/scripts/setup-malaysia.js"])
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
        expect.stringMatching(/^changed: region "Malaysia" reg_\w+ \(MYR, my\) with pp_svc-wallet_svc, pp_svc-fpx_svc, pp_svc-fpx-direct_svc$/),
        expect.stringMatching(/^changed: tax region my txreg_\w+ with default rate SST 8 % \(sst=8\)$/),
        expect.stringMatching(/^changed: shipping option "Standard Shipping \(Malaysia\)" so_\w+, flat RM10\.00 \(shipping=10\)/),
      ])
    )
    expect(first.at(-1)).toMatch(/^\d+ change\(s\) made;/)
    const second = lines(steps.run("setup again", "npx", args, app, 180_000))
    expect(second.filter((l) => l.startsWith("changed:"))).toEqual([])
    expect(second.at(-1)).toMatch(/^Nothing changed: everything svc needs was already in place/)
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
    steps.times.typecheck = Date.now() - t0
    const errors = (r.stdout + r.stderr).split("\n").filter((l) => /error TS\d+/.test(l))
    expect(errors).toEqual([expect.stringMatching(/^(typecheck\/)?wrong\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/)])
  })
})
