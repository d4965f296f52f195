// The demo's parts that need no Medusa app of their own (the storefront's language switch is
// storefront.spec's, in chromium):
// - the database `npm run demo` creates (demo/run.sh asks demo/database.ts): the one DATABASE_URL
//   names when it is set, else DEMO_DB_NAME; run.sh itself is run (DEMO_DB_ONLY=1 stops it before
//   Medusa) on the test's PostgreSQL;
// - the demo's line per plugin event (demo/subscribers/svc-events-log.ts): registered for every name
//   SvcEvents exports and docs/events.md lists, built into the demo's plugin as demo/start.ts builds
//   it, loaded by Medusa's subscriber loader onto Medusa's local event bus, and one line in Medusa's
//   logger for each event the plugin emits (emitSvcEvent) with its payload.
import { spawnSync } from "node:child_process"
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs"
import { join, resolve } from "node:path"
import { randomBytes } from "node:crypto"
import { Client } from "pg"
import { asValue } from "@medusajs/framework/awilix"
import { container } from "@medusajs/framework"
import { logger } from "@medusajs/framework/logger"
import { SubscriberLoader } from "@medusajs/framework/subscribers"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import EventBusLocal from "@medusajs/medusa/event-bus-local"
import Transport from "winston-transport"
import {
  demoDatabase,
  ensureDemoDatabase,
  DEFAULT_DEMO_DB_NAME,
} from "../../demo/database"
import { buildDemoPlugin } from "../../demo/plugin"
import type * as EventsLog from "../../demo/subscribers/svc-events-log"
import {
  SvcEvents,
  type SvcEventData,
  type SvcEventName,
} from "../../src/workflows"
import { emitSvcEvent } from "../../src/lib/events/svc-events"
import { examplesDir } from "../../testing/examples-plugin"

jest.setTimeout(60_000)

const ROOT = resolve(__dirname, "../..")
const PG = {
  host: process.env.DB_HOST || "localhost",
  port: process.env.DB_PORT || "5432",
  user: process.env.DB_USERNAME || "postgres",
}
const serverUrl = (db: string) =>
  `postgres://${PG.user}@${PG.host}:${PG.port}/${db}`

async function withPg<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl("postgres") })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}
const exists = (name: string) =>
  withPg(
    async (c) =>
      !!(await c.query("select 1 from pg_database where datname = $1", [name]))
        .rowCount
  )
const drop = (name: string) =>
  withPg((c) => c.query(`drop database if exists "${name}"`))

describe("the demo's database (demo/run.sh, demo/database.ts)", () => {
  it("DATABASE_URL wins (Medusa connects to it), else DEMO_DB_NAME, else medusa_svc_demo; a URL's options and password stay in it, never in a message", () => {
    const url =
      "postgresql://shop:p%40ss@db.internal:6543/second_demo?sslmode=require"
    expect(
      demoDatabase({ DATABASE_URL: url, DEMO_DB_NAME: "medusa_svc_demo" })
    ).toEqual({
      url,
      name: "second_demo",
      host: "db.internal",
      port: "6543",
      adminUrl:
        "postgresql://shop:p%40ss@db.internal:6543/postgres?sslmode=require",
    })
    expect(
      demoDatabase({
        DEMO_DB_NAME: "shop_two",
        DB_HOST: "127.0.0.1",
        DB_PORT: "5433",
        DB_USERNAME: "me",
      })
    ).toMatchObject({
      url: "postgres://me@127.0.0.1:5433/shop_two",
      name: "shop_two",
      adminUrl: "postgres://me@127.0.0.1:5433/postgres",
    })
    expect(demoDatabase({})).toMatchObject({
      url: `postgres://postgres@localhost:5432/${DEFAULT_DEMO_DB_NAME}`,
      name: "medusa_svc_demo",
    })
    expect(
      demoDatabase({ DATABASE_URL: "postgres://[::1]/demo%2Dthree" })
    ).toMatchObject({ name: "demo-three", host: "::1", port: "5432" })
    for (const [env, why] of [
      [
        { DATABASE_URL: "postgres://u:s3cret@localhost:5432" },
        /names no database/,
      ],
      [
        { DATABASE_URL: "postgres://u:s3cret@localhost/a%22b" },
        /names the database "a"b", not one the demo creates/,
      ],
      [{ DATABASE_URL: "mysql://u:s3cret@localhost/shop" }, /mysql: URL/],
      [{ DATABASE_URL: "not a url s3cret" }, /is not a URL/],
      [{ DEMO_DB_NAME: "x'; drop database y" }, /DEMO_DB_NAME/],
    ] as const) {
      expect(() => demoDatabase(env)).toThrow(why)
      expect(() => demoDatabase(env)).not.toThrow(/s3cret/)
    }
  })

  it("run.sh creates the database DATABASE_URL names (not DEMO_DB_NAME's), or DEMO_DB_NAME's without a URL; a second time finds it", async () => {
    const suffix = randomBytes(4).toString("hex")
    const named = `svc_demo_test_url_${suffix}`
    const other = `svc_demo_test_other_${suffix}`
    const byName = `svc_demo_test_name_${suffix}`
    const runSh = (env: Record<string, string>) => {
      const base = { ...process.env, DEMO_DB_ONLY: "1" } as Record<
        string,
        string | undefined
      >
      delete base.DATABASE_URL
      const r = spawnSync("bash", ["demo/run.sh"], {
        cwd: ROOT,
        env: { ...base, ...env },
        encoding: "utf8",
        timeout: 60_000,
      })
      if (r.status !== 0)
        throw new Error(`demo/run.sh exited ${r.status}: ${r.stderr}`)
      return r.stdout
    }
    try {
      const out = runSh({ DATABASE_URL: serverUrl(named), DEMO_DB_NAME: other })
      expect(out).toContain(`[demo] database ${named} on ${PG.host}:${PG.port}`)
      expect(out).toContain(`[demo] created the database ${named}`)
      expect(await exists(named)).toBe(true)
      expect(await exists(other)).toBe(false)
      // what a second run of the same demo does: nothing to create
      expect(
        await ensureDemoDatabase(
          demoDatabase({ DATABASE_URL: serverUrl(named) })
        )
      ).toBe(false)

      expect(
        runSh({
          DEMO_DB_NAME: byName,
          DB_HOST: PG.host,
          DB_PORT: PG.port,
          DB_USERNAME: PG.user,
        })
      ).toContain(`[demo] created the database ${byName}`)
      expect(await exists(byName)).toBe(true)
    } finally {
      for (const db of [named, other, byName]) await drop(db)
    }
  })
})

