// The layout as docs/architecture.md draws it, checked on the source: which folder may import
// which, no folder cycles, the standalone parts free of Medusa, the test helpers in one folder,
// and the package's public entries only.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

const ROOT = resolve(__dirname, "../..")

/** Every .ts/.tsx file below `dir` (repository-relative), tests included unless asked. */
function sources(dir: string, withTests = true): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (name === "node_modules" || (!withTests && name === "__tests__"))
        continue
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.tsx?$/.test(name)) out.push(relative(ROOT, p))
    }
  }
  walk(join(ROOT, dir))
  return out
}

type Import = { from: string; to: string; typeOnly: boolean; spec: string }

/** The relative and package imports of a file; `to` is repository-relative for relative ones. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8")
  const found: Import[] = []
  for (const m of text.matchAll(
    /^\s*(?:import|export)(\s+type)?\s[^;"'`]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm
  )) {
    const spec = (m[2] ?? m[3]) as string
    const to = spec.startsWith(".")
      ? relative(ROOT, resolve(dirname(join(ROOT, file)), spec))
      : spec
    found.push({ from: file, to, typeOnly: Boolean(m[1]), spec })
  }
  return found
}

/** The folder a source file belongs to: src's top folders, and each folder of src/lib and src/workflows. */
function part(path: string): string {
  const [top, a, b] = path.split("/")
  if (top !== "src") return top as string
  if (
    (a === "lib" || a === "workflows") &&
    b !== undefined &&
    !/\.tsx?$/.test(b)
  )
    return `${a}/${b}`
  return (a as string).replace(/\.tsx?$/, "")
}

/** A cycle in a directed graph, as a path that starts and ends at the same node, or null. */
export function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">()
  const stack: string[] = []
  const visit = (n: string): string[] | null => {
    state.set(n, "open")
    stack.push(n)
    for (const m of edges.get(n) ?? []) {
      if (state.get(m) === "open") return [...stack.slice(stack.indexOf(m)), m]
      if (!state.has(m)) {
        const c = visit(m)
        if (c) return c
      }
    }
    stack.pop()
    state.set(n, "done")
    return null
  }
  for (const n of edges.keys()) {
    if (!state.has(n)) {
      const c = visit(n)
      if (c) return c
    }
  }
  return null
}

const serverFiles = sources("src", false).filter(
  (f) => !f.startsWith("src/admin/")
)
const serverImports = serverFiles.flatMap(importsOf)

