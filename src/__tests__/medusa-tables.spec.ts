// No SQL on Medusa's own tables (docs/architecture.md, "Medusa's data"): Medusa's data is read with
// Query through module links, or through Medusa's module services. Any minor release may change
// Medusa's tables; a plugin that reads them has to close its peer range.
//
// Medusa's tables are read off the installed Medusa itself: every table its modules' migrations
// create and every link table its link modules define. Each SQL string in src (outside migrations
// and the sandbox) is checked for one of them after from / join / update / into / delete from.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

const ROOT = resolve(__dirname, "../..")
// package.json is not in the framework's exports: its main entry's package folder instead
const MEDUSA = resolve(dirname(require.resolve("@medusajs/framework")), "../..")

function files(dir: string, keep: (p: string) => boolean): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (keep(p)) out.push(p)
    }
  }
  walk(dir)
  return out
}

/** The string and template literals (a file's SQL) of src's files outside tests, migrations and the sandbox that `keep` keeps, by file. */
function srcLiterals(keep: (p: string) => boolean = () => true) {
  return files(
    join(ROOT, "src"),
    (p) =>
      /\.tsx?$/.test(p) &&
      !/\/(__tests__|migrations|sandbox)\//.test(p) &&
      keep(p)
  ).map((file) => ({
    file: relative(ROOT, file),
    literals: [
      ...readFileSync(file, "utf8").matchAll(
        /`[^`]*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g
      ),
    ].map((m) => m[0]),
  }))
}

/** Medusa's tables: created by its modules' migrations, or the link tables of its link modules. */
function medusaTables(): Set<string> {
  const tables = new Set<string>()
  for (const pkg of readdirSync(MEDUSA)) {
    const migrations = join(MEDUSA, pkg, "dist", "migrations")
    try {
      if (!statSync(migrations).isDirectory()) continue
    } catch {
      continue
    }
    for (const f of files(migrations, (p) => p.endsWith(".js"))) {
      for (const m of readFileSync(f, "utf8").matchAll(
        /create table (?:if not exists )?\\?"([a-z_]+)\\?"/gi
      ))
        tables.add(m[1]!)
    }
  }
  for (const f of files(
    join(MEDUSA, "link-modules", "dist", "definitions"),
    (p) => p.endsWith(".js")
  )) {
    for (const m of readFileSync(f, "utf8").matchAll(/tableName: "([a-z_]+)"/g))
      tables.add(m[1]!)
  }
  return tables
}

describe("no SQL on Medusa's tables", () => {
  const tables = medusaTables()

  it("reads Medusa's tables off the installed Medusa", () => {
    for (const t of [
      "cart",
      "order",
      "payment",
      "payment_session",
      "refund",
      "order_change",
      "order_cart",
      "cart_payment_collection",
      "order_payment_collection",
    ]) {
      expect(tables.has(t)).toBe(true)
    }
    expect(tables.size).toBeGreaterThan(100)
  })

  it("src names none of them in SQL (outside migrations and the sandbox)", () => {
    const found: Record<string, string[]> = {}
    for (const { file, literals } of srcLiterals()) {
      for (const sql of literals) {
        const named = [
          ...sql.matchAll(
            /\b(?:from|join|update|into)\s+\\?"?([a-z_]+)\\?"?/gi
          ),
        ]
          .map((m) => m[1]!.toLowerCase())
          .filter((t) => tables.has(t))
        if (named.length)
          (found[file] ??= []).push(
            `${[...new Set(named)].join(", ")}: ${sql.replace(/\s+/g, " ").slice(0, 100)}`
          )
      }
    }
    expect(found).toEqual({})
  })

  it("the plugin's own svc_* tables are read and written in SQL only by the svc module (src/modules/svc: its one owner)", () => {
    const found: Record<string, string[]> = {}
    const owner = join(ROOT, "src/modules/svc") + "/"
    for (const { file, literals } of srcLiterals((p) => !p.startsWith(owner)))
      for (const sql of literals)
        for (const m of sql.matchAll(
          /\b(?:from|join|update|into)\s+\\?"?(svc_[a-z_]+)/gi
        ))
          (found[file] ??= []).push(m[1]!)
    expect(found).toEqual({})
  })
})
