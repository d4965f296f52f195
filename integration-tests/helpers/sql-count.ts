/**
 * Counts the SQL statements this process sends to PostgreSQL (the Medusa app
 * of an integration test runs in the test's process): every copy of `pg` in
 * node_modules (Medusa's MikroORM brings its own) has its Client's `query`
 * counted while a count is open. Statements the test itself sends count too:
 * read the database only after `stop()`. SQL_COUNT_DUMP=<file>: each counted
 * statement is appended there, one a line (which statements a flow sends).
 */
import { appendFileSync } from "node:fs"

type Query = (...args: unknown[]) => unknown
type Pg = { Client: { prototype: { query: Query } } }
// jest's own require: the app was loaded through it, so these are the app's copies
/* eslint-disable @typescript-eslint/no-require-imports */
const clients = [
  require("pg") as Pg,
  require(
    require.resolve("pg", { paths: [require.resolve("@mikro-orm/postgresql")] })
  ) as Pg,
]
  .map((pg) => pg.Client)
  .filter((c, i, all) => all.indexOf(c) === i)
/* eslint-enable @typescript-eslint/no-require-imports */

export type SqlCounter = {
  /** statements since the count was opened (or since the last reset) */
  readonly statements: number
  reset(): void
  /** waits until no statement was sent for `quietMs` (what a step left running is done) */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>
  stop(): number
}

export function countStatements(): SqlCounter {
  let n = 0
  let last = Date.now()
  const saved = clients.map((C) => [C, C.prototype.query as Query] as const)
  for (const [C, query] of saved)
    C.prototype.query = function (this: unknown, ...args: unknown[]) {
      n++
      last = Date.now()
      if (process.env.SQL_COUNT_DUMP) {
        const q = args[0] as string | { text?: string }
        const text = typeof q === "string" ? q : (q?.text ?? "?")
        appendFileSync(
          process.env.SQL_COUNT_DUMP,
          `${text.replace(/\s+/g, " ").slice(0, 300)}\n`
        )
      }
      return query.apply(this, args)
    }
  return {
    get statements() {
      return n
    },
    reset() {
      n = 0
      if (process.env.SQL_COUNT_DUMP)
        appendFileSync(process.env.SQL_COUNT_DUMP, "-- reset\n")
    },
    async quiet(quietMs = 1500, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs
      while (Date.now() - last < quietMs && Date.now() < end)
        await new Promise((r) => setTimeout(r, 100))
    },
    stop() {
      for (const [C, query] of saved) C.prototype.query = query
      return n
    },
  }
}
