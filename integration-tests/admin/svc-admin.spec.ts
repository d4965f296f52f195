// The plugin's own admin tools with no store seeded (none of them needs one), a signed-in admin,
// in one Medusa app (the parts share it: helpers/suite.ts): the store's secret webhook URL,
// wallet, bank accounts, deposits, transfers and payouts; one request per form; settlements to the
// merchant's bank; the MYR setup command on a store seeded as Medusa's starter seeds it (its own
// seed, in its test).
import { svcMedusaSuite } from "../helpers/suite"
import { webhookToken } from "../http/webhook-token.cases"
import { svcAdminTools } from "./svc-admin-tools.cases"
import { oneRequestPerForm } from "../http/one-request-per-form.cases"
import { settlements } from "../http/settlements.cases"
import { malaysiaSetup } from "../http/malaysia-setup.cases"

jest.setTimeout(180_000)

svcMedusaSuite({
  seed: false,
  admin: true,
  testSuite: (ctx) => {
    // first: it reads the token the process generated, and the process keeps what it read (the
    // database is restored for each test, the app's memory is not)
    describe("the store's secret webhook URL (webhook-token.cases.ts)", () =>
      webhookToken(ctx))
    describe("svc admin tools: accounts, deposits, transfers, payouts, inbox (svc-admin-tools.cases.ts)", () =>
      svcAdminTools(ctx))
    describe("one request per form (one-request-per-form.cases.ts)", () =>
      oneRequestPerForm(ctx))
    describe("settlements: withdrawals to the merchant's bank (settlements.cases.ts)", () =>
      settlements(ctx))
    describe("the MYR setup command (malaysia-setup.cases.ts)", () =>
      malaysiaSetup(ctx))
  },
})
