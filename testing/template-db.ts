// A migrated template database for the in-app integration files and the scale files' clusters
// of `medusa start` processes (testing/cluster.ts) (docs/testing.md, "How long").
//
// Medusa's test runner makes a new database per file and runs every module's migrations and the
// link sync on it: ~6-9 s of the file's boot. Here the migrations run once, with `medusa db:migrate`
// (no migration scripts: nothing but the schema and the rows the migrations themselves insert, no
// app started, so no svc_setting or seed row can reach a file), on a database kept as a PostgreSQL
// template; each file's database is `CREATE DATABASE … TEMPLATE` of it, and the runner's
// migrations are skipped (svcIntegrationRunner, integration-tests/helpers/runner.ts).
//
// The template's name carries a key: a hash of what decides the schema (the versions of Medusa's
// packages, medusa-config.ts, the plugin's migrations, the env that changes the module set). A
// changed key makes a new template; one of the same key is reused, by later files and later runs.
// Built exactly once: under a PostgreSQL advisory lock (two jest workers, or two runs), under a
// scratch name renamed when `db:migrate` has finished, so a template that exists is complete.
// Nothing connects to a template (ALLOW_CONNECTIONS false): PostgreSQL refuses to copy one that
// has a session. SVC_TEST_DB_TEMPLATE=off turns all of this off (the runner's own migrations).
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
} from "node:fs"
import { join, resolve } from "node:path"
import { Client } from "pg"
import { databaseUrl, pgConfig } from "./postgres"

const ROOT = resolve(__dirname, "..")
/** Bump when the way a template is made changes (the db:migrate flags below). */
const RECIPE = "db:migrate --skip-scripts --skip-search --execute-all-links v1"
const PREFIX = "svc-test-template-"
/** Advisory lock key: one template build or copy at a time on the server. */
const LOCK = 0x5c7e_3a11
/** Templates of other keys unused this long go when a new one is built (as scripts/test.sh's 3 h for the runner's databases). */
const STALE_MS = 3 * 3600 * 1000
/**
 * The env medusa-config.ts reads to choose its modules and plugins (not their options): part of
 * the key, as set or not (REDIS_URL: Medusa's Redis modules; SVC_EXAMPLES_PLUGIN: the examples
 * plugin and the Notification Module). An env that changes the module set belongs here.
 */
const MODULE_SET_ENV = ["REDIS_URL", "SVC_EXAMPLES_PLUGIN"]

export function templateDisabled(): boolean {
  return process.env.SVC_TEST_DB_TEMPLATE === "off"
}

/** The paths (from `base`) and bytes of the files below `dir`. */
function addTree(
  h: ReturnType<typeof createHash>,
  dir: string,
  base = ROOT
): void {
  if (!existsSync(dir)) return
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n)
    if (statSync(p).isDirectory()) addTree(h, p, base)
    else
      h.update(p.slice(base.length))
        .update("\0")
        .update(readFileSync(p))
        .update("\0")
  }
}

/** A plugin's (or the app's) migrations and links: `src` is its src/ or its .medusa/server/src. */
function addSchemaSources(
  h: ReturnType<typeof createHash>,
  src: string,
  base: string
): void {
  const modules = join(src, "modules")
  if (existsSync(modules))
    for (const m of readdirSync(modules).sort())
      addTree(h, join(modules, m, "migrations"), base)
  addTree(h, join(src, "links"), base)
}

/** The template's key for this file's env: the schema `db:migrate` would make here. */
export function templateKey(env: NodeJS.ProcessEnv = process.env): string {
  const h = createHash("sha256").update(RECIPE)
  const scope = join(ROOT, "node_modules", "@medusajs")
  for (const pkg of readdirSync(scope).sort()) {
    const file = join(scope, pkg, "package.json")
    if (existsSync(file))
      h.update(`${pkg}@${JSON.parse(readFileSync(file, "utf8")).version}\n`)
  }
  h.update(readFileSync(join(ROOT, "medusa-config.ts")))
  addSchemaSources(h, join(ROOT, "src"), ROOT)
  for (const name of MODULE_SET_ENV)
    h.update(`${name}=${env[name] ? "set" : ""}\n`)
  // the examples plugin's folder is new each run: what it would migrate counts, not where it is
  const examples = env.SVC_EXAMPLES_PLUGIN
  if (examples)
    addSchemaSources(h, join(examples, ".medusa", "server", "src"), examples)
  return h.digest("hex").slice(0, 16)
}

