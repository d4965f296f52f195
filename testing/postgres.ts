// The PostgreSQL server of the integration tests, as Medusa's test runner reads it (DB_HOST,
// DB_PORT, DB_USERNAME, DB_PASSWORD): for the files that make their own databases.
import { Client } from "pg"

export const pgConfig = (database = "postgres") => ({
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD || undefined,
  database,
})

/** DATABASE_URL of database `db` on that server. */
export function databaseUrl(db: string): string {
  const u = new URL("postgres://localhost")
  u.hostname = process.env.DB_HOST ?? "localhost"
  u.port = process.env.DB_PORT ?? "5432"
  u.username = process.env.DB_USERNAME ?? "postgres"
  if (process.env.DB_PASSWORD) u.password = process.env.DB_PASSWORD
  u.pathname = `/${db}`
  return u.toString()
}

/** One query on its own connection (to `database`, by default the server's `postgres`). */
export async function sql(q: string, database = "postgres") {
  const c = new Client(pgConfig(database))
  await c.connect()
  try {
    return await c.query(q)
  } finally {
    await c.end()
  }
}

/** Database `db`, new and empty (an earlier one of that name dropped). */
export async function freshDatabase(db: string): Promise<void> {
  await sql(`drop database if exists "${db}" with (force)`)
  await sql(`create database "${db}"`)
}

/** Drops database `db`, if it is there; never throws (for afterAll). */
export async function dropDatabase(db: string): Promise<void> {
  await sql(`drop database if exists "${db}" with (force)`).catch(
    () => undefined
  )
}