describe("layout", () => {
  it("the folder graph of the server code has no cycle (runtime imports)", () => {
    const edges = new Map<string, Set<string>>()
    for (const i of serverImports) {
      if (i.typeOnly || !i.spec.startsWith(".")) continue
      const a = part(i.from)
      const b = part(i.to)
      if (a === b) continue
      if (!edges.has(a)) edges.set(a, new Set())
      edges.get(a)!.add(b)
    }
    expect(edges.size).toBeGreaterThan(10)
    expect(findCycle(edges)).toBeNull()
  })

  it("the cycle finder finds a cycle", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ])
    expect(findCycle(g)).toEqual(["a", "b", "c", "a"])
    expect(findCycle(new Map([["a", new Set(["b"])]]))).toBeNull()
  })

  it.each([
    ["src/client", ["src/client"]],
    ["src/sandbox", ["src/sandbox"]],
    ["src/rules", ["src/rules"]],
  ])(
    "%s stands alone: of Medusa only its zod (one zod in a store), no import from outside it",
    (dir, allowed) => {
      const files = sources(dir)
      expect(files.length).toBeGreaterThan(0)
      const bad = files
        .flatMap(importsOf)
        .filter(
          (i) =>
            (i.spec.startsWith("@medusajs/") &&
              i.spec !== "@medusajs/framework/zod") ||
            (i.spec.startsWith(".") &&
              !allowed.some((a) => i.to.startsWith(a + "/")))
        )
        .filter(
          (i) => !(i.from.includes("/__tests__/") && i.to.startsWith("src/"))
        )
      expect(bad.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
    }
  )

  it("the plugin has one zod, Medusa's: no file imports zod itself and package.json does not depend on it", () => {
    const own = ["src", "packages/storefront/src"]
      .flatMap((d) => sources(d))
      .flatMap(importsOf)
      .filter((i) => i.spec === "zod" || i.spec.startsWith("zod/"))
    expect(own.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
    const pkg = JSON.parse(
      readFileSync(join(ROOT, "package.json"), "utf8")
    ) as { dependencies?: Record<string, string> }
    expect(pkg.dependencies?.zod).toBeUndefined()
  })

  it("src/rules imports nothing at all: the storefront kit bundles it for browsers", () => {
    const bad = sources("src/rules", false)
      .flatMap(importsOf)
      .filter((i) => !i.spec.startsWith("./"))
    expect(bad.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
  })

  it("the library and the workflows never import Medusa's entry folders (api, jobs, subscribers, providers, admin)", () => {
    const bad = serverImports.filter(
      (i) =>
        /^src\/(lib|workflows)\//.test(i.from) &&
        /^src\/(api|jobs|subscribers|providers|admin)\//.test(i.to)
    )
    expect(bad.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
  })

  it("the module imports its own files only (and Medusa): nothing from src/lib, src/workflows or src/client", () => {
    const bad = serverImports.filter(
      (i) =>
        i.from.startsWith("src/modules/svc/") &&
        !i.to.startsWith("src/modules/svc/") &&
        !i.spec.startsWith("@medusajs/framework")
    )
    expect(bad.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
    // the module's name, said by the module and by the library (for code that must not import the module)
    const key = (f: string) =>
      /SVC_MODULE = "([^"]+)"/.exec(readFileSync(join(ROOT, f), "utf8"))?.[1]
    expect(key("src/modules/svc/index.ts")).toBe("svc")
    expect(key("src/lib/svc-runtime/module-key.ts")).toBe("svc")
  })

  it("no folder named core, account, shared, utils or plugin; none over 1,500 code lines", () => {
    // code lines as ../shared/tools/code-size.sh counts them: the files are
    // Prettier's at Medusa's 80 columns; blank and comment lines not counted
    const code = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.trim() !== "" && !/^\s*(\/\/|\/\*|\*)/.test(l)).length
    const dirs = new Map<string, number>()
    for (const f of sources("src", false)) {
      const d = dirname(f)
      dirs.set(
        d,
        (dirs.get(d) ?? 0) + code(readFileSync(join(ROOT, f), "utf8"))
      )
    }
    const vague = [...dirs.keys()].filter((d) =>
      d
        .split("/")
        .some((s) =>
          ["core", "account", "shared", "utils", "plugin"].includes(s)
        )
    )
    expect(vague).toEqual([])
    const big = [...dirs]
      .filter(([, n]) => n > 1500)
      .map(([d, n]) => `${d}: ${n}`)
    expect(big).toEqual([])
  })

  it("bench and integration tests share helpers through testing/, never each other's folders", () => {
    const cross = [
      ...sources("bench")
        .flatMap(importsOf)
        .filter((i) => i.to.startsWith("integration-tests/")),
      ...sources("integration-tests")
        .flatMap(importsOf)
        .filter((i) => i.to.startsWith("bench/")),
      ...sources("src")
        .flatMap(importsOf)
        .filter((i) => /^(integration-tests|bench)\//.test(i.to)),
      ...sources("testing")
        .flatMap(importsOf)
        .filter((i) => /^(integration-tests)\//.test(i.to)),
    ]
    expect(cross.map((i) => `${i.from} -> ${i.spec}`)).toEqual([])
  })

  it("the package exports its public entries only", () => {
    const pkg = JSON.parse(
      readFileSync(join(ROOT, "package.json"), "utf8")
    ) as { exports: Record<string, unknown> }
    expect(Object.keys(pkg.exports).sort()).toEqual(
      [
        "./.medusa/server/src/modules/*",
        "./admin",
        "./client",
        "./modules/*",
        "./package.json",
        "./providers/*",
        "./sandbox",
        "./workflows",
      ].sort()
    )
  })
})
