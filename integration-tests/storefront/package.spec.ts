import { execFileSync, spawnSync } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"

// The storefront kit as shipped, its own package medusa-payment-svc-storefront (packages/storefront):
// `npm pack` lists the ESM build, its declarations and the CSS; the bundles hold no server code
// (they import only React and their own chunks); the package depends on nothing and its peers are
// the SDK and React, both optional; the plugin no longer ships it; and a strict TypeScript
// storefront type-checks against both entries under every moduleResolution a storefront uses.
jest.setTimeout(120_000)
const root = join(__dirname, "..", "..")
const pkgDir = join(root, "packages/storefront")
const out = join(pkgDir, "dist")
const packList = (cwd: string) =>
  (
    JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--loglevel=error"], {
        cwd,
        encoding: "utf8",
      })
    )[0].files as { path: string }[]
  ).map((f) => f.path)

let files: string[]
beforeAll(() => {
  ensureBuilt("kit")
  files = packList(pkgDir)
})

describe("the storefront kit, medusa-payment-svc-storefront", () => {
  it("npm pack lists the kit: ESM entries, declarations, the CSS; no TypeScript source", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "dist/index.js",
        "dist/index.d.ts",
        "dist/react/index.js",
        "dist/react/index.d.ts",
        "dist/react/style.css",
      ])
    )
    expect(
      files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    ).toEqual([])
  })

  it("depends on nothing; peers @medusajs/js-sdk 2.18+ and React 18 or 19, both optional; no Medusa server package", () => {
    const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"))
    expect(pkg.type).toBe("module")
    expect(pkg.dependencies ?? {}).toEqual({})
    expect(pkg.peerDependencies).toEqual({
      "@medusajs/js-sdk": ">=2.18.0 <3",
      react: "^18.0.0 || ^19.0.0",
    })
    expect(pkg.peerDependenciesMeta).toEqual({
      "@medusajs/js-sdk": { optional: true },
      react: { optional: true },
    })
  })

  it("the bundles import only React and their own chunks: no server code, not even the SDK", () => {
    const js = [
      join(out, "index.js"),
      join(out, "react/index.js"),
      ...readdirSync(join(out, "chunks")).map((f) => join(out, "chunks", f)),
    ]
    for (const f of js) {
      const text = readFileSync(f, "utf8")
      const specifiers = [
        ...text.matchAll(
          /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g
        ),
      ].map((m) => m[1] ?? m[2])
      for (const s of specifiers)
        expect([f, s]).toEqual([
          f,
          expect.stringMatching(/^(\.\.?\/|react$|react\/jsx-runtime$)/),
        ])
      expect(text).not.toMatch(/require\(|node:|@medusajs\/|zod/)
    }
  })

  it("the plugin's package no longer ships the kit", () => {
    const plugin = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
    expect(
      Object.keys(plugin.exports).filter((k) => k.includes("storefront"))
    ).toEqual([])
    expect(packList(root).filter((f) => f.includes("storefront"))).toEqual([])
  })

  // one storefront file using both entries, and one wrong use: the declarations resolve and are real types
  // (a string used as a number is the one error), under each resolution; ESM files for node16/nodenext, where
  // @medusajs/js-sdk's own declarations (CommonJS-typed) give its class as `.default` of the default import
  it.each([
    ["node", "commonjs", false],
    ["node16", "node16", true],
    ["nodenext", "nodenext", true],
    ["bundler", "esnext", false],
  ])(
    "a strict TypeScript storefront type-checks against both entries under moduleResolution %s",
    (resolution, module, esm) => {
      const dir = mkdtempSync(
        join(tmpdir(), `svc-storefront-types-${resolution}-`)
      )
      mkdirSync(join(dir, "node_modules"))
      symlinkSync(
        pkgDir,
        join(dir, "node_modules", "medusa-payment-svc-storefront"),
        "dir"
      )
      for (const dep of ["react", "@types", "@medusajs"])
        symlinkSync(
          join(root, "node_modules", dep),
          join(dir, "node_modules", dep),
          "dir"
        )
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({
          name: "storefront",
          private: true,
          ...(esm ? { type: "module" } : {}),
        })
      )
      writeFileSync(
        join(dir, "checkout.tsx"),
        `import Medusa from "@medusajs/js-sdk"
import { completeSvcReturn, isSvcProvider, startSvcPayment, svcPaymentTitle, type SvcReturnResult } from "medusa-payment-svc-storefront"
import { FpxBankPicker, SvcPaymentOptions, SvcReturn } from "medusa-payment-svc-storefront/react"
const sdk = new ${esm ? "Medusa.default" : "Medusa"}({ baseUrl: "http://localhost:9000", publishableKey: "pk_x" })
export async function pay(cart: Parameters<typeof startSvcPayment>[1]): Promise<string> {
  const { redirectUrl } = await startSvcPayment(sdk, cart, { providerId: "pp_svc-wallet_svc" })
  return isSvcProvider("pp_svc-wallet_svc") ? redirectUrl : svcPaymentTitle("x")
}
export async function back(cartId: string): Promise<string> {
  const r: SvcReturnResult = await completeSvcReturn(sdk, cartId)
  return r.kind === "failed" ? r.reason : r.kind === "placing" ? "paid; the order is being placed" : String(r.order.display_id)
}
export const Picker = () => <FpxBankPicker sdk={sdk} value={null} onChange={(b) => b.code} amountSen={12050} />
export const Options = (p: { cart: Parameters<typeof startSvcPayment>[1] }) => <SvcPaymentOptions sdk={sdk} cart={p.cart} />
export const Return = () => <SvcReturn sdk={sdk} cartId="cart_1">{(s) => s.kind}</SvcReturn>
`
      )
      writeFileSync(
        join(dir, "wrong.ts"),
        `import { svcPaymentTitle } from "medusa-payment-svc-storefront"\nexport const n: number = svcPaymentTitle("pp_svc-wallet_svc")\n`
      )
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module,
            moduleResolution: resolution,
            target: "es2020",
            jsx: "react-jsx",
            noEmit: true,
            lib: ["es2020", "dom"],
            skipLibCheck: true,
            types: [],
            esModuleInterop: true,
          },
          files: ["checkout.tsx", "wrong.ts"],
        })
      )
      const r = spawnSync(
        process.execPath,
        [
          join(root, "node_modules/typescript/bin/tsc"),
          "-p",
          dir,
          "--pretty",
          "false",
        ],
        { cwd: dir, encoding: "utf8" }
      )
      const errors = (r.stdout + r.stderr)
        .split("\n")
        .filter((l) => /error TS\d+/.test(l))
      expect(errors).toEqual([
        expect.stringMatching(
          /^wrong\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/
        ),
      ])
    }
  )
})
