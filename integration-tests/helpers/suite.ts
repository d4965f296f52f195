// One integration file's preamble, svcMedusaSuite({ ...options, testSuite: (ctx) => ... }): the svc
// sandbox (useSvcSandbox: started before Medusa boots, its faults cleared before every test), Medusa
// in-app (medusaIntegrationTestRunner, its database copied from a migrated template: runner.ts), and a
// seeded store and a signed-in admin made once, before the first test: the runner takes its snapshot
// of the database at the first test and restores it before every later one, so each test starts
// from the same store (same ids) with nothing of an earlier test's left.
//
// Files with the same options share one app: such a spec is a list of parts (`*.cases.ts`, each a
// function of this suite's context, one file per subject), because booting Medusa in a jest file
// costs ~15 s of CPU (jest loads every Medusa package again per file: docs/testing.md, "How
// long"). The database is restored and the sandbox's faults cleared before every test, but the
// sandbox's own state and the app's memory live for the whole file: a part counts svc's movements
// from where it starts, never from zero. A part registers what it adds to the app (a workflow
// hook's handler, say) in its own function, beside the tests that read it.
import { svcIntegrationRunner } from "./runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { useSvcSandbox, type SandboxHandle } from "./svc-env"
import {
  capturedOrder,
  cartWithSession,
  checkoutRow,
  flaggedCheckoutRow,
  paidOrder,
  seedStore,
  type CartOptions,
  type PaidOrder,
  type Store,
} from "./store"
import { signInAsAdmin, type AdminSdk } from "./admin"

export type SvcSuiteOptions = NonNullable<
  Parameters<typeof useSvcSandbox>[0]
> & {
  /** Seeded once, in every test's database: the MYR/USD store (default), the same taxed (SST 8 % and PROMO_CODE), or none. */
  seed?: "store" | "taxed" | false
  /** An admin signed in (Medusa's js-sdk) once, after the seed; its user is in every test's database. Default: none. */
  admin?: boolean
}

export type SvcSuite = {
  /** The sandbox handle as useSvcSandbox returns it: `svc.env`, `svc.ref.sandbox`, `svc.ref.medusaUrl`. */
  svc: ReturnType<typeof useSvcSandbox>
  /** The runner's HTTP client to the Medusa app. */
  api: any
  getContainer: () => MedusaContainer
  /** The same as getContainer. */
  container: () => MedusaContainer
  /** The sandbox's control (pay, inject faults, state). */
  sb: () => SandboxHandle["control"]
  /** The sandbox's whole state (checkouts, payouts, fiatWithdrawals…). */
  state: () => any
  /** How many payouts / checkouts svc has made in the file so far (the sandbox lives for the whole file). */
  payoutCount: () => number
  checkoutCount: () => number
  /**
   * The store and admin (`seed`, `admin`), made once before the first test and in every test's
   * database. Each is a stand-in for the one made, so it can be destructured once at the top of
   * the file; read before it is made, it throws.
   */
  store: Store
  admin: AdminSdk
  /** store.ts's helpers on this test's app, store and sandbox (`store` in the options: another store). */
  cartWithSession: (
    providerId: string,
    opts?: { cart?: CartOptions; data?: Record<string, unknown>; store?: Store }
  ) => ReturnType<typeof cartWithSession>
  paidOrder: (opts?: {
    providerId?: string
    cart?: CartOptions
    store?: Store
  }) => Promise<PaidOrder>
  capturedOrder: (cartId: string) => Promise<any>
  checkoutRow: (checkoutId: string) => Promise<any>
  flaggedCheckoutRow: (checkoutId: string, what?: string) => Promise<any>
}

/** A stand-in object that forwards every read to what `current` returns now (as the runner's own `api`). */
function live<T extends object>(what: string, current: () => T | undefined): T {
  const now = (): T => {
    const v = current()
    if (!v)
      throw new Error(
        `${what} is made before the first test (unless the suite's options leave it out): read it inside a test or a hook`
      )
    return v
  }
  return new Proxy({} as T, {
    get: (_, k) => Reflect.get(now(), k),
    has: (_, k) => Reflect.has(now(), k),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor: (_, k) => {
      const d = Reflect.getOwnPropertyDescriptor(now(), k)
      return d && { ...d, configurable: true }
    },
  })
}

/**
 * An integration file against the svc sandbox and Medusa in-app, in the shape of
 * medusaIntegrationTestRunner: `testSuite` gets the SvcSuite. The other options are
 * useSvcSandbox's (timeoutMs, webhookPath, runnerEnv, …) plus what is made before the first test
 * (`seed`, `admin`); the file's own beforeAll hooks run after these, and what they write to the
 * database is in every test's copy too (the runner's snapshot is taken at the first test).
 */
export function svcMedusaSuite({
  testSuite,
  seed = "store",
  admin: withAdmin = false,
  ...sandboxOpts
}: SvcSuiteOptions & { testSuite: (ctx: SvcSuite) => void }): void {
  const svc = useSvcSandbox(sandboxOpts)
  svcIntegrationRunner({
    inApp: true,
    env: svc.env,
    testSuite: ({ api, getContainer }) => {
      let store: Store | undefined
      let admin: AdminSdk | undefined
      // Before the runner's snapshot (its first beforeEach): the seed and the admin user are in the
      // database every test is restored from, and the admin's JWT stays valid for each of them.
      // Made before each test instead, they cost five workflows and a password hash per test.
      beforeAll(async () => {
        if (seed)
          store = await seedStore(getContainer(), { taxed: seed === "taxed" })
        if (withAdmin)
          admin = await signInAsAdmin(getContainer(), svc.ref.medusaUrl)
      })
      const sb = () => svc.ref.sandbox.control
      const state = () => sb().state() as any
      const storeNow = live("store", () => store)
      testSuite({
        svc,
        api,
        getContainer,
        container: getContainer,
        sb,
        state,
        payoutCount: () => Object.keys(state().payouts ?? {}).length,
        checkoutCount: () => Object.keys(state().checkouts ?? {}).length,
        store: storeNow,
        admin: live("admin", () => admin),
        cartWithSession: (providerId, { store: s = storeNow, ...opts } = {}) =>
          cartWithSession(api, s, providerId, opts),
        paidOrder: ({ store: s = storeNow, ...opts } = {}) =>
          paidOrder(api, getContainer(), s, sb(), opts),
        capturedOrder: (cartId) => capturedOrder(getContainer(), cartId),
        checkoutRow: (checkoutId) => checkoutRow(getContainer(), checkoutId),
        flaggedCheckoutRow: (checkoutId, what) =>
          flaggedCheckoutRow(getContainer(), checkoutId, what),
      })
    },
  })
}
