/**
 * The storefront shaped like Medusa's Next.js starter (integration-tests/storefront-starter/fixture)
 * and the blocks of docs/storefront.md written into it. Each block for the starter follows a label
 * `<!-- starter: <path> -->` (a whole new file) or `<!-- starter: <path>#<slot> -->` (an edit of
 * one of the starter's files: the fixture's reduced copy of that file has a line `// svc-docs: <slot>`
 * or `{/* svc-docs: <slot> *\/}` where the block goes). Used by the fast type check in `npm test`
 * (integration-tests/storefront/starter-snippets.spec.ts), the browser test's starter-styled pay
 * step (the fixture's Tailwind and Button) and `npm run test:compat` (starter.spec.ts, `next build`).
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { dirname, join } from "node:path"
import { consumerEnv } from "./consumer-app"

const root = join(__dirname, "..", "..")
export const FIXTURE = join(
  root,
  "integration-tests/storefront-starter/fixture"
)
export const STARTER_DOC = join(root, "docs/storefront.md")

export type StarterBlock = {
  path: string
  slot: string | null
  lang: string
  code: string
}

/** Every labelled block of `file` (docs/storefront.md by default), in order. */
export function starterBlocks(file = STARTER_DOC): StarterBlock[] {
  const md = readFileSync(file, "utf8")
  const out: StarterBlock[] = []
  for (const m of md.matchAll(
    /<!-- starter: ([^#\s]+)(?:#([\w-]+))? -->\n```(\w+)\n([\s\S]*?)```/g
  )) {
    out.push({ path: m[1]!, slot: m[2] ?? null, lang: m[3]!, code: m[4]! })
  }
  return out
}

/** The ts/tsx blocks of a markdown section (from `heading` to the next heading of its level) that carry no starter label. */
export function unlabelledBlocks(file: string, heading: string): string[] {
  const md = readFileSync(file, "utf8")
  const at = md.indexOf(heading)
  if (at < 0) throw new Error(`${file} has no "${heading}"`)
  const level = /^#+/.exec(heading)![0]
  const rest = md.slice(at + heading.length)
  const end = rest.search(new RegExp(`\\n${level} `))
  const section = end < 0 ? rest : rest.slice(0, end)
  const out: string[] = []
  for (const m of section.matchAll(
    /(<!-- starter: [^\n]+ -->\n)?```(ts|tsx|js|jsx)\n([\s\S]*?)```/g
  ))
    if (!m[1]) out.push(m[3]!.split("\n")[0]!)
  return out
}

/**
 * The fixture's packages installed once per content of its package.json (under node_modules/.cache,
 * reused by every later run): `npm install --omit=optional --ignore-scripts`, which is all a type
 * check and Tailwind need (no Next.js binary). Installed in a temp dir and renamed into place, so two
 * jest workers never share a half-made install. Returns the node_modules directory.
 */
export function starterModules(): string {
  const pkg = readFileSync(join(FIXTURE, "package.json"))
  const hash = createHash("sha256").update(pkg).digest("hex").slice(0, 16)
  const cache = join(root, "node_modules/.cache/svc-starter-fixture")
  const dir = join(cache, hash)
  if (existsSync(join(dir, "node_modules/.complete")))
    return join(dir, "node_modules")
  mkdirSync(cache, { recursive: true })
  const tmp = mkdtempSync(join(cache, `${hash}-`))
  writeFileSync(join(tmp, "package.json"), pkg)
  const r = spawnSync(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--omit=optional",
      "--no-package-lock",
      "--loglevel=error",
    ],
    {
      cwd: tmp,
      env: consumerEnv(),
      encoding: "utf8",
      timeout: 300_000,
    }
  )
  if (r.status !== 0)
    throw new Error(
      `npm install of the starter fixture's packages failed (${r.status ?? r.signal}):\n${r.stderr?.slice(-3000)}`
    )
  writeFileSync(join(tmp, "node_modules/.complete"), "")
  try {
    renameSync(tmp, dir)
  } catch {
    rmSync(tmp, { recursive: true, force: true }) // another worker made it first
  }
  return join(dir, "node_modules")
}

/**
 * The fixture copied to `app` with every labelled block of `doc` written in (new files whole, edits
 * in their slots); throws on a label whose file or slot the fixture lacks, or a slot left empty.
 */
export function writeStarterApp(
  app: string,
  doc = STARTER_DOC
): StarterBlock[] {
  cpSync(FIXTURE, app, { recursive: true })
  const blocks = starterBlocks(doc)
  for (const b of blocks.filter((x) => !x.slot)) {
    const file = join(app, b.path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, b.code)
  }
  for (const b of blocks.filter((x) => x.slot)) {
    const file = join(app, b.path)
    if (!existsSync(file))
      throw new Error(
        `the block for ${b.path}#${b.slot} edits a file the fixture does not have`
      )
    const text = readFileSync(file, "utf8")
    const marker = new RegExp(
      `^[ \\t]*(?://|\\{/\\*) svc-docs: ${b.slot}(?: \\*/\\})?[ \\t]*$`,
      "m"
    )
    if (!marker.test(text))
      throw new Error(`${b.path} in the fixture has no slot "${b.slot}"`)
    writeFileSync(file, text.replace(marker, b.code.trimEnd()))
  }
  const left = listFiles(join(app, "src")).filter((f) =>
    /svc-docs: /.test(readFileSync(f, "utf8"))
  )
  if (left.length)
    throw new Error(`slots no block of the docs filled: ${left.join(", ")}`)
  return blocks
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]
  )
}

/**
 * `app/node_modules`: a link to each of the fixture's installed packages (`modules`) and a copy of the
 * kit as `npm pack` ships it (its package.json and dist/; packages/storefront must be built).
 */
export function linkStarterModules(app: string, modules: string): void {
  const nm = join(app, "node_modules")
  mkdirSync(nm, { recursive: true })
  for (const name of readdirSync(modules)) {
    if (name.startsWith(".")) continue
    if (name.startsWith("@")) {
      mkdirSync(join(nm, name), { recursive: true })
      for (const sub of readdirSync(join(modules, name)))
        symlinkSync(join(modules, name, sub), join(nm, name, sub), "dir")
    } else symlinkSync(join(modules, name), join(nm, name), "dir")
  }
  const kit = join(nm, "medusa-payment-svc-storefront")
  mkdirSync(kit)
  cpSync(
    join(root, "packages/storefront/package.json"),
    join(kit, "package.json")
  )
  cpSync(join(root, "packages/storefront/dist"), join(kit, "dist"), {
    recursive: true,
  })
}
