// `npm run demo` (after demo/run.sh made sure PostgreSQL and the database
// exist): starts the svc sandbox, migrates and seeds the Medusa app of this
// checkout, runs it with `medusa develop` (admin on), serves the storefront,
// prints the URLs and the admin login, writes .demo/demo.json, and stops
// everything on Ctrl-C. A second run reuses the database, the sandbox snapshot
// and the admin password.
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { startSandbox } from "../src/sandbox"
import { startStorefront } from "./storefront-server"
import { buildDemoPlugin } from "./plugin"
import { demoDatabase } from "./database"

const ROOT = resolve(__dirname, "..")
const STATE = join(ROOT, ".demo")
const DEMO_JSON = join(STATE, "demo.json")
const SECRETS_JSON = join(STATE, "secrets.json")
const STORE_PORT = Number(process.env.DEMO_STORE_PORT || 9000)
const STOREFRONT_PORT = Number(process.env.DEMO_STOREFRONT_PORT || 8000)
const SANDBOX_PORT = Number(process.env.DEMO_SANDBOX_PORT || 4010)
// what demo/run.sh exported (demo/database.ts: DATABASE_URL, else DEMO_DB_NAME on DB_HOST:DB_PORT)
const DATABASE_URL = demoDatabase().url
const ADMIN_EMAIL = "admin@svc-demo.local"

function log(msg: string) {
  console.log(`[demo] ${msg}`)
}

function run(args: string[], env: NodeJS.ProcessEnv, what: string) {
  log(`${what}: npx ${args.join(" ")}`)
  const r = spawnSync("npx", args, { cwd: ROOT, env, stdio: "inherit" })
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal})`)
}

async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`Medusa exited with code ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/**
 * The demo's own secrets, made at random on the first run and kept in
 * .demo/secrets.json (mode 600): Medusa's JWT and cookie secrets (without them
 * medusa-config.ts falls back to a public test value, and anyone could sign an
 * admin token) and the secret webhook token (provider option `webhookToken`).
 * JWT_SECRET / COOKIE_SECRET / SVC_WEBHOOK_TOKEN in the environment win.
 */
function demoSecrets(): { jwtSecret: string; cookieSecret: string; webhookToken: string } {
  const saved = existsSync(SECRETS_JSON) ? (JSON.parse(readFileSync(SECRETS_JSON, "utf8")) as Record<string, string>) : {}
  const secrets = {
    jwtSecret: saved.jwtSecret || randomBytes(32).toString("hex"),
    cookieSecret: saved.cookieSecret || randomBytes(32).toString("hex"),
    webhookToken: saved.webhookToken || randomBytes(24).toString("hex"),
  }
  if (JSON.stringify(secrets) !== JSON.stringify({ jwtSecret: saved.jwtSecret, cookieSecret: saved.cookieSecret, webhookToken: saved.webhookToken })) {
    writeFileSync(SECRETS_JSON, JSON.stringify(secrets, null, 2), { mode: 0o600 })
    log("made the demo's JWT, cookie and webhook secrets (.demo/secrets.json)")
  }
  chmodSync(SECRETS_JSON, 0o600)
  return {
    jwtSecret: process.env.JWT_SECRET || secrets.jwtSecret,
    cookieSecret: process.env.COOKIE_SECRET || secrets.cookieSecret,
    webhookToken: process.env.SVC_WEBHOOK_TOKEN || secrets.webhookToken,
  }
}

