import { spawn } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { ensureBuilt } from "../../testing/builds"

import { Steps, consumerEnv } from "../helpers/consumer-app"
import { writeStarterApp } from "../helpers/starter-fixture"

// The storefront kit where merchants are. A storefront shaped like Medusa's official
// starter (fixture/: medusajs/dtc-starter's apps/storefront, Next 15.5, React 19.0.5,
// @medusajs/js-sdk 2.18.0, tsconfig "moduleResolution": "node") gets the packed kit with a plain
// `npm install` (no flags): it succeeds and adds the kit alone, no Medusa server package. The files
// and edits of docs/storefront.md's Next.js section, copied out as printed (helpers/starter-fixture.ts),
// then pass `tsc --noEmit` and `next build`. Each step's time is printed. (`npm test` type-checks the
// same blocks: integration-tests/storefront/starter-snippets.spec.ts.)
//
// npm run test:compat (the fixture's install and `next build` take minutes on 2 cores).
jest.setTimeout(1_200_000)

const root = join(__dirname, "..", "..")
const work = mkdtempSync(join(tmpdir(), "svc-starter-"))
const app = join(work, "storefront")
const steps = new Steps()

/** Package names in node_modules (scoped ones as @scope/name). */
function installed(): string[] {
  const nm = join(app, "node_modules")
  return readdirSync(nm)
    .filter((d) => !d.startsWith("."))
    .flatMap((d) =>
      d.startsWith("@") ? readdirSync(join(nm, d)).map((s) => `${d}/${s}`) : [d]
    )
    .sort()
}

afterAll(() => {
  console.log(`storefront starter timings (ms): ${JSON.stringify(steps.times)}`)
  spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref()
})

describe("the packed kit in a storefront shaped like medusajs/dtc-starter", () => {
  let tarball: string
  let before: string[]

  it("the fixture installs as the starter does", () => {
    writeStarterApp(app) // the fixture with the docs' files and edits
    const fixture = JSON.parse(readFileSync(join(app, "package.json"), "utf8"))
    expect(fixture.dependencies).toMatchObject({
      next: expect.stringMatching(/^15\.5\./),
      react: "19.0.5",
      "react-dom": "19.0.5",
      "@medusajs/js-sdk": "2.18.0",
    })
    expect(
      JSON.parse(readFileSync(join(app, "tsconfig.json"), "utf8"))
        .compilerOptions.moduleResolution
    ).toBe("node")
    steps.npmInstall("install-starter", app, [], 600_000)
    before = installed()
  })

  it("`npm install` of the packed kit, no flags: succeeds and adds the kit alone, no Medusa server package", () => {
    const pkgDir = join(root, "packages/storefront")
    ensureBuilt("kit")
    tarball = steps.pack("pack-kit", pkgDir, work)
    steps.npmInstall("install-kit", app, [tarball], 600_000)
    const after = installed()
    expect(after.filter((p) => !before.includes(p))).toEqual([
      "medusa-payment-svc-storefront",
    ])
    expect(after.filter((p) => p.startsWith("@medusajs/"))).toEqual(
      before.filter((p) => p.startsWith("@medusajs/"))
    )
    expect(
      after.filter(
        (p) =>
          /^@medusajs\/(medusa|framework|core-flows|cli|modules-sdk|utils|workflows-sdk|orchestration)$/.test(
            p
          ) || p === "medusa-payment-svc"
      )
    ).toEqual([])
  })

  it("the docs' Next.js files and edits and a checkout page using them pass `tsc --noEmit` and `next build`", () => {
    // the starter's checkout page, reduced to the payment step: the cart and the region's providers from
    // the store API (at request time), the payment step with the docs' svc edits
    const page = join(app, "src/app/[countryCode]/(checkout)/checkout/page.tsx")
    mkdirSync(dirname(page), { recursive: true })
    writeFileSync(
      page,
      `import Medusa from "@medusajs/js-sdk"
import { getCartId } from "@lib/data/cookies"
import Payment from "@modules/checkout/components/payment"

const sdk = new Medusa({ baseUrl: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000", publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY })

export default async function Checkout() {
  const cartId = await getCartId()
  if (!cartId) return <p>Your cart is empty.</p>
  const { cart } = await sdk.store.cart.retrieve(cartId, { fields: "*payment_collection,*payment_collection.payment_sessions" })
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: cart.region_id ?? "" })
  return <Payment cart={cart} availablePaymentMethods={payment_providers} />
}
`
    )
    steps.run(
      "tsc",
      process.execPath,
      [join(app, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", app],
      app,
      300_000
    )
    const build = steps.run(
      "next-build",
      process.execPath,
      [join(app, "node_modules/next/dist/bin/next"), "build"],
      app,
      900_000,
      consumerEnv({ NODE_ENV: "production" })
    )
    expect(build.stdout).toMatch(/svc-return/)
    // the kit's CSS is in the build's stylesheet
    const cssDir = join(app, ".next/static/css")
    const css = readdirSync(cssDir)
      .map((f) => readFileSync(join(cssDir, f), "utf8"))
      .join("\n")
    expect(css).toMatch(/\.svc-/)
  })
})
