// The docs' Next.js starter files compile where merchants put them. Every block of
// docs/storefront.md's Next.js section is written into a storefront shaped like the starter
// (integration-tests/storefront-starter/fixture: its own tsconfig, "moduleResolution": "node",
// React 19 types, Next 15.5, @medusajs/js-sdk 2.18.0) with the built kit as npm packs it, and
// `tsc --noEmit` runs on it explicitly (`next build` would skip type errors where a starter turns
// them off). No block in those sections escapes the check. A fast test: the fixture's packages are
// installed once per package.json content (integration-tests/helpers/starter-fixture.ts) and the
// type check takes seconds; `npm run test:compat` (starter.spec.ts) runs `next build` too.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import {
  linkStarterModules,
  starterBlocks,
  starterModules,
  STARTER_DOC,
  unlabelledBlocks,
  writeStarterApp,
} from "../helpers/starter-fixture"

jest.setTimeout(300_000)

const root = join(__dirname, "..", "..")
const STARTER_HEADING =
  "## Next.js starter (`medusajs/dtc-starter`, `apps/storefront/`)"
const README_HEADING =
  "### Next.js starter (`medusajs/dtc-starter`, `apps/storefront/`)"

describe("the docs' Next.js starter files in a starter-shaped storefront", () => {
  const app = mkdtempSync(join(tmpdir(), "svc-starter-snippets-"))
  afterAll(() => rmSync(app, { recursive: true, force: true }))

  it("every ts/tsx block of the starter sections (docs/storefront.md, README.md) is labelled with the file it goes in", () => {
    expect(unlabelledBlocks(STARTER_DOC, STARTER_HEADING)).toEqual([])
    expect(unlabelledBlocks(join(root, "README.md"), README_HEADING)).toEqual(
      []
    )
    const files = [...new Set(starterBlocks().map((b) => b.path))]
    expect(files).toEqual(
      expect.arrayContaining([
        "src/lib/data/svc.ts",
        "src/modules/checkout/components/svc-payment/index.tsx",
        "src/modules/checkout/components/payment/index.tsx",
        "src/modules/checkout/components/payment-button/index.tsx",
        "src/modules/order/components/order-details/index.tsx",
        "src/app/[countryCode]/(checkout)/checkout/svc-return/page.tsx",
      ])
    )
  })

  it("one SVC_REDIRECT_URL everywhere (README's .env), and the storefront's NEXT_PUBLIC_DEFAULT_REGION=my named", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8")
    const doc = readFileSync(STARTER_DOC, "utf8")
    const env = /SVC_REDIRECT_URL=(\S+)/.exec(readme)![1]!
    const path = new URL(env).pathname + new URL(env).search
    for (const [name, text] of [
      ["README.md", readme],
      ["docs/storefront.md", doc],
    ] as const) {
      for (const m of text.matchAll(/https?:\/\/[^\s`)]*svc-return[^\s`)]*/g))
        expect(
          `${name}: ${new URL(m[0]).pathname}${new URL(m[0]).search}`
        ).toBe(`${name}: ${decodeURI(path)}`)
    }
    expect(readme).toContain("NEXT_PUBLIC_DEFAULT_REGION=my")
    expect(doc).toContain("NEXT_PUBLIC_DEFAULT_REGION=my")
  })

  it("pass `tsc --noEmit` with the fixture's tsconfig", () => {
    const t0 = Date.now()
    ensureBuilt("kit")
    const modules = starterModules()
    const t1 = Date.now()
    const blocks = writeStarterApp(app)
    linkStarterModules(app, modules)
    const r = spawnSync(
      process.execPath,
      [join(modules, "typescript/bin/tsc"), "--noEmit", "-p", app],
      { cwd: app, encoding: "utf8", timeout: 240_000 }
    )
    console.log(
      `starter snippets: ${blocks.length} blocks; fixture packages ${t1 - t0} ms, tsc ${Date.now() - t1} ms`
    )
    expect(`${r.stdout}${r.stderr}`.trim()).toBe("")
    expect(r.status).toBe(0)
  })
})
