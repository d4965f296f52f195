/**
 * Every SQL statement Medusa sends during a bench phase, counted from PostgreSQL's own log
 * (issue 34: "no repeated reads of the same rows, no query for what the step already holds").
 *
 * `start()` turns `log_statement = 'all'` on for the whole server (ALTER SYSTEM, reloaded: a
 * superuser, and the server's log readable by this process; Debian writes it to
 * /var/log/postgresql/postgresql-<version>-main.log) and `stop()` turns it off again. Only
 * the lines of the bench's database are read, and the bench's own pool is left out (its
 * connections set `log_statement = none` themselves: see testing/stack.ts). A diagnostic,
 * not a timing: logging every statement slows PostgreSQL, so CPU figures of a phase measured
 * with it are not comparable with one measured without. BENCH_SQL_DUMP=<file>: each phase's
 * statements are also appended there, one a line, in order (read one settlement with N=1).
 */
import {
  appendFileSync,
  closeSync,
  openSync,
  readSync,
  statSync,
} from "node:fs"
import type { Pool } from "pg"

export type SqlCount = {
  statements: number
  transactions: number
  byKind: Map<string, number>
  byTable: Map<string, number>
}

const LINE =
  /^\S+ \S+ \S+ \[\d+\] \S+@(\S+) LOG: {2}(?:statement|execute [^:]*): ([\s\S]*)$/

/** "select payment_session", "update svc_checkout", "begin", … : what a statement is and the first table it names. */
export function classify(sql: string): { kind: string; table: string | null } {
  const s = sql.trim().toLowerCase()
  const kind = /^(\w+)/.exec(s)?.[1] ?? "?"
  const t =
    /\b(?:from|into|update)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/.exec(s)
  return { kind, table: t?.[1] ?? null }
}

export class SqlLog {
  private offset = 0

  constructor(
    private readonly admin: Pool,
    private readonly dbName: string,
    private readonly file = process.env.BENCH_PG_LOG ??
      "/var/log/postgresql/postgresql-15-main.log"
  ) {}

  async start(): Promise<void> {
    this.offset = statSync(this.file).size
    await this.admin.query(`alter system set log_statement = 'all'`)
    await this.admin.query(`select pg_reload_conf()`)
  }

  async stop(): Promise<SqlCount> {
    await this.admin.query(`alter system reset log_statement`)
    await this.admin.query(`select pg_reload_conf()`)
    const size = statSync(this.file).size
    const buf = Buffer.alloc(size - this.offset)
    const fd = openSync(this.file, "r")
    try {
      readSync(fd, buf, 0, buf.length, this.offset)
    } finally {
      closeSync(fd)
    }
    const out: SqlCount = {
      statements: 0,
      transactions: 0,
      byKind: new Map(),
      byTable: new Map(),
    }
    // a statement's text may span lines: a log line starts with its timestamp
    const entries = buf.toString("utf8").split(/\n(?=\d{4}-\d\d-\d\d \d\d:)/)
    for (const e of entries) {
      const m = LINE.exec(e)
      if (!m || m[1] !== this.dbName) continue
      const { kind, table } = classify(m[2]!)
      if (process.env.BENCH_SQL_DUMP)
        appendFileSync(
          process.env.BENCH_SQL_DUMP,
          m[2]!.replace(/\s+/g, " ").slice(0, 400) + "\n"
        )
      out.statements++
      if (kind === "begin") out.transactions++
      out.byKind.set(kind, (out.byKind.get(kind) ?? 0) + 1)
      if (table) {
        const key = `${kind} ${table}`
        out.byTable.set(key, (out.byTable.get(key) ?? 0) + 1)
      }
    }
    return out
  }
}
