import { createHash } from "node:crypto"
import { readdirSync } from "node:fs"
import { join } from "node:path"

/**
 * Migrations are additive (docs/architecture.md, "Tables"): the SQL a shipped migration runs never
 * changes, since stores that ran it will not run it again. A fix is a new migration. The SQL each
 * migration's up() queues is hashed here; a changed hash fails, and so does a migration not listed
 * (add its line when it ships). The upgrade test runs an older commit's migrated database on this
 * code (integration-tests/upgrade/upgrade.spec.ts).
 */
// sha256 of the queued SQL (first 16 hex digits); the nine below give the same hashes at 56167a8
// (PRINT_MIGRATION_HASHES=1 prints each migration's line)
const SHIPPED: Record<string, string> = {
  Migration20261122160819: "6d0bcafdb8802a44",
  Migration20261122180000: "abd49a2309426c9b",
  Migration20261123091926: "19a770546e514685",
  Migration20261123121515: "2d474148e12f10bb",
  Migration20261123121626: "f3e048759827e5ae",
  Migration20261124121000: "d32548667bf48b23",
  Migration20261124122024: "4ab5ca4c32ad4c23",
  Migration20261124124420: "174b048dc0a6ab76",
  Migration20261124171500: "298f930fd8b1eda8",
  Migration20261127010000: "4ca2a991e7a67d87",
  Migration20261127060000: "f22051e27cbb3c87",
}

const dir = join(__dirname, "..", "migrations")

async function sqlOf(file: string): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(dir, file)) as Record<
    string,
    { prototype: { up: () => Promise<void> } }
  >
  const classes = Object.values(mod).filter(
    (c) => typeof c?.prototype?.up === "function"
  )
  expect(classes).toHaveLength(1)
  const queued: string[] = []
  // up() only queues SQL with addSql: run it with a `this` that records what it queues
  await classes[0]!.prototype.up.call({
    addSql: (sql: string) => queued.push(sql),
  })
  return queued
}

describe("shipped migrations", () => {
  const files = readdirSync(dir)
    .filter((f) => /^Migration\d+\.ts$/.test(f))
    .sort()

  it.each(files)("%s runs the SQL it shipped with", async (file) => {
    const sql = await sqlOf(file)
    expect(sql.length).toBeGreaterThan(0)
    const hash = createHash("sha256")
      .update(sql.join("\n"))
      .digest("hex")
      .slice(0, 16)
    if (process.env.PRINT_MIGRATION_HASHES)
      process.stdout.write(`  "${file.replace(/\.ts$/, "")}": "${hash}",\n`)
    expect({ [file]: hash }).toEqual({
      [file]:
        SHIPPED[file.replace(/\.ts$/, "")] ??
        "(not listed: add it to SHIPPED when it ships)",
    })
  })
})
