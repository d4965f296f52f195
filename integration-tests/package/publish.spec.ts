import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join, posix } from "node:path"
import { read as readChangesetConfig } from "@changesets/config"
import getReleasePlan from "@changesets/get-release-plan"
import { getPackages } from "@manypkg/get-packages"
import { ensureBuilt } from "../../testing/builds"

// What `npm run release` publishes (docs/releasing.md): `npm publish <folder> --dry-run` of the plugin
// and of the storefront kit, run as `changeset publish` runs it (from the root, the package's folder
// named, --access public --tag latest), the tarball's file list read from npm's JSON. `--offline`:
// npm does not ask the registry whether the version is taken (no network here; the list is the same);
// `--ignore-scripts`: the builds are the ones testing/builds.ts made from the current sources. Every
// file lies under the package's own roots, none is a test, a fixture, an env file or a TypeScript
// source, and every entry point package.json names is in the tarball. Changesets sees both packages,
// one fixed group, and each CHANGELOG.md's newest entry is the version published.
jest.setTimeout(180_000)
const root = join(__dirname, "..", "..")
const kitDir = join(root, "packages/storefront")
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"))

type Published = {
  name: string
  version: string
  files: string[]
  warnings: string[]
}

function publishDryRun(dir: string): Published {
  const args = [
    "publish",
    dir,
    "--dry-run",
    "--json",
    "--offline",
    "--ignore-scripts",
    "--access",
    "public",
    "--tag",
    "latest",
    "--loglevel=warn",
  ]
  const r = spawnSync("npm", args, {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  })
  if (r.status !== 0)
    throw new Error(`npm ${args.join(" ")} exited ${r.status}: ${r.stderr}`)
  const json = JSON.parse(r.stdout)
  // npm 11 keys the result by the package's name (a workspace); older npm prints the object alone
  const out = json[readJson(join(dir, "package.json")).name] ?? json
  // npm's warnings but the dry run's "requires you to be logged in" (a machine with no npm login)
  const warnings = r.stderr
    .split("\n")
    .filter(
      (l) =>
        /^npm (warn|error)/.test(l) && !/requires you to be logged in/.test(l)
    )
  return {
    name: out.name,
    version: out.version,
    files: (out.files as { path: string }[]).map((f) => f.path).sort(),
    warnings,
  }
}

/** What a store never needs in a package: each rule's name and what it catches. */
const FORBIDDEN: [string, RegExp][] = [
  [
    "a test folder",
    /(^|\/)(__tests__|__mocks__|__snapshots__|integration-tests|testing)\//,
  ],
  ["a test file, its declaration or source map", /\.(spec|test)\.[^/]*$/],
  ["fixtures", /(^|\/)(__fixtures__|fixtures?|test-data)\//],
  ["an env file", /(^|\/)\.env($|\.)/],
  ["TypeScript source", /\.[cm]?tsx?$/],
  ["a build stamp or TypeScript's build info", /\.(sha256|tsbuildinfo)$/],
]
const isDeclaration = (f: string) => /\.d\.[cm]?ts$/.test(f)

/** The files that break a rule, as "file: rule"; the files outside the package's roots, as "file: outside ...". */
function offending(
  files: string[],
  roots: { dirs: string[]; files: string[] }
): string[] {
  const out: string[] = []
  for (const f of files) {
    for (const [rule, re] of FORBIDDEN)
      if (re.test(f) && !(rule === "TypeScript source" && isDeclaration(f)))
        out.push(`${f}: ${rule}`)
    if (!roots.files.includes(f) && !roots.dirs.some((d) => f.startsWith(d)))
      out.push(`${f}: outside ${[...roots.dirs, ...roots.files].join(", ")}`)
  }
  return out
}

/** Every path package.json points at (exports' targets, bin, main, module, types, typesVersions), "./" dropped. */
function namedTargets(pkg: Record<string, unknown>): string[] {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(posix.normalize(v))
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === "object") Object.values(v).forEach(walk)
  }
  for (const k of [
    "exports",
    "bin",
    "main",
    "module",
    "types",
    "typesVersions",
  ])
    walk(pkg[k])
  return [...new Set(out)]
}

/** Whether a target (a `*` pattern matches one path segment or more) is in the tarball. */
function shipped(files: string[], target: string): boolean {
  if (!target.includes("*")) return files.includes(target)
  const re = new RegExp(
    `^${target
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]+")}$`
  )
  return files.some((f) => re.test(f))
}

