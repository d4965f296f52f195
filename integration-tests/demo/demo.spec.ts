// The demo's parts that need no Medusa app of their own (the storefront's language switch is
// storefront.spec's, in chromium):
// - the database `npm run demo` creates (demo/run.sh asks demo/database.ts): the one DATABASE_URL
//   names when it is set, else DEMO_DB_NAME; run.sh itself is run (DEMO_DB_ONLY=1 stops it before
//   Medusa) on the test's PostgreSQL.
import { spawnSync } from "node:child_process"
import { resolve } from "node:path"
import { randomBytes } from "node:crypto"
import { Client } from "pg"
import { demoDatabase, ensureDemoDatabase, DEFAULT_DEMO_DB_NAME } from "../../demo/database"

jest.setTimeout(60_000)

const ROOT = resolve(__dirname, "../..")
const PG = { host: process.env.DB_HOST || "localhost", port: process.env.DB_PORT || "5432", user: process.env.DB_USERNAME || "postgres" }
const serverUrl = (db: string) => `postgres://${PG.user}@${PG.host}:${PG.port}/${db}`

async function withPg<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl("postgres") })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}
const exists = (name: string) => withPg(async (c) => !!(await c.query("select 1 from pg_database where datname = $1", [name])).rowCount)
const drop = (name: string) => withPg((c) => c.query(`drop database if exists "${name}"`))

describe("the demo's database (demo/run.sh, demo/database.ts)", () => {
  it("DATABASE_URL wins (Medusa connects to it), else DEMO_DB_NAME, else medusa_svc_demo; a URL's options and password stay in it, never in a message", () => {
    const url = "postgresql://shop:p%40ss@db.internal:6543/second_demo?sslmode=require"
    expect(demoDatabase({ DATABASE_URL: url, DEMO_DB_NAME: "medusa_svc_demo" })).toEqual({
      url,
      name: "second_demo",
      host: "db.internal",
      port: "6543",
      adminUrl: "postgresql://shop:p%40ss@db.internal:6543/postgres?sslmode=require",
    })
    expect(demoDatabase({ DEMO_DB_NAME: "shop_two", DB_HOST: "127.0.0.1", DB_PORT: "5433", DB_USERNAME: "me" })).toMatchObject({
      url: "postgres://me@127.0.0.1:5433/shop_two",
      name: "shop_two",
      adminUrl: "postgres://me@127.0.0.1:5433/postgres",
    })
    expect(demoDatabase({})).toMatchObject({ url: `postgres://postgres@localhost:5432/${DEFAULT_DEMO_DB_NAME}`, name: "medusa_svc_demo" })
    expect(demoDatabase({ DATABASE_URL: "postgres://[::1]/demo%2Dthree" })).toMatchObject({ name: "demo-three", host: "::1", port: "5432" })
    for (const [env, why] of [
      [{ DATABASE_URL: "postgres://u:s3cret@localhost:5432" }, /names no database/],
      [{ DATABASE_URL: "postgres://u:s3cret@localhost/a%22b" }, /names the database "a"b", not one the demo creates/],
      [{ DATABASE_URL: "mysql://u:s3cret@localhost/shop" }, /mysql: URL/],
      [{ DATABASE_URL: "not a url s3cret" }, /is not a URL/],
      [{ DEMO_DB_NAME: "x'; drop database y" }, /DEMO_DB_NAME/],
    ] as const) {
      expect(() => demoDatabase(env)).toThrow(why)
      expect(() => demoDatabase(env)).not.toThrow(/s3cret/)
    }
  })

  it("run.sh creates the database DATABASE_URL names (not DEMO_DB_NAME's), or DEMO_DB_NAME's without a URL; a second time finds it", async () => {
    const suffix = randomBytes(4).toString("hex")
    const named = `svc_demo_test_url_${suffix}`
    const other = `svc_demo_test_other_${suffix}`
    const byName = `svc_demo_test_name_${suffix}`
    const runSh = (env: Record<string, string>) => {
      const base = { ...process.env, DEMO_DB_ONLY: "1" } as Record<string, string | undefined>
      delete base.DATABASE_URL
      const r = spawnSync("bash", ["demo/run.sh"], { cwd: ROOT, env: { ...base, ...env }, encoding: "utf8", timeout: 60_000 })
      if (r.status !== 0) throw new Error(`demo/run.sh exited ${r.status}: ${r.stderr}`)
      return r.stdout
    }
    try {
      const out = runSh({ DATABASE_URL: serverUrl(named), DEMO_DB_NAME: other })
      expect(out).toContain(`[demo] database ${named} on ${PG.host}:${PG.port}`)
      expect(out).toContain(`[demo] created the database ${named}`)
      expect(await exists(named)).toBe(true)
      expect(await exists(other)).toBe(false)
      // what a second run of the same demo does: nothing to create
      expect(await ensureDemoDatabase(demoDatabase({ DATABASE_URL: serverUrl(named) }))).toBe(false)

      expect(runSh({ DEMO_DB_NAME: byName, DB_HOST: PG.host, DB_PORT: PG.port, DB_USERNAME: PG.user })).toContain(`[demo] created the database ${byName}`)
      expect(await exists(byName)).toBe(true)
    } finally {
      for (const db of [named, other, byName]) await drop(db)
    }
  })
})
