import { spawn, spawnSync } from "node:child_process"
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureBuilt } from "../../testing/builds"
import { fetch } from "undici"

import { payCheckout } from "../../testing/sandbox-api"
import { SVC_PROVIDERS, sessionData } from "../../testing/shopper"
import { StoreApi, call } from "../../testing/store-api"
import type { SeededStore } from "../../testing/stack"
import {
  Children,
  Steps,
  configureBareApp,
  consumerEnv,
  readmeBlock,
  startSandboxCli,
  writeBareAppPackage,
} from "../helpers/consumer-app"
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
  sql,
} from "../../testing/postgres"
import { freePort } from "../../testing/free-port"

// The plugin on every Medusa it admits (peerDependencies: ^2.18.0). `npm pack`
// the built plugin once; per version (COMPAT_MEDUSA_VERSIONS, default the oldest supported, the
// newest this repository develops on, and the newest the registry serves as `latest`, so a new
// Medusa is tested the day it ships), a bare Medusa app in a temp dir: `npm install` of that version and the tarball with
// no flags, every name the plugin's build takes from @medusajs/* looked up in what was installed,
// the README's medusa-config.ts and MYR setup command (the package's own script), `medusa db:migrate` on a fresh database,
// `medusa start` against the package's own sandbox CLI, and one svc wallet checkout paid through
// the store API (cart, payment collection, session, pay on svc's page, complete: an order).
//
// npm run test:compat (minutes per version: not part of `npm test`). Each step's time is printed.
jest.setTimeout(1_800_000)

const root = join(__dirname, "..", "..")
/** The newest Medusa the registry serves (its `latest` tag), or nothing when the registry cannot be asked. */
function newestMedusa(): string[] {
  const r = spawnSync("npm", ["view", "@medusajs/medusa@latest", "version"], {
    encoding: "utf8",
    timeout: 60_000,
  })
  const v = r.status === 0 ? r.stdout.trim() : ""
  return /^2\.\d+\.\d+$/.test(v) ? [v] : []
}
const VERSIONS = [
  ...new Set(
    (
      process.env.COMPAT_MEDUSA_VERSIONS ??
      ["2.18.0", "2.21.2", ...newestMedusa()].join(",")
    )
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean)
  ),
]
const work = mkdtempSync(join(tmpdir(), "svc-compat-"))
const children = new Children()
const results: Array<Record<string, unknown>> = []
let tarball = ""

/** What the plugin's build takes from @medusajs/* by name: CJS `x_1.Name` of the server, `import { Name }` of the admin bundle. */
function importedNames(): Record<string, string[]> {
  const names: Record<string, Set<string>> = {}
  const add = (mod: string, name: string) =>
    (names[mod] ??= new Set()).add(name)
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f)
      return statSync(p).isDirectory() ? walk(p) : [p]
    })
  for (const file of walk(join(root, ".medusa/server/src"))) {
    const text = readFileSync(file, "utf8")
    if (file.endsWith(".js")) {
      for (const m of text.matchAll(
        /(?:const|var|let) (\w+) = (?:__importDefault\()?require\("(@medusajs\/[^"]+)"\)/g
      )) {
        for (const u of text.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, "g")))
          if (u[1] !== "default") add(m[2]!, u[1]!)
      }
    } else if (file.endsWith(".mjs")) {
      for (const m of text.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"(@medusajs\/[^"]+)"/g
      )) {
        for (const part of m[1]!.split(",")) {
          const name = part
            .trim()
            .split(/\s+as\s+/)[0]!
            .trim()
          if (name) add(m[2]!, name)
        }
      }
    }
  }
  return Object.fromEntries(
    Object.entries(names).map(([k, v]) => [k, [...v].sort()])
  )
}

beforeAll(() => {
  const steps = new Steps()
  ensureBuilt("plugin")
  tarball = steps.pack("pack", root, work)
})

afterAll(() => {
  children.killAll()
  console.log(`compat results: ${JSON.stringify(results, null, 2)}`)
  // a Medusa app per version (~1,100 packages each): removed in the background, not on the test's clock
  spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref()
})

