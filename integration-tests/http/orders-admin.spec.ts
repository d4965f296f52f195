// The seeded MYR store with a signed-in admin, in one Medusa app (the parts share it:
// helpers/suite.ts): what a merchant does with orders and money after checkout, through Medusa's
// admin routes and the plugin's. (doctor-and-export.spec.ts has the same options but a file of its
// own: its export lists every movement svc made that day, and its last test replaces the sandbox.)
import { svcMedusaSuite } from "../helpers/suite"
import { orderLife } from "./order-life.cases"
import { returnsAndExchanges } from "./returns-exchanges.cases"

jest.setTimeout(300_000)

svcMedusaSuite({
  admin: true,
  testSuite: (ctx) => {
    describe("order life: cancel, refunds Medusa would refuse (order-life.cases.ts)", () =>
      orderLife(ctx))
    describe("returns, exchanges and claims with svc money (returns-exchanges.cases.ts)", () =>
      returnsAndExchanges(ctx))
  },
})
