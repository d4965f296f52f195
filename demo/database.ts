// The demo's database (demo/run.sh asks this before anything else): the one DATABASE_URL names
// when it is set, since that is the database Medusa connects to; else DEMO_DB_NAME (default
// medusa_svc_demo) on DB_HOST:DB_PORT as DB_USERNAME. demo/start.ts takes the same URL.
//
//   node -r @swc-node/register demo/database.ts          url=…, name=…, host=…, port=… (one a line, for run.sh)
//   node -r @swc-node/register demo/database.ts create   creates the database where it is missing
import { Client } from "pg"

export const DEFAULT_DEMO_DB_NAME = "medusa_svc_demo"
/** A name run.sh, PostgreSQL and Medusa's migrations take as it is: nothing to quote wrongly. */
const NAME_RULE = /^[A-Za-z0-9_][A-Za-z0-9_$-]{0,62}$/

export type DemoDatabase = {
  /** What Medusa connects to: DATABASE_URL as given, or the URL made from DEMO_DB_NAME and DB_*. */
  url: string
  /** The database that URL names. */
  name: string
  host: string
  port: string
  /** The same server and options, database `postgres`: where CREATE DATABASE runs. */
  adminUrl: string
}

/** The demo's database from the environment (throws, with a sentence, on a URL or name it cannot use). */
export function demoDatabase(env: Record<string, string | undefined> = process.env): DemoDatabase {
  let url = (env.DATABASE_URL ?? "").trim()
  if (!url) {
    const name = env.DEMO_DB_NAME || DEFAULT_DEMO_DB_NAME
    if (!NAME_RULE.test(name)) throw new Error(`DEMO_DB_NAME "${name}" is not a database name the demo uses (letters, digits, _ $ -; 63 at most)`)
    url = `postgres://${encodeURIComponent(env.DB_USERNAME || "postgres")}@${env.DB_HOST || "localhost"}:${env.DB_PORT || "5432"}/${name}`
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    // never the URL itself in a message: it may hold a password
    throw new Error("DATABASE_URL is not a URL (postgres://user@host:port/database)")
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") throw new Error(`DATABASE_URL is a ${parsed.protocol} URL, not a postgres: one`)
  let name: string
  try {
    name = decodeURIComponent(parsed.pathname.replace(/^\//, ""))
  } catch {
    throw new Error("DATABASE_URL's database name is not valid percent-encoding")
  }
  if (!name) throw new Error("DATABASE_URL names no database (postgres://user@host:port/<database>)")
  if (!NAME_RULE.test(name)) throw new Error(`DATABASE_URL names the database "${name}", not one the demo creates (letters, digits, _ $ -; 63 at most)`)
  const admin = new URL(parsed.href)
  admin.pathname = "/postgres"
  return { url, name, host: parsed.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost", port: parsed.port || "5432", adminUrl: admin.href }
}

/** Creates the database where it is missing; whether it did. */
export async function ensureDemoDatabase(db: Pick<DemoDatabase, "name" | "adminUrl">): Promise<boolean> {
  const client = new Client({ connectionString: db.adminUrl })
  await client.connect()
  try {
    if ((await client.query("select 1 from pg_database where datname = $1", [db.name])).rowCount) return false
    try {
      // an identifier cannot be a parameter: the name passed NAME_RULE and is quoted as one
      await client.query(`create database "${db.name.replace(/"/g, '""')}"`)
    } catch (e) {
      if ((e as { code?: string }).code === "42P04") return false // another demo made it at the same moment
      throw e
    }
    return true
  } finally {
    await client.end()
  }
}

if (require.main === module) {
  const main = async () => {
    const db = demoDatabase()
    if (process.argv[2] === "create") {
      if (await ensureDemoDatabase(db)) console.log(`[demo] created the database ${db.name}`)
      return
    }
    // for run.sh's variables (the URL as it came, password and all), not for the terminal
    process.stdout.write(`url=${db.url}\nname=${db.name}\nhost=${db.host}\nport=${db.port}\n`)
  }
  main().catch((e) => {
    console.error(`[demo] ${(e as Error).message ?? e}`)
    process.exit(1)
  })
}