describe.each(VERSIONS)(
  "the packed plugin in a bare Medusa %s app",
  (version) => {
    const app = join(work, `medusa-${version}`)
    // not medusa-%integration%: scripts/test.sh drops those at its start, and this runs beside it
    const db = `svc-compat-${version.replace(/\W/g, "-")}-${process.pid}`
    const steps = new Steps()
    const result: Record<string, unknown> = { medusa: version, passed: false }
    const t0 = Date.now()
    let sandboxUrl = ""
    let port = 0

    beforeAll(() => results.push(result))
    afterAll(async () => {
      result.times = steps.times
      result.totalMs = Date.now() - t0
      await dropDatabase(db)
    })

    it(`npm install of @medusajs/* ${version} and the packed plugin, no flags`, () => {
      mkdirSync(app, { recursive: true })
      writeBareAppPackage(app, version, tarball)
      steps.npmInstall("install", app, ["--ignore-scripts"], 900_000)
      const installed = (name: string) =>
        JSON.parse(
          readFileSync(join(app, "node_modules", name, "package.json"), "utf8")
        ).version as string
      result.installed = Object.fromEntries(
        [
          "@medusajs/medusa",
          "@medusajs/framework",
          "@medusajs/admin-sdk",
          "@medusajs/ui",
          "@medusajs/icons",
        ].map((n) => [n, installed(n)])
      )
      expect(installed("@medusajs/medusa")).toBe(version)
      expect(installed("@medusajs/framework")).toBe(version)
      expect(installed("medusa-payment-svc")).toBe(
        JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version
      )
    })

    it(`every name the plugin takes from @medusajs/* exists in ${version}`, () => {
      const wanted = importedNames()
      expect(Object.keys(wanted)).toEqual(
        expect.arrayContaining([
          "@medusajs/framework/utils",
          "@medusajs/framework/http",
          "@medusajs/core-flows",
          "@medusajs/ui",
        ])
      )
      writeFileSync(join(app, "wanted-names.json"), JSON.stringify(wanted))
      // imported from the app's folder: what `medusa start` and the admin bundler resolve there
      writeFileSync(
        join(app, "check-names.mjs"),
        `import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
// require: the packages' CommonJS builds (@medusajs/ui 4.2.0's ESM build has directory imports Node refuses)
const require = createRequire(import.meta.url)
const wanted = JSON.parse(readFileSync("./wanted-names.json", "utf8"))
const missing = []
for (const [mod, names] of Object.entries(wanted)) {
  const m = require(mod)
  for (const n of names) if (m[n] === undefined) missing.push(mod + " " + n)
}
console.log("MISSING " + JSON.stringify(missing))
`
      )
      const r = steps.run(
        "names",
        process.execPath,
        ["check-names.mjs"],
        app,
        120_000
      )
      const line = r.stdout.split("\n").find((l) => l.startsWith("MISSING "))
      expect(line && JSON.parse(line.slice("MISSING ".length))).toEqual([])
    })

    it(`migrates, boots with medusa start and pays one svc wallet checkout through the store API (${version})`, async () => {
      await freshDatabase(db)
      port = await freePort()
      const envBlock = await startSandboxCli(children, app, port)
      sandboxUrl = envBlock
        .find((l) => l.startsWith("SVC_BASE_URL="))!
        .slice("SVC_BASE_URL=".length)
      configureBareApp(app, {
        envBlock,
        databaseUrl: databaseUrl(db),
        port,
        secret: "compat-test",
      })
      const migrate = steps.run(
        "migrate",
        "npx",
        ["medusa", "db:migrate"],
        app,
        600_000
      )
      expect(migrate.stdout + migrate.stderr).toMatch(/MODULE: svc/)

      // the README's setup command (the package's own script through `medusa exec`: MYR region with the
      // three providers, SST 8 %, …), then what a store has anyway: a sales channel, its publishable key, a product priced in MYR
      const [npx, ...setupArgs] = readmeBlock(
        "**6. Set the store up for MYR**",
        "bash"
      )
        .trim()
        .split(/\s+/)
      expect(npx).toBe("npx")
      const setup = steps.run("setup", "npx", setupArgs, app, 300_000)
      expect(setup.stdout + setup.stderr).toMatch(
        /svc setup: changed: region "Malaysia" reg_\w+ \(MYR, my\) with pp_svc-wallet_svc, pp_svc-fpx_svc, pp_svc-fpx-direct_svc/
      )
      mkdirSync(join(app, "src/scripts"), { recursive: true })
      const seedOut = join(app, "seed.json")
      writeFileSync(
        join(app, "src/scripts/compat-seed.ts"),
        `import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createApiKeysWorkflow, createProductsWorkflow, createSalesChannelsWorkflow, linkSalesChannelsToApiKeyWorkflow } from "@medusajs/medusa/core-flows"
export default async function compatSeed({ container }: ExecArgs) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({ entity: "region", fields: ["id"], filters: { currency_code: "myr" } })
  const { result: channels } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web store" }] } })
  const { result: keys } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "compat" }] } })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [channels[0].id] } })
  await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Batik shirt",
          handle: "batik-shirt",
          status: "published",
          options: [{ title: "Size", values: ["M"] }],
          variants: [{ title: "M", options: { Size: "M" }, manage_inventory: false, prices: [{ amount: 120.5, currency_code: "myr" }] }],
          sales_channels: [{ id: channels[0].id }],
        },
      ],
    },
  })
  const { data: products } = await query.graph({ entity: "product", fields: ["variants.id"], filters: { handle: "batik-shirt" } })
  const out = { publishableKey: keys[0].token, regionId: regions[0].id, salesChannelId: channels[0].id, variantId: products[0].variants[0].id }
  writeFileSync(process.env.COMPAT_SEED_OUT as string, JSON.stringify(out))
}
`
      )
      steps.run(
        "seed",
        "npx",
        ["medusa", "exec", "./src/scripts/compat-seed.ts"],
        app,
        300_000,
        consumerEnv({ COMPAT_SEED_OUT: seedOut })
      )
      const store = JSON.parse(readFileSync(seedOut, "utf8")) as SeededStore

      const started = Date.now()
      const server = await children.start(
        "npx",
        ["medusa", "start"],
        app,
        consumerEnv({ MEDUSA_WORKER_MODE: "shared" }),
        /accepted the API key|could not reach svc|svc rejected/,
        300_000
      )
      steps.times.start = Date.now() - started
      expect(server.out()).toMatch(
        /medusa-payment-svc: svc at http:\/\/127\.0\.0\.1:\d+ accepted the API key/
      )
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)

      const paid = Date.now()
      const api = new StoreApi(`http://127.0.0.1:${port}`, store)
      const { cartId, paymentCollectionId } = await api.newCart()
      const session = await api.initiateSession(
        paymentCollectionId,
        SVC_PROVIDERS.wallet,
        sessionData(SVC_PROVIDERS.wallet, cartId)
      )
      const checkoutId = session.data.checkoutId!
      expect(checkoutId).toEqual(expect.any(String))
      await payCheckout(sandboxUrl, checkoutId)
      const completed = await api.complete(cartId)
      steps.times.checkout = Date.now() - paid
      expect(completed.type).toBe("order")
      const orderId = completed.type === "order" ? completed.order.id : ""
      // svc's side: the checkout is paid, for the cart's total in sen (RM120.50 + the setup's SST 8 %)
      const { json } = await call<{ status: string; amount: string }>(
        "GET",
        `${sandboxUrl}/_sandbox/checkouts/${checkoutId}`
      )
      expect([json.status, json.amount]).toEqual(["COMPLETED", "13014"])
      // Medusa's side: the order's one payment is the svc wallet provider's, for the cart's total
      const { rows } = await sql(
        `select p.provider_id, p.amount from payment p join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id where opc.order_id = '${orderId}'`,
        db
      )
      expect(
        rows.map((x: { provider_id: string; amount: string }) => [
          x.provider_id,
          Number(x.amount),
        ])
      ).toEqual([[SVC_PROVIDERS.wallet, 130.14]])
      result.order = orderId
      result.passed = true
    })
  }
)
