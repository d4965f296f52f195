// Security suite: no one can fake a payment, read what is not theirs, move an amount
// or a destination from the storefront, or find a secret in a log or a response. One real Medusa
// app and the svc sandbox over real HTTP; a second sandbox plays another svc account.
// What each part proves: docs/security.md.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { randomBytes, randomUUID } from "node:crypto"
import { svcIntegrationRunner } from "../helpers/runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { fetch } from "undici"

import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SvcClient } from "../../src/client"
import { SVC_MODULE } from "../../src/modules/svc"
import { ensureAdminUser } from "../../demo/admin-user"
import { useSvcSandbox } from "../helpers/svc-env"
import {
  readStats,
  resetStats,
  type CallStats,
} from "../../testing/sandbox-stats"
import {
  ResponseRecorder,
  scanLogDir,
  secretNeedles,
  type SecretNeedle,
} from "../helpers/secrets-scan"
import {
  capturedOrder,
  completeCart,
  cartWithSession,
  createCart,
  initiateSession,
  sessionOnCart,
  orderOfCart,
  seedStore,
  SVC_PROVIDERS,
  waitFor,
  type Store,
  startSession,
} from "../helpers/store"

jest.setTimeout(180_000)

// The suite runs with a secret webhook token (provider option `webhookToken`); the sandbox's
// webhook URL carries it. The forged-event tests below use it too: they play an attacker who knows the
// whole URL, so what they show holds without the token; one test shows what a request without it gets.
const WEBHOOK_TOKEN = randomBytes(24).toString("hex")
const svc = useSvcSandbox({ webhookToken: WEBHOOK_TOKEN })
const root = join(__dirname, "..", "..")
const recorder = new ResponseRecorder()

/** Every route file of the plugin's admin API at test time, with its methods and a concrete path. */
function adminRoutes(): { method: string; path: string; file: string }[] {
  const base = join(root, "src/api/admin/svc")
  const out: { method: string; path: string; file: string }[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name)
      if (statSync(p).isDirectory()) {
        if (name !== "__tests__") walk(p)
      } else if (name === "route.ts" || name === "route.js") {
        const src = readFileSync(p, "utf8")
        const segments = relative(join(root, "src/api"), dir)
          .split(sep)
          .map((s) =>
            /^\[.+\]$/.test(s) ? "00000000-0000-4000-8000-000000000000" : s
          )
        const path = `/${segments.join("/")}`
        for (const m of src.matchAll(
          /export\s+(?:async\s+function|const|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g
        )) {
          out.push({ method: m[1], path, file: relative(root, p) })
        }
      }
    }
  }
  walk(base)
  return out
}

