import { execFileSync, spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import { writeStrictTsconfig } from "../helpers/consumer-app"

// What `npm pack` ships: declarations for ./client and ./sandbox (strict
// TypeScript type-checks an import of medusa-payment-svc/client), source maps that
// carry the sources they name, no tests and no TypeScript sources, and every
// `types` target of `exports` present. Reads the build, rebuilt here unless made from the current sources.
jest.setTimeout(120_000)
const root = join(__dirname, "..", "..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))

let files: string[]
beforeAll(() => {
  ensureBuilt("plugin")
  const out = execFileSync(
    "npm",
    ["pack", "--dry-run", "--json", "--loglevel=error"],
    { cwd: root, encoding: "utf8" }
  )
  files = (JSON.parse(out)[0].files as { path: string }[]).map((f) => f.path)
})

describe("the packed package", () => {
  it("ships declarations for ./client and ./sandbox, and every exports `types` target exists", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ".medusa/server/src/client/index.d.ts",
        ".medusa/server/src/sandbox/index.d.ts",
      ])
    )
    for (const [entry, target] of Object.entries(
      pkg.exports as Record<string, unknown>
    )) {
      const t = (target as { types?: string }).types
      if (!t || t.includes("*")) continue
      expect([entry, existsSync(join(root, t))]).toEqual([entry, true])
    }
  })

  it("ships no tests and no TypeScript sources; every source map carries the sources it names", () => {
    expect(
      files.filter(
        (f) =>
          f.includes("__tests__") || (/\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
      )
    ).toEqual([])
    const maps = files.filter((f) => f.endsWith(".js.map"))
    expect(maps.length).toBeGreaterThan(50)
    for (const m of maps) {
      const map = JSON.parse(readFileSync(join(root, m), "utf8"))
      expect([
        m,
        Array.isArray(map.sourcesContent) &&
          map.sourcesContent.length === map.sources.length,
      ]).toEqual([m, true])
    }
    const js = readFileSync(
      join(root, ".medusa/server/src/client/client.js"),
      "utf8"
    )
    expect(js).not.toMatch(/sourceMappingURL=data:/) // no inline maps
  })

  it("peer dependencies admit Medusa 2.18.0 and every later 2.x (npm run test:compat tests the oldest and the newest the registry serves); the admin's UI packages are the store's own", () => {
    for (const p of ["admin-sdk", "cli", "framework", "icons", "medusa"])
      expect([p, pkg.peerDependencies[`@medusajs/${p}`]]).toEqual([
        p,
        "^2.18.0",
      ])
    expect(pkg.peerDependencies["@medusajs/ui"]).toBe("^4.2.0")
    // optional: npm would otherwise add the newest matching ones beside an older dashboard's and nest
    // Medusa 2.18's own @medusajs/draft-order where its plugin loader cannot find it
    expect(pkg.peerDependenciesMeta).toMatchObject({
      "@medusajs/icons": { optional: true },
      "@medusajs/ui": { optional: true },
    })
    expect(pkg.peerDependencies["@medusajs/js-sdk"]).toBeUndefined()
    expect(pkg.devDependencies["@medusajs/framework"]).toBe("2.21.2")
    for (const k of ["repository", "homepage", "bugs"])
      expect(pkg[k]).toBeTruthy()
  })

  it("a strict TypeScript file importing medusa-payment-svc/client and /sandbox type-checks", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-types-"))
    mkdirSync(join(dir, "node_modules"))
    symlinkSync(root, join(dir, "node_modules", "medusa-payment-svc"), "dir")
    writeFileSync(
      join(dir, "use.ts"),
      `import { SvcClient, SvcError, type Health } from "medusa-payment-svc/client"
import { startSandbox } from "medusa-payment-svc/sandbox"
export async function accountName(): Promise<string> {
  const sb = await startSandbox({ port: 0 })
  const c = new SvcClient({ baseUrl: sb.url, apiKey: sb.credentials.apiKey, keyId: sb.credentials.keyId, privateKey: sb.credentials.privateKeyPem, algorithm: sb.credentials.algorithm })
  try {
    const h: Health = await c.health()
    return h.account.name
  } catch (e) {
    if (e instanceof SvcError) return e.code
    throw e
  } finally {
    await sb.close()
  }
}
`
    )
    writeStrictTsconfig(dir, ["use.ts"], {
      typeRoots: [join(root, "node_modules/@types")],
    })
    const r = spawnSync(
      process.execPath,
      [join(root, "node_modules/typescript/bin/tsc"), "-p", dir],
      { encoding: "utf8" }
    )
    expect(r.stdout + r.stderr).toBe("")
    expect(r.status).toBe(0)
  })
})
