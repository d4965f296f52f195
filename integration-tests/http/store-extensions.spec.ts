// The seeded MYR store with a signed-in admin and a store's own extensions, in one Medusa app (the
// parts share it: helpers/suite.ts): docs/examples/svc-refund-email.ts built as a small local
// plugin and loaded as a store's own subscriber, with Medusa's Notification Module and its local
// provider (testing/examples-plugin.ts). Refunds to the buyer's bank, and an order's balance with
// its lasting payment link.
import { rmSync } from "node:fs"
import { svcMedusaSuite } from "../helpers/suite"
import { buildExamplesPlugin, examplesDir } from "../../testing/examples-plugin"
import { refunds } from "./refunds.cases"
import { orderBalance } from "./order-balance.cases"

jest.setTimeout(240_000)

const examples = examplesDir()
afterAll(() => rmSync(examples, { recursive: true, force: true }))

svcMedusaSuite({
  admin: true,
  // built inside the checkout, so that it finds Medusa's packages as a store's own code does
  runnerEnv: { SVC_EXAMPLES_PLUGIN: buildExamplesPlugin(examples) },
  testSuite: (ctx) => {
    describe("refunds to the buyer's bank (refunds.cases.ts)", () =>
      refunds(ctx))
    describe("an order's balance and its lasting payment link (order-balance.cases.ts)", () =>
      orderBalance(ctx))
  },
})