/** `medusa db:migrate` on `db` with `env` (its module set); its output to `logFile`. */
function migrate(
  db: string,
  logFile: string,
  env: NodeJS.ProcessEnv
): Promise<void> {
  const fd = openSync(logFile, "a")
  const child = spawn(
    join(ROOT, "node_modules/.bin/medusa"),
    ["db:migrate", "--skip-scripts", "--skip-search", "--execute-all-links"],
    {
      cwd: ROOT,
      env: {
        ...env,
        DATABASE_URL: databaseUrl(db),
        NODE_OPTIONS: "",
        MEDUSA_DISABLE_TELEMETRY: "true",
      },
      stdio: ["ignore", fd, fd],
    }
  )
  closeSync(fd)
  return new Promise((res, rej) => {
    child.once("error", rej)
    child.once("exit", (code, signal) =>
      code === 0
        ? res()
        : rej(
            new Error(
              `medusa db:migrate for the test template failed (${code ?? signal}); see ${logFile}`
            )
          )
    )
  })
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`

async function dropStale(admin: Client, keep: string): Promise<void> {
  const { rows } = await admin.query(
    "select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1",
    [`${PREFIX}%`]
  )
  for (const { datname, note } of rows as {
    datname: string
    note: string | null
  }[]) {
    if (datname === keep) continue
    const used = Number(/used (\d+)/.exec(note ?? "")?.[1] ?? 0)
    // a scratch build is never in progress here: builds run under the lock this caller holds
    if (!datname.endsWith("-building") && Date.now() - used < STALE_MS) continue
    await admin
      .query(`alter database ${q(datname)} is_template false`)
      .catch(() => undefined)
    await admin
      .query(`drop database if exists ${q(datname)}`)
      .catch(() => undefined)
  }
}

export type FromTemplate = { template: string; built: boolean; ms: number }

/**
 * Makes database `db` (the runner's name for this file) a copy of the migrated template for `env`
 * (this file's, or the one a cluster's processes run with), building the template first if no
 * run has: one build at a time on the server.
 */
export async function databaseFromTemplate(
  db: string,
  logFile: string,
  env: NodeJS.ProcessEnv = process.env
): Promise<FromTemplate> {
  const started = Date.now()
  const template = `${PREFIX}${templateKey(env)}`
  const admin = new Client(pgConfig())
  await admin.connect()
  try {
    await admin.query("select pg_advisory_lock($1)", [LOCK])
    const exists = async (name: string) =>
      (
        await admin.query("select 1 from pg_database where datname = $1", [
          name,
        ])
      ).rowCount === 1
    let built = false
    if (!(await exists(template))) {
      const scratch = `${template}-building`
      await dropStale(admin, template)
      await admin.query(`drop database if exists ${q(scratch)} with (force)`)
      await admin.query(`create database ${q(scratch)}`)
      await migrate(scratch, logFile, env)
      // the migrate process has exited: nothing is connected to the scratch database
      await admin.query(`alter database ${q(scratch)} rename to ${q(template)}`)
      await admin.query(
        `alter database ${q(template)} with allow_connections false is_template true`
      )
      built = true
    }
    await admin.query(`create database ${q(db)} template ${q(template)}`)
    await admin.query(
      `comment on database ${q(template)} is ${admin.escapeLiteral(`svc integration test template, used ${Date.now()}`)}`
    )
    return { template, built, ms: Date.now() - started }
  } finally {
    await admin.end()
  }
}
