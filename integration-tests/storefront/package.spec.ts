import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

// The storefront kit as shipped: `npm pack` lists it, the bundles hold no
// server code (they import only React, @medusajs/js-sdk and their own chunks),
// and a strict TypeScript storefront type-checks against the exports.
jest.setTimeout(120_000)
const root = join(__dirname, "..", "..")
const out = join(root, ".medusa/storefront")

let files: string[]
beforeAll(() => {
  if (!existsSync(join(out, "react/index.mjs"))) {
    execFileSync(process.execPath, [join(root, "scripts/build-storefront.mjs")], { cwd: root, stdio: "ignore" })
  }
  const packed = execFileSync("npm", ["pack", "--dry-run", "--json", "--loglevel=error"], { cwd: root, encoding: "utf8" })
  files = (JSON.parse(packed)[0].files as { path: string }[]).map((f) => f.path)
})

describe("the storefront kit in the package", () => {
  it("npm pack lists the kit: ESM entries, declarations, the CSS", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ".medusa/storefront/index.mjs",
        ".medusa/storefront/index.d.ts",
        ".medusa/storefront/react/index.mjs",
        ".medusa/storefront/react/index.d.ts",
        ".medusa/storefront/react/style.css",
      ])
    )
    expect(files.filter((f) => f.startsWith(".medusa/storefront/") && /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))).toEqual([])
  })

  it("the bundles import only React, the SDK and their own chunks: no server code", () => {
    const mjs = [
      join(out, "index.mjs"),
      join(out, "react/index.mjs"),
      ...readdirSync(join(out, "chunks")).map((f) => join(out, "chunks", f)),
    ]
    for (const f of mjs) {
      const text = readFileSync(f, "utf8")
      const specifiers = [...text.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2])
      for (const s of specifiers) expect([f, s]).toEqual([f, expect.stringMatching(/^(\.\.?\/|react$|react\/jsx-runtime$|@medusajs\/js-sdk$)/)])
      expect(text).not.toMatch(/require\(|node:|@medusajs\/framework|zod/)
    }
  })

  it("a strict TypeScript storefront (bundler resolution) type-checks against ./storefront and ./storefront/react", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-storefront-types-"))
    mkdirSync(join(dir, "node_modules"))
    symlinkSync(root, join(dir, "node_modules", "medusa-payment-svc"), "dir")
    for (const dep of ["react", "@types", "@medusajs"]) symlinkSync(join(root, "node_modules", dep), join(dir, "node_modules", dep), "dir")
    writeFileSync(
      join(dir, "checkout.tsx"),
      `import Medusa from "@medusajs/js-sdk"
import { completeSvcReturn, isSvcProvider, startSvcPayment, svcPaymentTitle, type SvcReturnResult } from "medusa-payment-svc/storefront"
import { FpxBankPicker, SvcPaymentOptions, SvcReturn } from "medusa-payment-svc/storefront/react"
const sdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_x" })
export async function pay(cart: Parameters<typeof startSvcPayment>[1]): Promise<string> {
  const { redirectUrl } = await startSvcPayment(sdk, cart, { providerId: "pp_svc-wallet_svc" })
  return isSvcProvider("pp_svc-wallet_svc") ? redirectUrl : svcPaymentTitle("x")
}
export async function back(cartId: string): Promise<string> {
  const r: SvcReturnResult = await completeSvcReturn(sdk, cartId)
  return r.kind === "failed" ? r.reason : String(r.order.display_id)
}
export const Picker = () => <FpxBankPicker sdk={sdk} value={null} onChange={(b) => b.code} amountSen={12050} />
export const Options = (p: { cart: Parameters<typeof startSvcPayment>[1] }) => <SvcPaymentOptions sdk={sdk} cart={p.cart} />
export const Return = () => <SvcReturn sdk={sdk} cartId="cart_1">{(s) => s.kind}</SvcReturn>
`
    )
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler", target: "es2020", jsx: "react-jsx", noEmit: true, lib: ["es2020", "dom"], skipLibCheck: true, types: [] },
        files: ["checkout.tsx"],
      })
    )
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" })
  })
})
