// The seeded MYR store with a signed-in admin, in one Medusa app: what a merchant does with
// orders and money after checkout, through Medusa's admin routes and the plugin's. Each part is a
// file of its own (`*.cases.ts`, read it for what it tests); they share this file's app because
// they run with the same options, and booting Medusa in a jest file costs ~15 s of CPU (jest
// loads every Medusa package again per file: docs/testing.md, "How long"). Every test still starts
// from the same database (the runner's snapshot) and with the sandbox's faults cleared; the
// sandbox's own state lives for the whole file, so a part here counts svc's movements from where
// it starts, never from zero. (doctor-and-export.spec.ts has the same options but a file of its
// own: its export lists every movement svc made that day, and its last test replaces the sandbox.)
import { svcMedusaSuite } from "../helpers/suite"
import { orderLife } from "./order-life.cases"
import { returnsAndExchanges } from "./returns-exchanges.cases"

jest.setTimeout(300_000)

svcMedusaSuite({
  admin: true,
  testSuite: (ctx) => {
    describe("order life: cancel, refunds Medusa would refuse (order-life.cases.ts)", () => orderLife(ctx))
    describe("returns, exchanges and claims with svc money (returns-exchanges.cases.ts)", () => returnsAndExchanges(ctx))
  },
})