async function main() {
  mkdirSync(STATE, { recursive: true })
  const secrets = demoSecrets()
  const previous = existsSync(DEMO_JSON) ? JSON.parse(readFileSync(DEMO_JSON, "utf8")) : {}
  const adminPassword: string = previous.adminPassword || randomBytes(12).toString("base64url")
  const storeUrl = `http://localhost:${STORE_PORT}`
  const storefrontUrl = `http://localhost:${STOREFRONT_PORT}`

  const sandbox = await startSandbox({
    port: SANDBOX_PORT,
    webhooks: { WALLET: [`${storeUrl}/hooks/svc?token=${secrets.webhookToken}`], PAYOUT: [`${storeUrl}/hooks/svc?token=${secrets.webhookToken}`] },
    rateLimits: false,
    snapshotFile: join(STATE, "sandbox.json"),
  } as never)
  const sandboxUrl = sandbox.url
  log(`svc sandbox at ${sandboxUrl}`)

  const c = sandbox.credentials
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL,
    PORT: String(STORE_PORT),
    MEDUSA_ADMIN_DISABLE: "false",
    MEDUSA_DISABLE_TELEMETRY: "true",
    SVC_BASE_URL: sandboxUrl,
    SVC_API_KEY: c.apiKey,
    SVC_KEY_ID: c.keyId,
    SVC_PRIVATE_KEY: c.privateKeyPem,
    SVC_ALGORITHM: c.algorithm,
    JWT_SECRET: secrets.jwtSecret,
    COOKIE_SECRET: secrets.cookieSecret,
    SVC_WEBHOOK_TOKEN: secrets.webhookToken,
    // Medusa's CORS lists origins (a bare "*" matches nothing): allow the storefront
    STORE_CORS: `${storefrontUrl},http://127.0.0.1:${STOREFRONT_PORT}`,
    SVC_REDIRECT_URL: `${storefrontUrl}/checkout/return?cart_id={cart_id}`,
    // docs/examples' subscriber (an email to the buyer when a refund's payout settles), with Medusa's local notification
    // provider, and the demo's line in the log for every plugin event (demo/plugin.ts)
    SVC_EXAMPLES_PLUGIN: buildDemoPlugin(STATE),
  }

  let medusa: ChildProcess | undefined
  let storefront: Awaited<ReturnType<typeof startStorefront>> | undefined
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    log("stopping…")
    if (medusa?.pid && medusa.exitCode === null) {
      try {
        process.kill(-medusa.pid, "SIGTERM")
      } catch {
        // already gone
      }
      await new Promise((r) => {
        const t = setTimeout(() => {
          try {
            process.kill(-medusa!.pid!, "SIGKILL")
          } catch {
            // already gone
          }
          r(null)
        }, 8000)
        medusa!.once("exit", () => {
          clearTimeout(t)
          r(null)
        })
      })
    }
    await storefront?.close()
    await sandbox.close()
    log("stopped")
    process.exit(code)
  }
  process.on("SIGINT", () => void stop(0))
  process.on("SIGTERM", () => void stop(0))

  try {
    run(["medusa", "db:migrate"], env, "migrations")
    const seedOut = join(STATE, "seed.json")
    run(["medusa", "exec", "demo/seed.ts"], { ...env, DEMO_ADMIN_EMAIL: ADMIN_EMAIL, DEMO_ADMIN_PASSWORD: adminPassword, DEMO_SEED_OUT: seedOut }, "seed")
    const seed = JSON.parse(readFileSync(seedOut, "utf8")) as { publishableKey: string; regionId: string }

    log(`starting Medusa on ${storeUrl} (npx medusa develop)`)
    medusa = spawn("npx", ["medusa", "develop"], { cwd: ROOT, env, stdio: "inherit", detached: true })
    medusa.on("exit", (code) => {
      if (!stopping) {
        log(`Medusa exited (${code}); stopping the demo`)
        void stop(1)
      }
    })
    await waitForHttp(`${storeUrl}/health`, 300_000, medusa)

    storefront = await startStorefront({ port: STOREFRONT_PORT, storeUrl, publishableKey: seed.publishableKey })

    const demo = {
      storeUrl,
      adminUrl: `${storeUrl}/app`,
      storefrontUrl,
      sandboxUrl,
      publishableKey: seed.publishableKey,
      adminEmail: ADMIN_EMAIL,
      adminPassword,
      sandbox: { apiKey: c.apiKey, keyId: c.keyId, algorithm: c.algorithm },
    }
    writeFileSync(DEMO_JSON, JSON.stringify(demo, null, 2) + "\n")
    console.log(`
  ┌ medusa-payment-svc demo ─────────────────────────────────────────
  │ Storefront   ${demo.storefrontUrl}
  │ Admin        ${demo.adminUrl}
  │   login      ${ADMIN_EMAIL} / ${adminPassword}
  │ Store API    ${storeUrl}   (publishable key ${seed.publishableKey})
  │ svc sandbox  ${sandboxUrl}   (control API: ${sandboxUrl}/_sandbox/state)
  │ Written to   .demo/demo.json.   Ctrl-C stops everything.
  └──────────────────────────────────────────────────────────────────
`)
  } catch (e) {
    console.error(`[demo] ${(e as Error).message}`)
    await stop(1)
  }
}

void main()
