import { spawn, spawnSync } from "node:child_process"
import { generateKeyPairSync } from "node:crypto"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { freePort } from "../../testing/free-port"
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
} from "../../testing/postgres"
import {
  databaseFromTemplate,
  templateDisabled,
} from "../../testing/template-db"

// `medusa start` (the command a store runs, as a child process from this
// repository's root, medusa-config.ts reading SVC_*) refuses to start on a wrong
// setup, with the option's name and never a secret; with the right options and
// svc unreachable it starts and logs one warning naming baseUrl.
jest.setTimeout(180_000)

const root = join(__dirname, "..", "..")
const db = `medusa-boot-integration-${process.pid}`

const dir = mkdtempSync(join(tmpdir(), "svc-boot-"))
const ed25519Pem = generateKeyPairSync("ed25519")
  .privateKey.export({ format: "pem", type: "pkcs8" })
  .toString()
const edFile = join(dir, "ed25519.pem")
writeFileSync(edFile, ed25519Pem, { mode: 0o600 })
const API_KEY = "svc_pk_boot_test_secret_4242"

function env(svc: Record<string, string>, port: number): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env }
  for (const k of Object.keys(e)) if (k.startsWith("SVC_")) delete e[k]
  delete e.NODE_OPTIONS // jest's --experimental-vm-modules is not the app's
  delete e.TEST_LOG_DIR
  return {
    ...e,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_WORKER_MODE: "shared",
    DATABASE_URL: databaseUrl(db),
    PORT: String(port),
    SVC_API_KEY: API_KEY,
    SVC_KEY_ID: "boot-key",
    SVC_REDIRECT_URL: "http://localhost:8000/checkout/return?cart_id={cart_id}",
    ...svc,
  }
}

/** `medusa start` until it exits, or until `until` is printed (then stopped). */
function medusaStart(
  svc: Record<string, string>,
  port: number,
  until?: RegExp,
  ms = 60_000
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["medusa", "start"], {
      cwd: root,
      env: env(svc, port),
      detached: true,
    })
    let out = ""
    let done = false
    const finish = (code: number | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      try {
        process.kill(-child.pid!, "SIGKILL")
      } catch {
        /* already gone */
      }
      resolve({ code, out })
    }
    const onData = (b: Buffer) => {
      out += b.toString()
      if (until && until.test(out)) setTimeout(() => finish(null), 500)
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.on("exit", (code) => finish(code))
    const timer = setTimeout(() => finish(null), ms)
  })
}

beforeAll(async () => {
  const migrateEnv = env(
    { SVC_BASE_URL: "http://127.0.0.1:9", SVC_PRIVATE_KEY_PATH: edFile },
    0
  )
  // What this file tests is `medusa start`'s checks, not migrations (packed-install and upgrade run
  // `medusa db:migrate` as a store does): its database is a copy of the migrated template of this
  // checkout's module set (testing/template-db.ts), ~1 s instead of a `medusa db:migrate` (~15 s of CPU)
  if (!templateDisabled()) {
    await dropDatabase(db)
    await databaseFromTemplate(db, join(dir, "template-db.log"), migrateEnv)
    return
  }
  await freshDatabase(db)
  const migrate = spawnSync("npx", ["medusa", "db:migrate"], {
    cwd: root,
    env: migrateEnv,
    encoding: "utf8",
    timeout: 150_000,
  })
  if (migrate.status !== 0)
    throw new Error(
      `medusa db:migrate failed:\n${migrate.stdout}\n${migrate.stderr}`
    )
})

afterAll(async () => {
  await dropDatabase(db)
})

const refuses = (out: string) => {
  expect(out).toMatch(/Error starting server/)
  expect(out).not.toContain(API_KEY)
  expect(out).not.toContain("BEGIN PRIVATE KEY")
}

describe("medusa start with a wrong svc setup", () => {
  it("baseUrl ending in /v1: refuses to start, saying the client adds /v1", async () => {
    const r = await medusaStart(
      {
        SVC_BASE_URL: "http://127.0.0.1:4010/v1",
        SVC_PRIVATE_KEY_PATH: edFile,
      },
      await freePort()
    )
    expect(r.code).not.toBe(0)
    expect(r.code).not.toBeNull()
    expect(r.out).toMatch(
      /Invalid medusa-payment-svc provider options: `baseUrl`: must not end in \/v1: the client adds \/v1/
    )
    refuses(r.out)
  })

  it("privateKeyPath that does not exist: refuses to start, naming the option and the path", async () => {
    const missing = join(dir, "missing.pem")
    const r = await medusaStart(
      { SVC_BASE_URL: "http://127.0.0.1:4010", SVC_PRIVATE_KEY_PATH: missing },
      await freePort()
    )
    expect(r.code).not.toBe(0)
    expect(r.code).not.toBeNull()
    expect(r.out).toContain(
      `\`privateKeyPath\`: cannot read ${missing} (no such file, ENOENT)`
    )
    refuses(r.out)
  })

  it("an ed25519 key with algorithm ecdsa-p256-sha256: refuses to start, saying which algorithm the key fits", async () => {
    const r = await medusaStart(
      {
        SVC_BASE_URL: "http://127.0.0.1:4010",
        SVC_PRIVATE_KEY_PATH: edFile,
        SVC_ALGORITHM: "ecdsa-p256-sha256",
      },
      await freePort()
    )
    expect(r.code).not.toBe(0)
    expect(r.code).not.toBeNull()
    expect(r.out).toMatch(
      /`privateKeyPath`: the key \(file .*\) is an ed25519 key, but `algorithm` is ecdsa-p256-sha256/
    )
    refuses(r.out)
  })

  it("right options, svc unreachable: starts, and logs one warning naming baseUrl", async () => {
    const svcPort = await freePort() // nothing listens there
    const port = await freePort()
    const r = await medusaStart(
      {
        SVC_BASE_URL: `http://127.0.0.1:${svcPort}`,
        SVC_PRIVATE_KEY_PATH: edFile,
      },
      port,
      /could not reach svc/
    )
    if (r.code !== null) console.warn(r.out)
    expect(r.code).toBeNull() // still running when stopped
    expect(r.out).toMatch(/Server is ready on port/)
    const warnings = r.out
      .split("\n")
      .filter((l) => l.includes("medusa-payment-svc: could not reach svc"))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`http://127.0.0.1:${svcPort}`)
    expect(warnings[0]).toContain("`baseUrl`")
    expect(r.out).not.toContain(API_KEY)
  })
})