/** One payload per event, in the shape the plugin emits (SvcEventData: a new event does not compile without one). */
const PAYLOADS: { [N in SvcEventName]: SvcEventData[N] } = {
  "svc.payment.failed_after_order": {
    order_id: "order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W",
    checkout_id: "5b0e7c1e-3f55-4c0b-9a8e-0d0c4a1b2c3d",
    payment_session_id: "payses_01JQ7Z3K4M5N6P7Q8R9S0T1V2X",
    status: "FAILED",
    order_action: "canceled",
  },
  "svc.paid_cart.needs_attention": {
    checkout_id: "6c1f8d2f-4a66-4d1c-8b9f-1e1d5b2c3d4e",
    cart_id: "cart_01JQ7Z3K4M5N6P7Q8R9S0T1V2Y",
    payment_session_id: "payses_01JQ7Z3K4M5N6P7Q8R9S0T1V2Z",
  },
  "svc.paid_cart.resolved": {
    checkout_id: "6c1f8d2f-4a66-4d1c-8b9f-1e1d5b2c3d4e",
    cart_id: "cart_01JQ7Z3K4M5N6P7Q8R9S0T1V2Y",
    payment_session_id: "payses_01JQ7Z3K4M5N6P7Q8R9S0T1V2Z",
    order_id: null,
  },
  "svc.refund_payout.sent": {
    id: "svcpo_01JQ7Z3K4M5N6P7Q8R9S0T1V30",
    payout_id: "7d2a9e3a-5b77-4e2d-9caa-2f2e6c3d4e5f",
    refund_id: "ref_01JQ7Z3K4M5N6P7Q8R9S0T1V31",
    payment_id: "pay_01JQ7Z3K4M5N6P7Q8R9S0T1V32",
    order_id: "order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W",
  },
  "svc.refund_payout.settled": {
    id: "svcpo_01JQ7Z3K4M5N6P7Q8R9S0T1V30",
    payout_id: "7d2a9e3a-5b77-4e2d-9caa-2f2e6c3d4e5f",
    refund_id: "ref_01JQ7Z3K4M5N6P7Q8R9S0T1V31",
    payment_id: "pay_01JQ7Z3K4M5N6P7Q8R9S0T1V32",
    order_id: "order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W",
  },
  "svc.refund_payout.reversed": {
    id: "svcpo_01JQ7Z3K4M5N6P7Q8R9S0T1V33",
    payout_id: "8e3baf4b-6c88-4f3e-8dbb-3a3f7d4e5f60",
    refund_id: "ref_01JQ7Z3K4M5N6P7Q8R9S0T1V34",
    payment_id: "pay_01JQ7Z3K4M5N6P7Q8R9S0T1V32",
    order_id: "order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W",
  },
  "svc.refund_payout.returned": {
    id: "svcpo_01JQ7Z3K4M5N6P7Q8R9S0T1V35",
    payout_id: "9f4cb05c-7d99-4a4f-9ecc-4b4a8e5f6071",
    refund_id: null,
    payment_id: null,
    order_id: null,
  },
  "svc.withdrawal.completed": {
    id: "svcwd_01JQ7Z3K4M5N6P7Q8R9S0T1V36",
    withdrawal_id: "a05dc16d-8eaa-4b50-8fdd-5c5b9f607182",
    status: "COMPLETED",
  },
  "svc.withdrawal.failed": {
    id: "svcwd_01JQ7Z3K4M5N6P7Q8R9S0T1V37",
    withdrawal_id: "b16ed27e-9fbb-4c61-9aee-6d6ca0718293",
    status: "REJECTED",
  },
  "svc.payment_link.created": {
    order_id: "order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W",
    payment_collection_id: "pay_col_01JQ7Z3K4M5N6P7Q8R9S0T1V38",
    payment_session_id: "payses_01JQ7Z3K4M5N6P7Q8R9S0T1V39",
    checkout_id: "c27fe38f-a0cc-4d72-8bff-7e7db1829304",
  },
}