const ROOTS = {
  plugin: {
    dirs: [".medusa/server/src/"],
    files: [
      "package.json",
      "README.md",
      "LICENSE",
      "CHANGELOG.md",
      "bin/medusa-payment-svc.js",
    ],
  },
  kit: {
    dirs: ["dist/"],
    files: ["package.json", "README.md", "LICENSE", "CHANGELOG.md"],
  },
}

let plugin: Published
let kit: Published
beforeAll(() => {
  ensureBuilt("plugin")
  ensureBuilt("kit")
  plugin = publishDryRun(root)
  kit = publishDryRun(kitDir)
  // in the test's log: how many files each tarball holds
  console.log(
    `npm publish --dry-run: ${plugin.name}@${plugin.version} ${plugin.files.length} files, ${kit.name}@${kit.version} ${kit.files.length} files`
  )
})

describe("npm publish --dry-run", () => {
  it("the plugin: only .medusa/server/src, the CLI, package.json, README, LICENSE, CHANGELOG; no tests, fixtures, env files or TypeScript sources", () => {
    expect(plugin.name).toBe("medusa-payment-svc")
    expect(offending(plugin.files, ROOTS.plugin)).toEqual([])
    expect(plugin.files).toEqual(expect.arrayContaining(ROOTS.plugin.files))
    expect(plugin.warnings).toEqual([])
  })

  it("the plugin: every entry point package.json names, and what Medusa and the README load from the package", () => {
    const pkg = readJson(join(root, "package.json"))
    const missing = namedTargets(pkg).filter(
      (t) => t !== "package.json" && !shipped(plugin.files, t)
    )
    expect(missing).toEqual([])
    // medusa-config.ts's `resolve`s, the README's `medusa exec` script, the admin extensions, the declarations of ./client and ./sandbox
    for (const f of [
      ".medusa/server/src/index.js",
      ".medusa/server/src/modules/svc/index.js",
      ".medusa/server/src/providers/svc/index.js",
      ".medusa/server/src/scripts/setup-malaysia.js",
      ".medusa/server/src/admin/index.mjs",
      ".medusa/server/src/client/index.d.ts",
      ".medusa/server/src/sandbox/index.d.ts",
    ])
      expect([f, plugin.files.includes(f)]).toEqual([f, true])
    // the plugin's routes, jobs, subscribers and workflows, which Medusa finds by folder
    for (const dir of ["api", "jobs", "subscribers", "workflows"])
      expect([
        dir,
        plugin.files.some(
          (f) => f.startsWith(`.medusa/server/src/${dir}/`) && f.endsWith(".js")
        ),
      ]).toEqual([dir, true])
  })

  it("the kit: only dist, package.json, README, LICENSE, CHANGELOG; every entry point; every relative import of its JavaScript is in the tarball", () => {
    expect(kit.name).toBe("medusa-payment-svc-storefront")
    expect(offending(kit.files, ROOTS.kit)).toEqual([])
    expect(kit.files).toEqual(expect.arrayContaining(ROOTS.kit.files))
    expect(kit.warnings).toEqual([])
    const pkg = readJson(join(kitDir, "package.json"))
    expect(
      namedTargets(pkg).filter(
        (t) => t !== "package.json" && !shipped(kit.files, t)
      )
    ).toEqual([])
    expect(kit.files).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/index.d.ts",
        "dist/react/index.js",
        "dist/react/index.d.ts",
        "dist/react/style.css",
      ])
    )
    const unresolved: string[] = []
    for (const f of kit.files.filter((x) => x.endsWith(".js"))) {
      const text = readFileSync(join(kitDir, f), "utf8")
      for (const m of text.matchAll(
        /\b(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g
      )) {
        const target = posix.join(posix.dirname(f), m[1]!)
        if (!kit.files.includes(target)) unresolved.push(`${f} → ${m[1]}`)
      }
    }
    expect(unresolved).toEqual([])
  })

  it("the check catches what must not ship (it can fail)", () => {
    const files = [
      ".medusa/server/src/index.js",
      ".medusa/server/src/index.d.ts",
      ".medusa/server/src/lib/__tests__/x.spec.js",
      ".medusa/server/src/lib/x.spec.js.map",
      ".medusa/server/src/lib/x.test.d.ts",
      ".medusa/server/src/lib/__fixtures__/cart.json",
      ".medusa/server/.env",
      ".medusa/server/src/.env.local",
      ".medusa/server/src/lib/x.ts",
      "src/index.js",
      "integration-tests/package/publish.spec.ts",
      "README.md",
    ]
    expect(offending(files, ROOTS.plugin)).toEqual([
      ".medusa/server/src/lib/__tests__/x.spec.js: a test folder",
      ".medusa/server/src/lib/__tests__/x.spec.js: a test file, its declaration or source map",
      ".medusa/server/src/lib/x.spec.js.map: a test file, its declaration or source map",
      ".medusa/server/src/lib/x.test.d.ts: a test file, its declaration or source map",
      ".medusa/server/src/lib/__fixtures__/cart.json: fixtures",
      ".medusa/server/.env: an env file",
      ".medusa/server/.env: outside .medusa/server/src/, package.json, README.md, LICENSE, CHANGELOG.md, bin/medusa-payment-svc.js",
      ".medusa/server/src/.env.local: an env file",
      ".medusa/server/src/lib/x.ts: TypeScript source",
      "src/index.js: outside .medusa/server/src/, package.json, README.md, LICENSE, CHANGELOG.md, bin/medusa-payment-svc.js",
      "integration-tests/package/publish.spec.ts: a test folder",
      "integration-tests/package/publish.spec.ts: a test file, its declaration or source map",
      "integration-tests/package/publish.spec.ts: TypeScript source",
      "integration-tests/package/publish.spec.ts: outside .medusa/server/src/, package.json, README.md, LICENSE, CHANGELOG.md, bin/medusa-payment-svc.js",
    ])
    expect(shipped(["a/modules/svc/index.js"], "a/modules/*/index.js")).toBe(
      true
    )
    expect(shipped(["a/modules/index.js"], "a/modules/*/index.js")).toBe(false)
  })

  it("what a registry package needs in package.json: name, semver version, description, MIT, repository (the kit's folder), public access, Node 20+, keywords", () => {
    for (const [dir, directory] of [
      [root, undefined],
      [kitDir, "packages/storefront"],
    ] as const) {
      const pkg = readJson(join(dir, "package.json"))
      expect(pkg).toMatchObject({
        name: expect.any(String),
        version: expect.stringMatching(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/),
        description: expect.any(String),
        license: "MIT",
        repository: {
          type: "git",
          url: "git+https://github.com/medusa-payment-svc/medusa-payment-svc.git",
        },
        publishConfig: { access: "public" },
        engines: { node: ">=20" },
        keywords: expect.arrayContaining(["medusa-v2"]),
        files: expect.any(Array),
        exports: expect.any(Object),
      })
      expect(pkg.private).toBeUndefined()
      expect(pkg.repository.directory).toBe(directory)
    }
    // the kit's SDK peer is the plugin's Medusa range: 2.18.0 and later 2.x
    expect(
      readJson(join(root, "package.json")).peerDependencies[
        "@medusajs/framework"
      ]
    ).toBe("^2.18.0")
    expect(
      readJson(join(kitDir, "package.json")).peerDependencies[
        "@medusajs/js-sdk"
      ]
    ).toBe(">=2.18.0 <3")
  })

  it("changesets versions both packages as one fixed group, and each CHANGELOG.md's newest entry is the version published", async () => {
    const packages = await getPackages(root)
    expect(packages.packages.map((p) => p.packageJson.name).sort()).toEqual([
      "medusa-payment-svc",
      "medusa-payment-svc-storefront",
    ])
    const config = await readChangesetConfig(root, packages)
    expect(config.fixed).toEqual([
      ["medusa-payment-svc", "medusa-payment-svc-storefront"],
    ])
    expect(config.access).toBe("public")
    // the pending changesets (if any) bump both to one version
    const plan = await getReleasePlan(root)
    const next = new Map(
      plan.releases
        .filter((r) => r.type !== "none")
        .map((r) => [r.name, r.newVersion])
    )
    if (next.size) expect([...new Set(next.values())]).toHaveLength(1)
    if (next.size)
      expect([...next.keys()].sort()).toEqual([
        "medusa-payment-svc",
        "medusa-payment-svc-storefront",
      ])

    expect(kit.version).toBe(plugin.version)
    for (const [dir, published] of [
      [root, plugin],
      [kitDir, kit],
    ] as const) {
      const changelog = readFileSync(join(dir, "CHANGELOG.md"), "utf8")
      expect(changelog.startsWith(`# ${published.name}\n`)).toBe(true)
      expect(/^## (\S+)$/m.exec(changelog)?.[1]).toBe(published.version)
    }
  })
})
