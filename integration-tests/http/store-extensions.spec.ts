// The seeded MYR store with a signed-in admin and a store's own extensions, in one Medusa app:
// docs/examples/svc-refund-email.ts built as a small local plugin and loaded as a store's own
// subscriber, with Medusa's Notification Module and its local provider (testing/examples-plugin.ts).
// Refunds to the buyer's bank, and an order's balance with its lasting payment link. Each part is
// a file of its own (`*.cases.ts`, read it for what it tests); they share this file's app because
// they run with the same options, and booting Medusa in a jest file costs ~15 s of CPU
// (docs/testing.md, "How long"). Every test still starts from the same database (the runner's
// snapshot) and with the sandbox's faults cleared.
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
    describe("refunds to the buyer's bank (refunds.cases.ts)", () => refunds(ctx))
    describe("an order's balance and its lasting payment link (order-balance.cases.ts)", () => orderBalance(ctx))
  },
})