describe("the demo's line per plugin event (demo/subscribers/svc-events-log.ts)", () => {
  // the folder demo/start.ts gives Medusa (SVC_EXAMPLES_PLUGIN), built the same way; the tests read the
  // subscriber's built file, the one Medusa loads (its import of the plugin's event names bundled)
  let parent: string
  let built: string
  let eventsLog: typeof EventsLog
  beforeAll(() => {
    parent = examplesDir()
    built = join(
      buildDemoPlugin(parent),
      ".medusa",
      "server",
      "src",
      "subscribers"
    )
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    eventsLog = require(join(built, "svc-events-log.js"))
  })
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  it("is built beside docs/examples' subscriber, subscribed to every name SvcEvents exports, and docs/events.md lists the same names", () => {
    expect(readdirSync(built).sort()).toEqual([
      "svc-events-log.js",
      "svc-refund-email.js",
    ])
    const names = Object.values(SvcEvents)
    const event = eventsLog.config.event as string[]
    expect([...event].sort()).toEqual([...names].sort())
    expect(new Set(event).size).toBe(names.length)
    // the table of docs/events.md: one row per event, its name in the first cell
    const documented = [
      ...readFileSync(join(ROOT, "docs", "events.md"), "utf8").matchAll(
        /^\| `(svc\.[a-z_.]+)` \(`[A-Z_]+`\) \|/gm
      ),
    ].map((m) => m[1])
    expect([...documented].sort()).toEqual([...names].sort())
  })

  it("the line: the event's name and its payload's ids and statuses, in the payload's order; other fields and values that are not ids left out", () => {
    expect(
      eventsLog.svcEventLine(
        SvcEvents.REFUND_PAYOUT_SETTLED,
        PAYLOADS["svc.refund_payout.settled"]
      )
    ).toBe(
      "svc event svc.refund_payout.settled: id=svcpo_01JQ7Z3K4M5N6P7Q8R9S0T1V30 payout_id=7d2a9e3a-5b77-4e2d-9caa-2f2e6c3d4e5f refund_id=ref_01JQ7Z3K4M5N6P7Q8R9S0T1V31 payment_id=pay_01JQ7Z3K4M5N6P7Q8R9S0T1V32 order_id=order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W"
    )
    expect(
      eventsLog.svcEventLine("svc.x", {
        id: "a b",
        token: "s3cret",
        api_key: "k",
        buyer_name: "Siti",
        order_id: null,
      })
    ).toBe("svc event svc.x: id=(not shown) order_id=null")
    expect(eventsLog.svcEventLine("svc.y", undefined)).toBe("svc event svc.y")
  })

  it("loaded by Medusa's subscriber loader onto Medusa's local event bus: one line in Medusa's log for each event the plugin emits", async () => {
    const lines: string[] = []
    class Lines extends Transport {
      override log(info: { message?: unknown }, callback: () => void) {
        if (
          typeof info.message === "string" &&
          info.message.startsWith("svc event ")
        )
          lines.push(info.message)
        callback()
      }
    }
    const winston = (
      logger as unknown as {
        loggerInstance_: {
          add: (t: Transport) => void
          remove: (t: Transport) => void
        }
      }
    ).loggerInstance_
    const transport = new Lines()
    winston.add(transport)
    try {
      // the demo's file alone (the refund email needs Query and the Notification Module, an app's)
      const only = join(parent, "events-log-only")
      mkdirSync(only)
      copyFileSync(
        join(built, "svc-events-log.js"),
        join(only, "svc-events-log.js")
      )

      const bus = new EventBusLocal.service({ logger }, {}, {} as never)
      container.register({
        [ContainerRegistrationKeys.LOGGER]: asValue(logger),
        [Modules.EVENT_BUS]: asValue(bus),
      })
      await new SubscriberLoader(only, {}, container).load()

      for (const name of Object.values(SvcEvents))
        await emitSvcEvent(container, name, PAYLOADS[name])
      const end = Date.now() + 5_000
      while (lines.length < Object.keys(PAYLOADS).length && Date.now() < end)
        await new Promise((r) => setTimeout(r, 20))
      expect(lines).toEqual(
        Object.values(SvcEvents).map((name) =>
          eventsLog.svcEventLine(name, PAYLOADS[name])
        )
      )
      expect(lines[0]).toBe(
        "svc event svc.payment.failed_after_order: order_id=order_01JQ7Z3K4M5N6P7Q8R9S0T1V2W checkout_id=5b0e7c1e-3f55-4c0b-9a8e-0d0c4a1b2c3d payment_session_id=payses_01JQ7Z3K4M5N6P7Q8R9S0T1V2X status=FAILED order_action=canceled"
      )
      for (const name of Object.values(SvcEvents))
        bus.eventEmitter_.removeAllListeners(name)
    } finally {
      winston.remove(transport)
    }
  })
})