svcIntegrationRunner({
  inApp: true,
  env: svc.env,
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let adminHeaders: { headers: Record<string, string> }
    let needles: SecretNeedle[]
    const sb = () => svc.ref.sandbox.control
    const container = () => getContainer() as MedusaContainer
    const knex = () =>
      container().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any

    beforeAll(async () => {
      recorder.watchAxios(api)
      needles = svc.ref.sandbox.keys.flatMap((k) => secretNeedles(k))
      store = await seedStore(container())
      const email = "security@svc-tests.local"
      const password = randomBytes(12).toString("base64url")
      await ensureAdminUser(container(), email, password)
      const { data } = await api.post("/auth/user/emailpass", {
        email,
        password,
      })
      adminHeaders = { headers: { authorization: `Bearer ${data.token}` } }
    })

    /** What is stored of payments and svc: counts, sessions by status, and the svc tables' last change. */
    async function stored(): Promise<Record<string, unknown>> {
      const k = knex()
      const one = async (sql: string) => (await k.raw(sql)).rows
      return {
        sessions: await one(
          "select status, count(*)::int as n from payment_session where deleted_at is null group by status order by status"
        ),
        payments: await one(
          "select count(*)::int as n, count(captured_at)::int as captured from payment where deleted_at is null"
        ),
        captures: await one(
          "select count(*)::int as n from capture where deleted_at is null"
        ),
        refunds: await one(
          "select count(*)::int as n from refund where deleted_at is null"
        ),
        svc_checkout: await one(
          "select count(*)::int as n, max(updated_at) as at from svc_checkout"
        ),
        svc_payout: await one(
          "select count(*)::int as n, max(updated_at) as at from svc_payout"
        ),
        svc_withdrawal: await one(
          "select count(*)::int as n, max(updated_at) as at from svc_withdrawal"
        ),
        // every other table of the plugin's module, present or future (token transfers, inbox, ...);
        // svc_setting without its hourly webhook request counters (one row per hour, not per request)
        svc_tables: await Promise.all(
          (
            await one(
              "select table_name from information_schema.tables where table_schema = 'public' and table_name like 'svc\\_%' order by 1"
            )
          ).map(async (t: { table_name: string }) => [
            t.table_name,
            (
              await one(
                `select count(*)::int as n from "${t.table_name}"${t.table_name === "svc_setting" ? " where key not like 'webhook\\_requests:%'" : ""}`
              )
            )[0].n,
          ])
        ),
      }
    }
    const sandboxCheckouts = () =>
      Object.fromEntries(
        Object.values((sb().state() as any).checkouts ?? {}).map((c: any) => [
          c.checkoutId,
          c.status,
        ])
      )
    const writes = (s: CallStats) =>
      Object.entries(s.byRoute).filter(
        ([r, n]) => !r.startsWith("GET ") && (n as number) > 0
      )

    let hooksAccepted = 0
    /** A raw HTTP request to the app (not through axios: exact bytes and content type), recorded. */
    async function raw(
      path: string,
      body: string | Buffer,
      contentType = "application/json"
    ): Promise<{ status: number; text: string }> {
      const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      })
      const text = await res.text()
      recorder.add(`POST ${path} → ${res.status}`, text)
      if (path.startsWith("/hooks/") && res.status === 200) hooksAccepted++
      return { status: res.status, text }
    }

    /** The app still answers: health, and a normal store request. */
    async function stillAnswers() {
      const h = await fetch(`${svc.ref.medusaUrl}/health`)
      expect(h.status).toBe(200)
      const { data } = await api.get("/store/svc/fpx-banks", store.headers)
      expect(data.retail.length).toBeGreaterThan(0)
    }

    /** Waits until the plugin's subscriber logged a final outcome for the event id (svc_webhook_event). */
    async function outcomeOf(
      eventId: string,
      timeoutMs = 30_000
    ): Promise<string> {
      const svcModule = container().resolve(SVC_MODULE) as any
      const row = await waitFor(
        async () => {
          const [r] = await svcModule.listSvcWebhookEvents(
            { event_id: eventId },
            { take: 1 }
          )
          return r && r.outcome !== "received" ? r : undefined
        },
        `the outcome of webhook ${eventId}`,
        timeoutMs
      )
      return row.outcome
    }

    /** The unknown event types counted so far (counted per type, never stored per event). */
    async function unknownTypes(): Promise<Record<string, number>> {
      const { rows } = await knex().raw(
        "select event_id, payload from svc_webhook_event where resource_id = 'unknown-event-types'"
      )
      return Object.fromEntries(
        rows.map((r: any) => [
          String(r.event_id).replace(/^unknown-type:/, ""),
          Number(r.payload.count),
        ])
      )
    }

    const HOOK = `/hooks/svc?token=${WEBHOOK_TOKEN}`
    const HOOKS = [
      HOOK,
      `/hooks/payment/svc-wallet_svc?token=${WEBHOOK_TOKEN}`,
    ] as const
    /** A hook path as shown in test names (the token is not printed). */
    const hookName = (h: string) => h.replace(/\?token=.*$/, "?token=…")
    const forged = (
      checkoutId: string,
      extra: Record<string, unknown> = {}
    ) => ({
      id: `evt_forged_${randomUUID()}`,
      type: "checkout.updated",
      createdAt: new Date().toISOString(),
      data: {
        checkoutId,
        status: "COMPLETED",
        amount: "12050",
        paidAt: new Date().toISOString(),
        txHash: `0x${"ab".repeat(32)}`,
        ...extra,
      },
    })

    // ------------------------------------------------------------------ limits and field rules
    describe("every limit and field rule the plugin's inputs reach (svc-api-spec.md, Limits): refused by field, nothing sent, nothing stored", () => {
      /** Runs `act`; the error names the field and the rule; svc saw no call (or, for rules that need svc's data, no write); storage unchanged. */
      async function refused(
        act: () => Promise<any>,
        message: RegExp,
        svcReads: "none" | "reads only" = "none"
      ) {
        const before = await stored()
        const checkouts = sandboxCheckouts()
        await resetStats(svc.ref.sandbox.url)
        const res = await act().catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(message)
        const stats = await readStats(svc.ref.sandbox.url)
        if (svcReads === "none") expect(stats.total).toBe(0)
        expect(writes(stats)).toEqual([])
        expect(sandboxCheckouts()).toEqual(checkouts)
        expect(await stored()).toEqual(before)
      }

      const session = async (
        providerId: string,
        data: Record<string, unknown>,
        cart: { variantId?: string; quantity?: number; usd?: boolean } = {}
      ) => {
        const { paymentCollectionId } = await createCart(api, store, {
          variantId: cart.variantId,
          quantity: cart.quantity,
          regionId: cart.usd ? store.usdRegionId : undefined,
        })
        return () =>
          api.post(
            `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
            { provider_id: providerId, data },
            store.headers
          )
      }
      const direct = (over: Record<string, unknown>) => ({
        bank: "MBB0228",
        bankType: "RETAIL",
        buyerName: "Siti Aminah",
        ...over,
      })

      /**
       * Runs every case of a table in one test (the runner restores the database before each
       * test, which costs more than a refused request): all cases run, the failures are listed by name.
       */
      async function table(cases: [string, () => Promise<void>][]) {
        const problems: string[] = []
        for (const [name, run] of cases) {
          try {
            await run()
          } catch (e) {
            problems.push(
              `${name}: ${String((e as Error).message)
                .replace(/\s+/g, " ")
                .slice(0, 400)}`
            )
          }
        }
        expect(problems).toEqual([])
      }

      type SessionCase = [
        string,
        string,
        Record<string, unknown>,
        { variant?: "cheap"; quantity?: number; usd?: boolean },
        RegExp,
      ]
      it("store payment session: amount bounds, MYR only, buyerName 1-100 (trimmed), FPX direct fields, bankType, bank, cart_id", () =>
        table(
          (
            [
              [
                "amount bounds: below RM10 (RM5.00)",
                SVC_PROVIDERS.fpx,
                {},
                { variant: "cheap" },
                /RM10\.00 to RM1,000,000\.00.*RM5\.00/,
              ],
              [
                "amount bounds: above RM1,000,000 (8,300 × RM120.50)",
                SVC_PROVIDERS.wallet,
                {},
                { quantity: 8300 },
                /RM10\.00 to RM1,000,000\.00/,
              ],
              [
                "amount in sen: only MYR",
                SVC_PROVIDERS.wallet,
                {},
                { usd: true },
                /MYR/,
              ],
              [
                "buyerName 1-100: 101 characters",
                SVC_PROVIDERS.fpxDirect,
                direct({ buyerName: "x".repeat(101) }),
                {},
                /buyerName: must be 1-100 characters/,
              ],
              [
                "buyerName 1-100 trimmed: only spaces",
                SVC_PROVIDERS.fpxDirect,
                direct({ buyerName: "    " }),
                {},
                /buyerName: must be 1-100 characters/,
              ],
              [
                "FPX_DIRECT needs bank, bankType, buyerName",
                SVC_PROVIDERS.fpxDirect,
                {},
                {},
                /bank, bankType, buyerName/,
              ],
              [
                "bankType: RETAIL or CORPORATE",
                SVC_PROVIDERS.fpxDirect,
                direct({ bankType: "SAVINGS" }),
                {},
                /bankType: must be RETAIL, CORPORATE/,
              ],
              [
                "bank: a code, at most 32 characters",
                SVC_PROVIDERS.fpxDirect,
                direct({ bank: "B".repeat(33) }),
                {},
                /bank: .*32/,
              ],
              [
                "cart_id: a Medusa cart id",
                SVC_PROVIDERS.fpx,
                { cart_id: "../../admin" },
                {},
                /cart_id: must be a Medusa cart id/,
              ],
            ] as SessionCase[]
          ).map(
            ([name, providerId, data, cart, message]): [
              string,
              () => Promise<void>,
            ] => [
              name,
              async () => {
                const act = await session(providerId, data, {
                  variantId:
                    cart.variant === "cheap" ? store.cheapVariantId : undefined,
                  quantity: cart.quantity,
                  usd: cart.usd,
                })
                await refused(act, message)
              },
            ]
          )
        ))

      it("store payment session, cart_id of another cart (svc's redirect pointed elsewhere): refused, no checkout made", async () => {
        const other = await createCart(api, store)
        const act = await session(SVC_PROVIDERS.fpx, { cart_id: other.cartId })
        await refused(
          act,
          /^cart_id: must be the cart this payment collection belongs to/
        )
      })

      it("store payment session, FPX direct with an unknown or an offline bank: refused from svc's bank list, no checkout made", () =>
        table(
          (
            [
              ["an unknown bank", { bank: "NOPE01" }, /not an FPX bank/],
              ["an offline bank", { bank: "HSBC0223" }, /offline/],
            ] as [string, Record<string, unknown>, RegExp][]
          ).map(([name, over, message]): [string, () => Promise<void>] => [
            name,
            async () =>
              refused(
                await session(SVC_PROVIDERS.fpxDirect, direct(over)),
                message,
                "reads only"
              ),
          ])
        ))

      describe("admin forms", () => {
        // The runner restores the database before every test: rules checked before any lookup use
        // a well-formed id; the rule that needs the captured amount pays an order in its own test.
        let paymentId = "pay_01SECURITYSUITE000000000000"
        let bankAccountId: string
        beforeAll(async () => {
          const { data } = await api.get("/admin/svc/wallet", adminHeaders) // svc's linked accounts (not in the database)
          bankAccountId = data.bank_accounts[0].id
        })
        const toBank = {
          name: "Siti Aminah",
          bank_code: "MBBEMYKL",
          account_number: "5512345678",
        }
        const refund = (body: Record<string, unknown>) => () =>
          api.post(
            "/admin/svc/refunds",
            {
              payment_id: paymentId,
              amount: "20.00",
              beneficiary: toBank,
              ...body,
            },
            adminHeaders
          )
        const withdraw = (body: Record<string, unknown>) => () =>
          api.post(
            "/admin/svc/withdrawals",
            { bank_account_id: bankAccountId, amount: "20.00", ...body },
            adminHeaders
          )
        type FormCase = [string, Record<string, unknown>, RegExp]
        const rows = (
          cases: FormCase[],
          act: (body: Record<string, unknown>) => () => Promise<any>
        ): [string, () => Promise<void>][] =>
          cases.map(([name, body, message]) => [
            name,
            () => refused(act(body), message),
          ])

        it("admin refund form: amount bounds and sen, payment_id, beneficiary fields, name_check, note, unknown fields", () =>
          table(
            rows(
              [
                // svc's payout bounds are not shown (spec gap): the plugin invents none, only "more than nothing"
                [
                  "amount: more than RM0.00",
                  { amount: "0" },
                  /^amount: must be more than RM0\.00/,
                ],
                [
                  "amount: negative",
                  { amount: "-10" },
                  /^amount: must be more than RM0\.00/,
                ],
                [
                  "amount in sen: no fraction of a sen",
                  { amount: "10.005" },
                  /^amount: must not contain a fraction of a sen/,
                ],
                ["amount: a number", { amount: "ten" }, /^amount: /],
                [
                  "amount: required",
                  { amount: undefined },
                  /^Invalid request: amount: is required: the amount in ringgit/,
                ],
                [
                  "payment_id: a Medusa payment id",
                  { payment_id: "pay_1; drop table payment" },
                  /^Invalid request: payment_id: must be a Medusa payment id/,
                ],
                [
                  "beneficiary.name: 1-100",
                  { beneficiary: { ...toBank, name: "n".repeat(101) } },
                  /^Invalid request: Value for field 'beneficiary, name' too big, expected at most: '100'$/,
                ],
                [
                  "beneficiary.name: required",
                  { beneficiary: { ...toBank, name: " " } },
                  /^Invalid request: Value for field 'beneficiary, name' too small, expected at least: '1'$/,
                ],
                [
                  "beneficiary.account_number: 6-20 digits",
                  { beneficiary: { ...toBank, account_number: "12345" } },
                  /^Invalid request: beneficiary\.account_number: must be 6-20 digits/,
                ],
                [
                  "beneficiary.proxy_value: 3-40",
                  {
                    beneficiary: {
                      name: "Siti",
                      proxy_type: "MOBILE",
                      proxy_value: "01",
                    },
                  },
                  /^Invalid request: Value for field 'beneficiary, proxy_value' too small, expected at least: '3'$/,
                ],
                [
                  "beneficiary.proxy_type: one of the DuitNow types",
                  {
                    beneficiary: {
                      name: "Siti",
                      proxy_type: "EMAIL",
                      proxy_value: "a@b.my",
                    },
                  },
                  /^Invalid request: Expected: 'MOBILE, NRIC, PASSPORT, BRN, ARMY' for field 'beneficiary, proxy_type', but got: 'EMAIL'$/,
                ],
                [
                  "beneficiary: exactly one destination",
                  {
                    beneficiary: {
                      ...toBank,
                      proxy_type: "MOBILE",
                      proxy_value: "0123456789",
                    },
                  },
                  /^Invalid request: beneficiary\.proxy_type: give a bank account \(bank_code, account_number\) or a DuitNow proxy \(proxy_type, proxy_value\), not both/,
                ],
                [
                  "beneficiary: no unknown fields",
                  { beneficiary: { ...toBank, swift: "X" } },
                  /^Invalid request: Unrecognized fields: 'swift'$/,
                ],
                [
                  "name_check: strict or loose",
                  { name_check: "exact" },
                  /^Invalid request: Expected: 'strict, loose' for field 'name_check', but got: 'exact'$/,
                ],
                [
                  "note: at most 500",
                  { note: "n".repeat(501) },
                  /^Invalid request: Value for field 'note' too big, expected at most: '500'$/,
                ],
                [
                  "no unknown fields (no fee, no idempotency key from the form)",
                  { idempotency_key: randomUUID() },
                  /^Invalid request: Unrecognized fields: 'idempotency_key'$/,
                ],
              ],
              refund
            )
          ))

        it("admin refund form, more than was captured: refused with what is left, nothing sent", async () => {
          const { cartId, session: s } = await cartWithSession(
            api,
            store,
            SVC_PROVIDERS.fpx
          )
          sb().pay(s.data.checkoutId)
          await completeCart(api, store, cartId)
          paymentId = (await capturedOrder(container(), cartId))
            .payment_collections[0].payments[0].id
          // "nothing stored" is measured once this payment's own settlement is over: its webhook may
          // still be settling (or left the order for the watcher, the shopper's completion holding the
          // cart lock), and either writes its svc_checkout row after the order is there.
          await sb().flushWebhooks()
          const delivered = [
            ...new Set(
              sb()
                .webhookLog()
                .filter(
                  (d) =>
                    d.statusCode === 200 &&
                    (d.payload as any)?.data?.checkoutId === s.data.checkoutId
                )
                .map((d) => d.eventId)
            ),
          ]
          await waitFor(async () => {
            const { rows } = await knex().raw(
              `select (select count(*)::int from svc_checkout where checkout_id = ? and settled_status is not null and order_retry_at is null) as settled,
                      (select count(distinct event_id)::int from svc_webhook_event where event_id = any(?) and outcome is not null and outcome <> 'received') as handled`,
              [s.data.checkoutId, delivered]
            )
            return rows[0].settled === 1 && rows[0].handled >= delivered.length
              ? true
              : undefined
          }, "the paid checkout's settlement over (its webhooks handled, its order recorded)")
          await refused(
            refund({ amount: "120.51" }),
            /^amount: at most RM120\.50 can be refunded/,
            "reads only"
          )
        })

        it("admin withdrawal form: amount bounds and sen, reference ≤ 20, bank account id, linked account, individual ≤ RM300,000, unknown fields", () =>
          table([
            ...rows(
              [
                [
                  "amount bounds: below RM10",
                  { amount: "9.99" },
                  /^amount: must be between RM10\.00 and RM1000000\.00/,
                ],
                [
                  "amount bounds: above RM1,000,000",
                  { amount: "1000000.01" },
                  /^amount: must be between RM10\.00 and RM1000000\.00/,
                ],
                [
                  "amount in sen: no fraction of a sen",
                  { amount: "10.001" },
                  /^amount: must not contain a fraction of a sen/,
                ],
                [
                  "reference: at most 20",
                  { reference: "r".repeat(21) },
                  /^Invalid request: Value for field 'reference' too big, expected at most: '20'$/,
                ],
                [
                  "reference: not empty",
                  { reference: "   " },
                  /^Invalid request: Value for field 'reference' too small, expected at least: '1'$/,
                ],
                [
                  "bank_account_id: a UUID",
                  { bank_account_id: "acct-1" },
                  /^Invalid request: bank_account_id: must be the id of a linked bank account/,
                ],
                [
                  "no unknown fields",
                  { bank_code: "MBBEMYKL" },
                  /^Invalid request: Unrecognized fields: 'bank_code'$/,
                ],
              ],
              withdraw
            ),
            [
              "a bank account not linked to the svc account",
              () =>
                refused(
                  withdraw({ bank_account_id: randomUUID() }),
                  /^bank_account_id: .* is not an active bank account linked/,
                  "reads only"
                ),
            ],
            [
              "individual account: at most RM300,000 per request",
              async () => {
                sb().setAccountType("INDIVIDUAL")
                sb().setWalletBalance(400_000_00)
                try {
                  await refused(
                    withdraw({ amount: "300000.01" }),
                    /^amount: an individual svc account can withdraw at most RM300000\.00 per request/,
                    "reads only"
                  )
                } finally {
                  sb().setAccountType("BUSINESS")
                }
              },
            ],
          ]))

        const sender = "0x1111111111111111111111111111111111111111"
        it("admin tools' forms: token transfer amount bounds, reference ≤ 32, ids; allowed sender label 1-120 and address", () =>
          table(
            (
              [
                [
                  "token transfer amount bounds: below RM10",
                  "/admin/svc/token-transfers",
                  { amount: "9.99" },
                  /^amount: must be between RM10\.00 and RM1000000\.00/,
                ],
                [
                  "token transfer amount bounds: above RM1,000,000",
                  "/admin/svc/token-transfers",
                  { amount: "1000000.01" },
                  /^amount: must be between RM10\.00 and RM1000000\.00/,
                ],
                [
                  "token transfer reference: at most 32",
                  "/admin/svc/token-transfers",
                  { reference: "r".repeat(33) },
                  /^Invalid request: Value for field 'reference' too big, expected at most: '32'$/,
                ],
                [
                  "token transfer request_id: a UUID",
                  "/admin/svc/token-transfers",
                  { request_id: "1" },
                  /^Invalid request: request_id: must be a UUID/,
                ],
                [
                  "token transfer token_id: a UUID",
                  "/admin/svc/token-transfers",
                  { token_id: "MYRC" },
                  /^Invalid request: token_id: must be a token id/,
                ],
                [
                  "allowed sender label: 1-120",
                  `/admin/svc/bank-accounts/${randomUUID()}/allowed-senders`,
                  { address: sender, label: "l".repeat(121) },
                  /^Invalid request: Value for field 'label' too big, expected at most: '120'$/,
                ],
                [
                  "allowed sender label: not only spaces",
                  `/admin/svc/bank-accounts/${randomUUID()}/allowed-senders`,
                  { address: sender, label: "   " },
                  /^Invalid request: Value for field 'label' too small, expected at least: '1'$/,
                ],
                [
                  "allowed sender address: an EVM address",
                  `/admin/svc/beneficiaries/${randomUUID()}/allowed-senders`,
                  { address: "0x12" },
                  /^Invalid request: address: must be an EVM address/,
                ],
              ] as [string, string, Record<string, unknown>, RegExp][]
            ).map(
              ([name, url, over, message]): [string, () => Promise<void>] => [
                name,
                () => {
                  const body = url.endsWith("token-transfers")
                    ? {
                        request_id: randomUUID(),
                        network_id: "net",
                        token_id: randomUUID(),
                        address_to: sender,
                        amount: "20.00",
                        ...over,
                      }
                    : over
                  return refused(
                    () => api.post(url, body, adminHeaders),
                    message
                  )
                },
              ]
            )
          ))

        it('hostile amounts ("1e-1000000", "1e-50000", a 60 kB "0.000…01", 1 MB of digits) on every money route: refused at once by field, nothing sent, /health keeps its usual time', async () => {
          // "1e-50000" once took 4.5-8 s (the exponent became 50,000 zeros, trimmed in
          // quadratic time) and /health waited as long. Times are ratios to a baseline of the same run.
          const url = svc.ref.medusaUrl
          const post = async (path: string, body: unknown) => {
            const t = performance.now()
            const res = await fetch(`${url}${path}`, {
              method: "POST",
              headers: {
                ...adminHeaders.headers,
                "content-type": "application/json",
              },
              body: JSON.stringify(body),
            })
            const text = await res.text()
            recorder.add(`POST ${path} → ${res.status}`, text)
            return {
              status: res.status,
              message: (() => {
                try {
                  return String(JSON.parse(text).message ?? "")
                } catch {
                  return text.slice(0, 200)
                }
              })(),
              ms: performance.now() - t,
            }
          }
          const health = async () => {
            const t = performance.now()
            const res = await fetch(`${url}/health`)
            await res.text()
            expect(res.status).toBe(200)
            return performance.now() - t
          }
          const median = (xs: number[]) =>
            [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
          const routes: [string, Record<string, unknown>][] = [
            [
              "/admin/svc/withdrawals",
              { bank_account_id: bankAccountId, amount: "20.00" },
            ],
            [
              "/admin/svc/refunds",
              { payment_id: paymentId, amount: "20.00", beneficiary: toBank },
            ],
            [
              "/admin/svc/token-transfers",
              {
                request_id: randomUUID(),
                network_id: "net",
                token_id: randomUUID(),
                address_to: sender,
                amount: "20.00",
              },
            ],
          ]
          const hostile: [string, string, number, RegExp][] = [
            [
              "1e-1000000",
              "1e-1000000",
              400,
              /^amount: must not have an exponent beyond ±12/,
            ],
            [
              "1e-50000",
              "1e-50000",
              400,
              /^amount: must not have an exponent beyond ±12/,
            ],
            [
              "60 kB 0.000…01",
              `0.${"0".repeat(60_000)}1`,
              400,
              /^amount: must be at most 32 characters/,
            ],
            ["1 MB of digits", "9".repeat(1_000_000), 413, /[\s\S]*/],
          ]
          /** One request with `amount` to `path`; /health is asked while it is in flight, and just after. */
          const attack = async (
            path: string,
            body: Record<string, unknown>,
            amount: string
          ) => {
            const pending = post(path, { ...body, amount })
            const h = await Promise.all([health(), health(), health()])
            const r = await pending
            h.push(await health())
            return { ...r, health: h }
          }
          // warm up; then each hostile request right after an ordinary bad one ("10.005", refused for its
          // fraction of a sen on every route) to the same route, the same pattern: the ordinary ones are
          // the baseline, under the same load
          for (let i = 0; i < 5; i++) await health()
          for (const [path, body] of routes) await attack(path, body, "10.005")
          const basePost: number[] = []
          const baseHealth: number[] = []
          const before = await stored()
          await resetStats(svc.ref.sandbox.url)
          const hostileRuns: {
            path: string
            name: string
            ms: number
            health: number[]
          }[] = []
          const duringHealth: number[] = []
          for (const [path, body] of routes) {
            for (const [name, amount, status, message] of hostile) {
              const base = await attack(path, body, "10.005")
              expect(base.status).toBe(400)
              basePost.push(base.ms)
              baseHealth.push(...base.health)
              const r = await attack(path, body, amount)
              duringHealth.push(...r.health)
              expect([path, name, r.status]).toEqual([path, name, status])
              expect(r.message).toMatch(message)
              hostileRuns.push({
                path,
                name: `${name}: ${r.status}`,
                ms: r.ms,
                health: r.health,
              })
            }
          }
          const ratios = hostileRuns.map((r) => r.ms / median(basePost))
          const rows = hostileRuns.map(
            (r, i) =>
              `${r.path} ${r.name} in ${ratios[i]!.toFixed(1)}× an ordinary refused amount; /health median ${(median(r.health) / median(baseHealth)).toFixed(1)}× its baseline`
          )
          const healthRatio = median(duringHealth) / median(baseHealth)
          console.log(
            `security: hostile amounts: baseline (an ordinary refused amount in flight): request median ${median(basePost).toFixed(1)} ms, /health median ${median(baseHealth).toFixed(1)} ms; ` +
              `during the hostile ones /health median ${healthRatio.toFixed(2)}× baseline, slowest request ${Math.max(...ratios).toFixed(1)}×\n${rows.join("\n")}`
          )
          // linear and bounded: a hostile amount costs about what a short bad amount costs (the 1 MB body
          // is refused by its length before it is parsed). Before the fix "1e-50000" took 4.5-8 s (~250×) and
          // "1e-1000000" minutes. The bounds leave room for a shared 2-core machine's jitter.
          expect(Math.max(...ratios)).toBeLessThan(50)
          expect(healthRatio).toBeLessThan(5)
          const stats = await readStats(svc.ref.sandbox.url)
          expect(stats.total).toBe(0)
          expect(await stored()).toEqual(before)
        })

        it("cross-site form posts (form-urlencoded, text/plain, multipart) to the money routes with a valid admin credential: 415 before anything is read, nothing sent", async () => {
          // A cross-site form with the admin's cookie reached field validation; with valid
          // values it would have moved money. An HTML form cannot send application/json.
          const bodies: [string, string][] = [
            [
              "/admin/svc/withdrawals",
              `bank_account_id=${bankAccountId}&amount=20.00`,
            ],
            [
              "/admin/svc/refunds",
              `payment_id=${paymentId}&amount=20.00&beneficiary[name]=Siti&beneficiary[bank_code]=MBBEMYKL&beneficiary[account_number]=5512345678`,
            ],
            [
              "/admin/svc/token-transfers",
              `request_id=${randomUUID()}&network_id=net&token_id=${randomUUID()}&address_to=${sender}&amount=20.00`,
            ],
            [
              "/admin/svc/beneficiaries",
              "name=Mallory&bank_code=MBBEMYKL&account_number=5512345678",
            ],
            [
              `/admin/svc/bank-accounts/${bankAccountId}/allowed-senders`,
              `address=${sender}`,
            ],
          ]
          const before = await stored()
          await resetStats(svc.ref.sandbox.url)
          const seen: string[] = []
          for (const [path, form] of bodies) {
            const json = JSON.stringify(
              Object.fromEntries(new URLSearchParams(form))
            )
            for (const [ct, body] of [
              ["application/x-www-form-urlencoded", form],
              ["text/plain", json],
              ["text/plain;charset=UTF-8", form],
              [
                "multipart/form-data; boundary=x",
                `--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n20.00\r\n--x--\r\n`,
              ],
              [undefined, undefined],
            ] as [string | undefined, string | undefined][]) {
              const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
                method: "POST",
                headers: {
                  ...adminHeaders.headers,
                  ...(ct ? { "content-type": ct } : {}),
                },
                body,
              })
              const text = await res.text()
              recorder.add(`POST ${path} (${ct}) → ${res.status}`, text)
              seen.push(
                `${path} ${ct ?? "no body"}: ${res.status} ${res.status === 415 ? JSON.parse(text).message.split(";")[0] : text.slice(0, 120)}`
              )
            }
          }
          console.log(`security: cross-site form posts:\n${seen.join("\n")}`)
          expect(
            seen.filter(
              (l) => !/: 415 Content-Type: must be application\/json/.test(l)
            )
          ).toEqual([])
          expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
          expect(await stored()).toEqual(before)
          // the same route with JSON still reaches its field rules
          await refused(
            withdraw({ amount: "9.99" }),
            /^amount: must be between/
          )
          // JSON that is not an object (an array, null, a number) is named as the body, before the route reads it
          const notObjects: string[] = []
          for (const [path] of bodies) {
            for (const body of ["[]", `[{"amount":"20.00"}]`]) {
              const res = await fetch(`${svc.ref.medusaUrl}${path}`, {
                method: "POST",
                headers: {
                  ...adminHeaders.headers,
                  "content-type": "application/json",
                },
                body,
              })
              const text = await res.text()
              notObjects.push(
                `${path} ${body}: ${res.status} ${text.slice(0, 160)}`
              )
              expect([
                path,
                body,
                res.status,
                JSON.parse(text).message,
              ]).toEqual([
                path,
                body,
                400,
                expect.stringMatching(
                  /^Invalid request: the body must be a JSON object \(got an array\)$/
                ),
              ])
            }
          }
          console.log(
            `security: JSON bodies that are not objects:\n${notObjects.join("\n")}`
          )
          expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
          expect(await stored()).toEqual(before)
        })

        it("admin lists: limit 1-200 (1-100 for svc's pages), order_id, attention", () =>
          table(
            (
              [
                [
                  "/admin/svc/payouts?limit=0",
                  /^Invalid request: Value for field 'limit' too small, expected at least: '1'$/,
                ],
                [
                  "/admin/svc/payouts?limit=201",
                  /^Invalid request: Value for field 'limit' too big, expected at most: '200'$/,
                ],
                [
                  "/admin/svc/withdrawals?limit=1.5",
                  /^Invalid request: Expected type: 'int' for field 'limit', got: '1.5'$/,
                ],
                [
                  "/admin/svc/payouts?order_id=1%27%20or%201=1",
                  /^Invalid request: order_id: must be an order id/,
                ],
                [
                  "/admin/svc/checkouts?attention=yes",
                  /^Invalid request: Expected: 'true, false' for field 'attention', but got: 'yes'$/,
                ],
                [
                  "/admin/svc/bank-accounts?limit=101",
                  /^Invalid request: Value for field 'limit' too big, expected at most: '100'$/,
                ],
                [
                  "/admin/svc/bank-accounts?limit=0",
                  /^Invalid request: Value for field 'limit' too small, expected at least: '1'$/,
                ],
              ] as [string, RegExp][]
            ).map(([url, message]): [string, () => Promise<void>] => [
              url,
              () => refused(() => api.get(url, adminHeaders), message),
            ])
          ))
      })
    })

    // ------------------------------------------------------------------ storefront data
    describe("storefront session data cannot change amount, type, fee mode, address, token or redirect", () => {
      const attack = (victim: { sessionId: string; checkoutId: string }) => ({
        amount: 1000,
        amountSen: 1000,
        type: "SVC_ACCOUNT",
        feeMode: "CHARGE_TO_PREFUND",
        addressTo: "0x000000000000000000000000000000000000dEaD",
        tokenId: randomUUID(),
        redirectUrl: "https://evil.example/steal",
        checkoutUrl: "https://evil.example/pay",
        title: `Order ${victim.sessionId} #1 000000000000`,
        description: "free",
        session_id: victim.sessionId,
        checkoutId: victim.checkoutId,
        idempotencyKey: randomUUID(),
        attempt: 7,
        svcStatus: "COMPLETED",
      })

      it.each([
        ["FPX hosted", SVC_PROVIDERS.fpx, "FPX_HOSTED", {}],
        [
          "FPX direct",
          SVC_PROVIDERS.fpxDirect,
          "FPX_DIRECT",
          { bank: "MBB0228", bankType: "RETAIL", buyerName: "Siti Aminah" },
        ],
        ["svc wallet", SVC_PROVIDERS.wallet, "SVC_ACCOUNT", {}],
      ])(
        "%s: the checkout at svc has the server's values, whatever the storefront sends",
        async (_n, providerId, type, extra) => {
          // another shopper's session, whose ids the attacker puts in its own data
          const v = await createCart(api, store)
          const victim = await sessionOnCart(api, store, v, SVC_PROVIDERS.fpx)
          const { cartId, paymentCollectionId } = await createCart(api, store)
          const s = await initiateSession(
            api,
            store,
            paymentCollectionId,
            providerId,
            {
              ...attack({
                sessionId: victim.id,
                checkoutId: victim.data.checkoutId,
              }),
              ...extra,
              cart_id: cartId,
            }
          )
          const state = sb().state() as any
          const c = state.checkouts[s.data.checkoutId] // the record svc keeps, with feeMode and buyer fields
          const tokens = state.networks.flatMap((n: any) =>
            n.tokens.map((t: any) => t.id)
          )
          expect(s.data.checkoutId).not.toBe(victim.data.checkoutId)
          expect(c.type).toBe(type)
          expect(String(c.amount)).toBe("12050")
          expect(c.feeMode ?? null).toBe(
            type === "SVC_ACCOUNT" ? null : "DEDUCT_FROM_AMOUNT"
          )
          expect(c.addressTo.toLowerCase()).toBe(
            state.wallet.evmAddress.toLowerCase()
          )
          expect(tokens).toContain(c.tokenId)
          expect(c.redirectUrl).toBe(
            `http://localhost:8000/checkout/return?cart_id=${cartId}`
          )
          expect(c.title).toMatch(
            /^Order [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/
          )
          expect(c.title).toBe(s.data.title)
          expect(c.title).not.toBe(victim.data.title)
          expect(c.description ?? null).toBeNull()
          if (type === "FPX_DIRECT")
            expect([
              c.bank,
              c.bankType === "01" ? "RETAIL" : c.bankType,
              c.buyerName,
            ]).toEqual(["MBB0228", "RETAIL", "Siti Aminah"])
          // what the store keeps and shows is the server's as well
          expect(s.data).toMatchObject({
            session_id: s.id,
            amountSen: 12050,
            type,
            attempt: 1,
            svcStatus: "CREATED",
            checkoutId: c.checkoutId,
            addressTo: c.addressTo,
            tokenId: c.tokenId,
          })
          expect(s.data.checkoutUrl).toMatch(
            new RegExp(`^${svc.ref.sandbox.url}/`)
          )
          expect(s.data.idempotencyKey).not.toBe(
            attack({ sessionId: "", checkoutId: "" }).idempotencyKey
          )
        }
      )

      it("a session updated with a changed amount makes a new checkout with the server's amount; storefront data cannot lower it", async () => {
        const { cartId, session: s } = await cartWithSession(
          api,
          store,
          SVC_PROVIDERS.fpx
        )
        const paymentModule = container().resolve(Modules.PAYMENT) as any
        const updated = await paymentModule.updatePaymentSession({
          id: s.id,
          amount: 130.5,
          currency_code: "myr",
          data: {
            ...s.data,
            amount: 10,
            amountSen: 1000,
            addressTo: "0x000000000000000000000000000000000000dEaD",
            redirectUrl: "https://evil.example/",
          },
        })
        expect(updated.data.checkoutId).not.toBe(s.data.checkoutId)
        const c = sb().getCheckout(updated.data.checkoutId) as any
        expect(c.amount).toBe("13050")
        expect(c.redirectUrl).toBe(
          `http://localhost:8000/checkout/return?cart_id=${cartId}`
        )
        expect(c.addressTo.toLowerCase()).toBe(
          (sb().state() as any).wallet.evmAddress.toLowerCase()
        )
      })
    })

    // ------------------------------------------------------------------ store routes
    describe("store routes never reveal another cart's payment data or a secret", () => {
      it("a cart's payment sessions hold only its own checkout; another cart's id shows nothing of it", async () => {
        const a = await createCart(api, store)
        const sa = await initiateSession(
          api,
          store,
          a.paymentCollectionId,
          SVC_PROVIDERS.fpxDirect,
          {
            cart_id: a.cartId,
            bank: "MBB0228",
            bankType: "RETAIL",
            buyerName: "Siti Aminah",
          }
        )
        const b = await createCart(api, store)
        const sbs = await sessionOnCart(api, store, b, SVC_PROVIDERS.wallet)
        const fields =
          "*payment_collection,*payment_collection.payment_sessions"
        const { data: cartB } = await api.get(
          `/store/carts/${b.cartId}?fields=${encodeURIComponent(fields)}`,
          store.headers
        )
        const textB = JSON.stringify(cartB)
        for (const own of [
          sa.id,
          sa.data.checkoutId,
          sa.data.checkoutUrl,
          sa.data.idempotencyKey,
          a.cartId,
          "Siti Aminah",
        ])
          expect(textB).not.toContain(own)
        expect(
          cartB.cart.payment_collection.payment_sessions.map((s: any) => s.id)
        ).toEqual([sbs.id])
        // what the providers put in `data`: the checkout's public fields, nothing else
        const allowed = [
          "session_id",
          "type",
          "attempt",
          "idempotencyKey",
          "title",
          "amountSen",
          "tokenId",
          "addressTo",
          "checkoutId",
          "checkoutUrl",
          "expiresAt",
          "svcStatus",
          "failureReason",
          "paidAt",
          "txHash",
          "bank",
          "bankType",
          "buyerName",
          "cart_id",
        ]
        for (const d of [sa.data, sbs.data])
          expect(Object.keys(d).filter((k) => !allowed.includes(k))).toEqual([])
        // the fpx-banks route carries no key material
        const { data: banks } = await api.get(
          "/store/svc/fpx-banks?include_inactive=true",
          store.headers
        )
        expect(JSON.stringify(banks)).not.toMatch(
          /svc_pk_|PRIVATE KEY|apiKey|keyId/
        )
      })

      it("without a publishable key the plugin's store route answers 400 and no data", async () => {
        const res = await api
          .get("/store/svc/fpx-banks")
          .catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect(res.data.retail).toBeUndefined()
      })
    })

    // ------------------------------------------------------------------ admin routes
    describe("every plugin admin route refuses callers who are not admins", () => {
      it("lists the routes at test time (routes added later are covered too)", () => {
        const routes = adminRoutes()
        expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
          expect.arrayContaining([
            "GET /admin/svc/checkouts",
            "GET /admin/svc/payouts",
            "POST /admin/svc/refunds",
            "GET /admin/svc/wallet",
            "POST /admin/svc/withdrawals",
            "GET /admin/svc/withdrawals",
            "GET /admin/svc/payout-banks",
          ])
        )
      })

      it("every method of every route: 401 and no data without a session, with a publishable key only, with a customer's token, with a forged token", async () => {
        // a signed-in customer (made here: the runner restores the database before every test)
        const email = `shopper-${randomUUID()}@example.my`
        const password = randomBytes(12).toString("base64url")
        const reg = await api.post("/auth/customer/emailpass/register", {
          email,
          password,
        })
        await api.post(
          "/store/customers",
          { email, first_name: "Ali" },
          {
            headers: {
              ...store.headers.headers,
              authorization: `Bearer ${reg.data.token}`,
            },
          }
        )
        const customerToken = (
          await api.post("/auth/customer/emailpass", { email, password })
        ).data.token as string
        expect(
          (
            await api.get("/store/customers/me", {
              headers: {
                ...store.headers.headers,
                authorization: `Bearer ${customerToken}`,
              },
            })
          ).status
        ).toBe(200)
        const callers: [string, Record<string, string>][] = [
          ["nobody", {}],
          [
            "publishable key",
            { "x-publishable-api-key": store.publishableKey },
          ],
          ["customer token", { authorization: `Bearer ${customerToken}` }],
          [
            "customer token and publishable key",
            {
              authorization: `Bearer ${customerToken}`,
              "x-publishable-api-key": store.publishableKey,
            },
          ],
          [
            "a forged token",
            {
              authorization: `Bearer ${customerToken.split(".").slice(0, 2).join(".")}.${randomBytes(32).toString("base64url")}`,
            },
          ],
        ]
        await resetStats(svc.ref.sandbox.url)
        const seen: string[] = []
        for (const r of adminRoutes()) {
          for (const [who, headers] of callers) {
            const body =
              r.method === "GET" || r.method === "DELETE"
                ? undefined
                : JSON.stringify({ payment_id: "pay_x", amount: "10" })
            const res = await fetch(`${svc.ref.medusaUrl}${r.path}`, {
              method: r.method,
              headers: { "content-type": "application/json", ...headers },
              body,
            })
            const text = await res.text()
            recorder.add(
              `${r.method} ${r.path} as ${who} → ${res.status}`,
              text
            )
            let keys: string[] = []
            try {
              keys = Object.keys(JSON.parse(text))
            } catch {
              keys = ["(not JSON)"]
            }
            const ok =
              res.status === 401 &&
              keys.every((k) => k === "message" || k === "type")
            seen.push(
              `${r.method} ${r.path} as ${who}: ${res.status}${ok ? "" : ` ${text.slice(0, 200)}`}`
            )
          }
        }
        expect(seen.filter((l) => !/: 401$/.test(l))).toEqual([])
        expect(seen.length).toBe(adminRoutes().length * callers.length)
        expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
      })
    })

    // ------------------------------------------------------------------ forged webhooks
    describe("forged and replayed webhooks authorize and capture nothing; the server keeps answering", () => {
      let other: Sandbox
      beforeAll(async () => {
        other = await startSandbox({ rateLimits: false, logErrors: false })
      })
      afterAll(async () => {
        await other?.close()
      })

      /** A shopper's waiting session: a cart, a wallet session, its checkout at svc (unpaid). */
      async function waitingSession() {
        const { cartId, session: s } = await cartWithSession(
          api,
          store,
          SVC_PROVIDERS.wallet
        )
        return { cartId, session: s, checkoutId: s.data.checkoutId as string }
      }

      async function nothingMoved(act: () => Promise<void>) {
        const before = await stored()
        const checkouts = sandboxCheckouts()
        await resetStats(svc.ref.sandbox.url)
        await act()
        expect(writes(await readStats(svc.ref.sandbox.url))).toEqual([])
        expect(sandboxCheckouts()).toEqual(checkouts)
        // the event log grows by one row per body and a checkout's row notes the status read: the rest is unchanged
        const money = (st: Record<string, any>) => ({
          ...st,
          svc_checkout: undefined,
          svc_tables: st.svc_tables.filter(
            ([t]: [string]) => t !== "svc_webhook_event" && t !== "svc_checkout"
          ),
        })
        expect(money(await stored())).toEqual(money(before))
        await stillAnswers()
      }

      it.each(HOOKS.map((h) => [hookName(h), h]))(
        "%s: unknown checkout id, COMPLETED for an unpaid checkout, changed amount and token: nothing captured",
        async (_name, hook) => {
          const w = await waitingSession()
          await nothingMoved(async () => {
            const bodies = [
              forged(randomUUID()),
              forged(w.checkoutId),
              forged(w.checkoutId, {
                amount: "1000",
                tokenId: randomUUID(),
                addressTo: "0x000000000000000000000000000000000000dEaD",
              }),
              { ...forged(w.checkoutId), type: "checkout.completed" },
              forged("../../v1/payouts"),
            ]
            for (const b of bodies)
              expect((await raw(hook, JSON.stringify(b))).status).toBe(200)
            const known = bodies.filter((b) => b.type === "checkout.updated")
            const outcomes = await Promise.all(
              known.map((b) => outcomeOf(b.id))
            )
            expect(outcomes[0]).toBe("unknown_checkout")
            for (const o of outcomes.slice(1, 3))
              expect(["pending", "ignored", "open_status_noted"]).toContain(o)
            expect(outcomes.slice(3)).toEqual(["not_supported"])
            // a type svc does not send: counted per type, not stored as an event
            await waitFor(
              async () => (await unknownTypes())["checkout.completed"] === 1,
              "the unknown type counted"
            )
            expect(
              await knex()
                .raw(
                  "select count(*)::int as n from svc_webhook_event where event_type = 'checkout.completed'"
                )
                .then((r: any) => r.rows[0].n)
            ).toBe(0)
          })
          expect(sb().getCheckout(w.checkoutId).status).toBe("CREATED")
          const order = await orderOfCart(container(), w.cartId)
          expect(order).toBeUndefined()
        }
      )

      it("another svc account's paid checkout (same title, same amount) sent to both URLs: not ours, nothing read, nothing captured", async () => {
        const w = await waitingSession()
        const st = other.control.state() as any
        const net = st.networks.find((n: any) => n.active && n.type === "EVM")
        const client = new SvcClient({
          baseUrl: other.url,
          apiKey: other.credentials.apiKey,
          keyId: other.credentials.keyId,
          privateKey: other.credentials.privateKeyPem,
          algorithm: other.credentials.algorithm,
          maxRetries: 0,
        } as any)
        const theirs = await client.checkout.create({
          type: "SVC_ACCOUNT",
          addressTo: st.wallet.evmAddress,
          amount: 12050,
          tokenId: net.tokens[0].id,
          redirectUrl: "https://attacker.example/return",
          title: w.session.data.title,
        } as any)
        other.control.pay(theirs.checkoutId)
        expect(other.control.getCheckout(theirs.checkoutId).status).toBe(
          "COMPLETED"
        )
        await nothingMoved(async () => {
          for (const hook of HOOKS) {
            const b = forged(theirs.checkoutId)
            expect((await raw(hook, JSON.stringify(b))).status).toBe(200)
            expect(await outcomeOf(b.id)).toBe("unknown_checkout")
          }
          // not even read: the id is not in this store's ledger (the job, if it ticks now, may list)
          expect(
            (await readStats(svc.ref.sandbox.url)).byRoute[
              "GET /v1/checkout/{id}"
            ] ?? 0
          ).toBe(0)
        })
        const s = await (
          container().resolve(Modules.PAYMENT) as any
        ).retrievePaymentSession(w.session.id)
        expect(s.status).toBe("pending")
      })

      it("a stale checkout of the same session (replaced by a new amount), forged as paid and then really paid: never captured, flagged for a refund", async () => {
        const w = await waitingSession()
        const paymentModule = container().resolve(Modules.PAYMENT) as any
        const updated = await paymentModule.updatePaymentSession({
          id: w.session.id,
          amount: 130.5,
          currency_code: "myr",
          data: w.session.data,
        })
        expect(updated.data.checkoutId).not.toBe(w.checkoutId)
        await nothingMoved(async () => {
          const b = forged(w.checkoutId)
          await raw(HOOK, JSON.stringify(b))
          expect(["pending", "ignored", "open_status_noted"]).toContain(
            await outcomeOf(b.id)
          )
        })
        // the shopper pays the old link after all: svc's real webhook, re-read, is not the session's current checkout
        const before = await stored()
        sb().pay(w.checkoutId)
        await sb().flushWebhooks()
        const svcModule = container().resolve(SVC_MODULE) as any
        const row = await waitFor(async () => {
          const [r] = await svcModule.listSvcCheckouts(
            { checkout_id: w.checkoutId },
            { take: 1 }
          )
          return r?.attention ? r : undefined
        }, "the stale paid checkout flagged")
        expect(row.attention).toBe("refund_required")
        const after = await stored()
        expect([after.payments, after.captures]).toEqual([
          before.payments,
          before.captures,
        ])
        expect(
          (await paymentModule.retrievePaymentSession(w.session.id)).status
        ).toBe("pending")
      })

      it("replayed real bodies, a 5 MB body, malformed JSON, a wrong content type: nothing moves, the server keeps answering", async () => {
        // one real payment, settled by svc's own webhook: the baseline
        const paid = await waitingSession()
        sb().pay(paid.checkoutId)
        await sb().flushWebhooks()
        const order = await capturedOrder(container(), paid.cartId)
        const real = sb()
          .webhookLog()
          .filter(
            (a) => (a.payload.data as any)?.checkoutId === paid.checkoutId
          )
          .map((a) => a.payload)
        expect(real.length).toBeGreaterThan(0)
        const w = await waitingSession()
        // all of the paid checkout's own events processed before counting
        await waitFor(
          async () =>
            Number(
              (
                await knex().raw(
                  "select count(*)::int as n from svc_webhook_event where outcome = 'received'"
                )
              ).rows[0].n
            ) === 0,
          "svc's own events processed"
        )
        const processedEvents = async () =>
          Number(
            (
              await knex().raw(
                "select count(*)::int as n from svc_webhook_event where outcome <> 'received'"
              )
            ).rows[0].n
          )
        const processedBefore = await processedEvents()
        const acceptedFrom = hooksAccepted
        const accepted = () => hooksAccepted - acceptedFrom
        await nothingMoved(async () => {
          for (const hook of HOOKS) {
            // replays of svc's real events: the settled checkout costs nothing, twice over
            for (const ev of [...real, ...real])
              expect((await raw(hook, JSON.stringify(ev))).status).toBe(200)
            // a real event of the paid checkout re-pointed at a waiting one, with the real event id
            const moved = {
              ...real[real.length - 1],
              data: {
                ...(real[real.length - 1].data as any),
                checkoutId: w.checkoutId,
              },
            }
            expect((await raw(hook, JSON.stringify(moved))).status).toBe(200)
            const big = JSON.stringify({
              ...forged(w.checkoutId),
              padding: "x".repeat(5 * 1024 * 1024),
            })
            expect((await raw(hook, big)).status).toBe(413)
            for (const bad of [
              '{"type":"checkout.updated","data":{"checkoutId":',
              "[1,2,3]",
              "null",
              '"COMPLETED"',
            ]) {
              const r = await raw(hook, bad)
              expect([
                bad,
                r.status >= 400 && r.status < 500 ? "4xx" : r.status,
              ]).toEqual([bad, hook === HOOK ? "4xx" : expect.anything()])
            }
            for (const ct of [
              "text/plain",
              "application/x-www-form-urlencoded",
              "application/octet-stream",
            ]) {
              const r = await raw(
                hook,
                JSON.stringify(forged(w.checkoutId)),
                ct
              )
              expect([ct, r.status < 500]).toEqual([ct, true])
            }
          }
          // every body a URL took (200) becomes one event the plugin's subscriber records with its
          // outcome; Medusa's route hands them on 5 s later: wait until all are processed
          const taken = accepted()
          await waitFor(
            async () => (await processedEvents()) >= processedBefore + taken,
            `${taken} accepted webhook bodies processed`,
            60_000
          )
        })
        const final = await orderOfCart(container(), paid.cartId)
        expect(final.id).toBe(order.id)
        expect(final.payment_collections[0].payments).toHaveLength(1)
        expect(final.payment_collections[0].payments[0].captures).toHaveLength(
          1
        )
        expect(
          Number(final.payment_collections[0].payments[0].captures[0].amount)
        ).toBe(120.5)
        expect(sb().getCheckout(w.checkoutId).status).toBe("CREATED")
        expect(await orderOfCart(container(), w.cartId)).toBeUndefined()
      })

      it("a flood of forged COMPLETED events for one waiting checkout: nothing captured, the server answers, svc read at most once per 2 s (the account's rate budget is not spent by strangers)", async () => {
        const w = await waitingSession()
        const n = 40
        await nothingMoved(async () => {
          const bodies = Array.from({ length: n }, () => forged(w.checkoutId))
          const t0 = Date.now()
          for (let i = 0; i < n; i += 10) {
            const batch = bodies.slice(i, i + 10)
            const res = await Promise.all(
              batch.map((b) => raw(HOOK, JSON.stringify(b)))
            )
            expect(res.map((r) => r.status)).toEqual(batch.map(() => 200))
          }
          for (const b of bodies)
            expect(["pending", "open_status_noted", "ignored"]).toContain(
              await outcomeOf(b.id)
            )
          const took = Date.now() - t0
          const reads =
            (await readStats(svc.ref.sandbox.url)).byRoute[
              "GET /v1/checkout/{id}"
            ] ?? 0
          // Settlements of one checkout from webhooks start at least 2 s apart (src/api/hooks/svc/spacing.ts):
          // a flood at the public URL spends one svc read per 2 s, not one per forged body.
          console.log(
            `security: ${n} forged COMPLETED events for one waiting checkout in ${took} ms cost ${reads} svc reads`
          )
          expect(reads).toBeGreaterThan(0)
          expect(reads).toBeLessThanOrEqual(Math.ceil(took / 2000) + 1)
          expect(reads).toBeLessThan(n / 4)
        })
        expect(sb().getCheckout(w.checkoutId).status).toBe("CREATED")
      })

      it("a flood of forged events with invented ids (checkouts, payouts, withdrawals, deposits, top-ups, unknown types): 0 svc calls for ids the store never made, deposit and prefund reads within their capped share; a shopper's payment session succeeds during and after", async () => {
        // 60 forged deposit/prefund events made 60 svc calls, and after 110-120 a shopper's
        // session failed with 500 "too many requests". Counted with the sandbox's own call stats.
        const ev = (type: string, data: Record<string, unknown>) => ({
          id: `evt_forged_${randomUUID()}`,
          type,
          createdAt: new Date().toISOString(),
          data,
        })
        const invented = [
          ...Array.from({ length: 60 }, () =>
            ev("checkout.updated", {
              checkoutId: randomUUID(),
              status: "COMPLETED",
            })
          ),
          ...Array.from({ length: 60 }, () =>
            ev("payout.updated", { payoutId: randomUUID(), status: "SETTLED" })
          ),
          ...Array.from({ length: 60 }, () =>
            ev("wallet.withdrawal.updated", {
              id: randomUUID(),
              status: "COMPLETED",
            })
          ),
        ]
        const unknown = Array.from({ length: 40 }, (_, i) =>
          ev(`forged.type.${i % 25}<img src=x>`, { padding: "y".repeat(2000) })
        )
        const background = [
          ...Array.from({ length: 60 }, () =>
            ev("wallet.deposit.updated", {
              id: randomUUID(),
              status: "COMPLETED",
            })
          ),
          ...Array.from({ length: 20 }, () =>
            ev("payout.prefund_completed", {
              amount: "100000",
              status: "COMPLETED",
            })
          ),
        ]
        // interleaved, deterministically
        const all = [...invented, ...unknown, ...background]
          .map((b, i) => [((i * 7919) % 1009) + i / 1e6, b] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, b]) => b)
        const newSession = async () => {
          const { cartId, paymentCollectionId } = await createCart(api, store)
          return sessionOnCart(
            api,
            store,
            { cartId, paymentCollectionId },
            SVC_PROVIDERS.wallet
          )
        }
        await resetStats(svc.ref.sandbox.url)
        const t0 = Date.now()
        const flood = (async () => {
          for (let i = 0; i < all.length; i += 20) {
            const res = await Promise.all(
              all.slice(i, i + 20).map((b) => raw(HOOK, JSON.stringify(b)))
            )
            expect(res.map((r) => r.status)).toEqual(res.map(() => 200))
          }
        })()
        const [, during] = await Promise.all([
          flood,
          (async () => (
            await new Promise((r) => setTimeout(r, 300)),
            newSession()
          ))(),
        ])
        expect(during.data.checkoutId).toEqual(expect.any(String))
        const n = async (sql: string) =>
          Number((await knex().raw(sql)).rows[0].n)
        await waitFor(
          async () =>
            (await n(
              "select count(*)::int as n from svc_webhook_event where event_id like 'evt\\_forged\\_%' and outcome <> 'received'"
            )) >= invented.length,
          "every forged checkout, payout and withdrawal event handled",
          60_000
        )
        await waitFor(
          async () =>
            (await n(
              "select count(*)::int as n from svc_inbox_event where event_id like 'evt\\_forged\\_%' and outcome <> 'received'"
            )) >= background.length,
          "every forged deposit and top-up event handled",
          60_000
        )
        await waitFor(
          async () =>
            Object.values(await unknownTypes()).reduce((a, b) => a + b, 0) ===
            unknown.length,
          "every unknown-type event counted",
          60_000
        )
        const took = Date.now() - t0
        const after = await newSession()
        expect(after.data.checkoutId).toEqual(expect.any(String))
        const stats = await readStats(svc.ref.sandbox.url)
        const calls = (re: RegExp) =>
          Object.entries(stats.byRoute)
            .filter(([r]) => re.test(r))
            .reduce((k, [, c]) => k + (c as number), 0)
        const forInvented = calls(
          /^GET \/v1\/(checkout|payouts|wallet\/fiat\/withdrawals)\/\{id\}$/
        )
        const depositReads = calls(
          /^GET \/v1\/(wallet|payouts?)\/deposits\/\{id\}$/
        )
        const prefundReads = calls(/^GET \/v1\/payout\/prefund\/balance$/)
        const types = await unknownTypes()
        console.log(
          `security: flood of ${all.length} forged events in ${took} ms: ${invented.length} with invented checkout/payout/withdrawal ids cost ${forInvented} svc calls; ` +
            `${background.length} deposit/top-up events cost ${depositReads} deposit reads and ${prefundReads} prefund reads (cap ${30} a minute); ` +
            `${unknown.length} unknown-type events counted in ${Object.keys(types).length} rows; shopper sessions during and after: created; all svc calls ${JSON.stringify(stats.byRoute)}`
        )
        expect(forInvented).toBe(0)
        // deposits cannot be checked before asking: their reads stay within the background share (30 a minute at most)
        expect(depositReads + prefundReads).toBeLessThanOrEqual(
          30 * Math.ceil(took / 60_000)
        )
        expect(prefundReads).toBeLessThanOrEqual(Math.ceil(took / 10_000) + 1)
        // unknown types: counted per type, at most 20 names, never stored per event or verbatim
        expect(Object.keys(types).length).toBeLessThanOrEqual(20)
        expect(
          Object.keys(types).every((t) => /^[A-Za-z0-9._?()-]{1,40}$/.test(t))
        ).toBe(true)
        expect(
          await n(
            "select count(*)::int as n from svc_webhook_event where event_type like 'forged%' or detail like '%<img%'"
          )
        ).toBe(0)
        // stored rows are bounded: no field longer than its cap
        expect(
          await n(
            "select count(*)::int as n from svc_inbox_event where length(event_id) > 100 or length(coalesce(resource_id, '')) > 64 or length(coalesce(status_hint, '')) > 40"
          )
        ).toBe(0)
        // the doctor lists the known types and the unknown ones' counts, from a bounded read
        const { data } = await api.get("/admin/svc/health", adminHeaders)
        expect(
          data.health.webhooks.events.map((e: any) => e.event_type)
        ).not.toContain(unknown[0].type)
        expect(
          data.health.webhooks.unknown_types.reduce(
            (k: number, u: any) => k + u.count,
            0
          )
        ).toBe(unknown.length)
        expect(JSON.stringify(data)).not.toContain("<img")
      })

      it("with a webhook token configured, requests without it or with a wrong one are refused (401) before any work; the doctor shows the URL to register, without the API key", async () => {
        // the requests the webhook gate counted so far (the doctor asks svc: read before svc's counts start)
        const counted = (await api.get("/admin/svc/health", adminHeaders)).data
          .health.webhooks.token.requests
        await resetStats(svc.ref.sandbox.url)
        const before = await stored()
        const refused: string[] = []
        for (const path of [
          "/hooks/svc",
          "/hooks/svc?token=wrong",
          `/hooks/svc?token=${WEBHOOK_TOKEN.slice(0, -1)}`,
          "/hooks/payment/svc-wallet_svc",
          "/hooks/payment/svc-wallet_svc?token=nope",
        ]) {
          const body = forged(randomUUID())
          refused.push(body.id)
          const r = await raw(path, JSON.stringify(body))
          expect([path, r.status]).toEqual([path, 401])
          expect(r.text).not.toContain(WEBHOOK_TOKEN)
        }
        // Medusa's own route queues its event to be handled 5 s later: one sent there with the token
        // after the refused ones is handled (its checkout unknown: dropped, svc not asked), so any of
        // theirs queued would have been handled by then too
        const after = forged(randomUUID())
        expect((await raw(HOOKS[1], JSON.stringify(after))).status).toBe(200)
        expect(await outcomeOf(after.id)).toBe("unknown_checkout")
        // nothing of the refused ones was queued or stored: the only change is the one let through's log row
        expect(
          Number(
            (
              await knex().raw(
                "select count(*)::int as n from svc_webhook_event where event_id = any(?)",
                [refused]
              )
            ).rows[0].n
          )
        ).toBe(0)
        expect(await stored()).toEqual({
          ...before,
          svc_tables: (before.svc_tables as [string, number][]).map(
            ([t, n]) => [t, t === "svc_webhook_event" ? n + 1 : n]
          ),
        })
        expect((await readStats(svc.ref.sandbox.url)).total).toBe(0)
        const { data } = await api.get("/admin/svc/health", adminHeaders)
        // the address this request came to (the runner's client says localhost), the path and the token
        expect(data.health.webhooks.url).toBe(
          `http://localhost:${new URL(svc.ref.medusaUrl).port}/hooks/svc?token=${WEBHOOK_TOKEN}`
        )
        expect(data.health.webhooks.token_configured).toBe(true)
        // the option's token, always required, with the refused requests counted (1 + 2 + 1 + 1 without or wrong)
        expect(data.health.webhooks.token).toMatchObject({
          source: "option",
          required: true,
        })
        const now = data.health.webhooks.token.requests
        expect({
          without: now.without - counted.without,
          wrong: now.wrong - counted.wrong,
        }).toEqual({ without: 2, wrong: 3 })
        expect(now.with - counted.with).toBeGreaterThanOrEqual(1)
        expect(JSON.stringify(data)).not.toContain(
          svc.ref.sandbox.credentials.apiKey
        )
      })

      it("a real payment with a forged body claiming another amount: captured once, for the session's amount (the body is not trusted)", async () => {
        const w = await waitingSession()
        sb().webhookFaults({ mode: "drop", count: 10 })
        sb().pay(w.checkoutId)
        sb().clearFaults()
        const b = forged(w.checkoutId, { amount: "1000" })
        await raw(HOOK, JSON.stringify(b))
        expect(await outcomeOf(b.id)).toBe("captured")
        const order = await capturedOrder(container(), w.cartId)
        expect(
          order.payment_collections[0].payments[0].captures.map((c: any) =>
            Number(c.amount)
          )
        ).toEqual([120.5])
      })
    })

    // ------------------------------------------------------------------ a spent budget
    describe("a spent rate budget is 'try again', never a 500", () => {
      it("svc refusing checkout creation with 429 (its budget spent): the shopper gets 503 with a place in line and nothing charged (never 500); at the turn the session succeeds", async () => {
        const { cartId, paymentCollectionId } = await createCart(api, store)
        sb().injectFault({
          route: "POST /v1/checkout",
          kind: "429",
          count: 1000,
        } as any)
        let res: any
        try {
          res = await startSession(
            api,
            store,
            paymentCollectionId,
            SVC_PROVIDERS.wallet,
            { cart_id: cartId }
          )
        } finally {
          sb().clearFaults()
        }
        console.log(
          `security: spent budget: the shopper got ${res.status} ${JSON.stringify(res.data)}`
        )
        // 503 with Retry-After: a status the storefront kit answers by asking the line (packages/storefront/src/line.ts);
        // svc's own 429 holds new checkouts for its Retry-After (none: 10 s), so the shopper has a place, not "try again"
        expect(res.status).toBe(503)
        expect(res.headers["retry-after"]).toBe("5")
        expect(res.data.message).toMatch(
          /number 1 in line for a payment, about \d+ s to wait/
        )
        expect(res.data.message).toMatch(/nothing was charged/)
        // the page keeps asking: the turn comes once svc's hold is over
        await waitFor(async () => {
          const a = await api
            .post(`/store/svc/carts/${cartId}/line`, {}, store.headers)
            .catch((e: any) => e.response)
          return a.data.status === "turn" ? a : null
        }, "the turn after svc's 429")
        const s = await sessionOnCart(
          api,
          store,
          { cartId, paymentCollectionId },
          SVC_PROVIDERS.wallet
        )
        expect(s.data.checkoutId).toEqual(expect.any(String))
      })
    })

    // ------------------------------------------------------------------ secrets
    describe("secrets scan", () => {
      it("no response body of this suite carries the API key or private-key material", () => {
        expect(recorder.bodies.length).toBeGreaterThan(50)
        expect(recorder.scan(needles)).toEqual([])
      })

      it("no Medusa log of the whole run (TEST_LOG_DIR) carries the API key or private-key material", () => {
        const dir = process.env.TEST_LOG_DIR
        if (!dir)
          return console.warn(
            "secrets scan: TEST_LOG_DIR is not set (logs on the console); log files not scanned"
          )
        const scan = scanLogDir(dir, needles)
        console.log(
          `secrets scan: ${scan.files} log files, ${scan.bytes} characters, ${scan.findings.length} findings`
        )
        expect(scan.files).toBeGreaterThan(0)
        expect(scan.findings).toEqual([])
      })
    })
  },
})
