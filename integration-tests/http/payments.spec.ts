// The seeded MYR store and its shoppers' payments, no admin, in one Medusa app (the parts share
// it: helpers/suite.ts; a payment that fails after its order was placed cancels the order: the
// default `failedPaymentOrder`): svc calls per checkout, failures and recovery, paid with no
// order, the settle races.
import { svcMedusaSuite } from "../helpers/suite"
import { callBudget } from "./call-budget.cases"
import { failuresAndRecovery } from "./failures-and-recovery.cases"
import { paidNoOrder } from "./paid-no-order.cases"
import { settleRace } from "./settle-race.cases"

jest.setTimeout(120_000)

svcMedusaSuite({
  failedPaymentOrder: "cancel",
  testSuite: (ctx) => {
    describe("svc calls per checkout (call-budget.cases.ts)", () =>
      callBudget(ctx))
    describe("failures and recovery (failures-and-recovery.cases.ts)", () =>
      failuresAndRecovery(ctx))
    describe("paid, no order yet (paid-no-order.cases.ts)", () =>
      paidNoOrder(ctx))
    describe("a payment failing after its order: every interleaving (settle-race.cases.ts)", () =>
      settleRace(ctx))
  },
})
