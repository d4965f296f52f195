import { execFileSync } from "node:child_process"
import { prepareCode, ROOT } from "../../testing/code"
import { startCluster, type Cluster } from "../../testing/cluster"
import {
  checkMoney,
  describeMoney,
  moneyIsSafe,
  orderMoney,
  sqlOfPool,
} from "../../testing/money-invariants"
import { until } from "../../testing/until"
import { cartWithSessionOver } from "../../testing/store-api"

/**
 * An upgrade with money in flight (issue 33: "nothing lost on the way"). A store runs
 * the plugin as it was before the money paths became Medusa workflows (a snapshot of
 * UPGRADE_FROM, default 56167a8, made with `git archive`: testing/code.ts), and leaves:
 *
 * - (a) a cart whose svc checkout is created and not paid yet;
 * - (b) a cart paid at svc whose COMPLETED webhook is held by svc (no order yet);
 * - (c) an order paid by svc with a refund to the buyer's bank whose payout is in flight;
 * - (d) a settlement (fiat withdrawal) in flight.
 *
 * Then the process dies (SIGKILL), this checkout's code runs `medusa db:migrate` on the same
 * database (additive: every table, column and row of the old code is still there) and
 * starts on the same address with the same svc. The new code must read the old rows: (a)
 * is paid and becomes one order, (b) becomes one order, (c)'s payout and (d)'s withdrawal
 * are followed to their final status and recorded, and a new refund on (c)'s order works.
 * The money check holds: one order and one capture per paid checkout, one payout per
 * refund, every payout and withdrawal svc made recorded in Medusa.
 */
jest.setTimeout(600_000)

const FROM = process.env.UPGRADE_FROM || "56167a8"
const FPX = "pp_svc-fpx_svc"
const SVC_TABLES = [
  "svc_checkout",
  "svc_payout",
  "svc_withdrawal",
  "svc_webhook_event",
  "svc_inbox_event",
  "svc_beneficiary",
  "svc_deposit",
  "svc_token_transfer",
  "svc_trigger_address",
  "svc_setting",
]

let cluster: Cluster
let token = ""

async function http<T = any>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<T> {
  const res = await fetch(`${cluster.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok)
    throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
  return (text ? JSON.parse(text) : {}) as T
}
const store = <T = any>(method: string, path: string, body?: unknown) =>
  http<T>(method, path, body, {
    "x-publishable-api-key": cluster.store.publishableKey,
  })
const admin = <T = any>(method: string, path: string, body?: unknown) =>
  http<T>(method, path, body, { authorization: `Bearer ${token}` })

/** A cart with an svc FPX session: its svc checkout is created (CREATED at svc). */
async function cartWithCheckout(who: string) {
  const { cartId, session } = await cartWithSessionOver(
    store,
    cluster.store,
    `upgrade-${who}@example.my`,
    FPX
  )
  const checkoutId = session.data.checkoutId as string
  expect(checkoutId).toBeTruthy()
  return { cartId, checkoutId }
}

const ordersOf = async (cartId: string) =>
  (
    await cluster.db.query<{ order_id: string }>(
      `select order_id from order_cart where cart_id = $1 and deleted_at is null`,
      [cartId]
    )
  ).rows.map((r) => r.order_id)
const svcState = () => cluster.sandbox.control.state()
const toBank = {
  name: "Siti Aminah",
  bank_code: "MBBEMYKL",
  account_number: "5512345678",
}
/** The svc refunds panel: a refund of the payment to the buyer's bank account, its svc payout. */
const refundTo = async (paymentId: string, amount: string, note: string) =>
  (
    await admin("POST", "/admin/svc/refunds", {
      payment_id: paymentId,
      amount,
      beneficiary: toBank,
      note,
    })
  ).payout

/** Every svc_* table's live and deleted row ids. */
async function svcRows(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const t of SVC_TABLES)
    out[t] = (
      await cluster.db.query<{ id: string }>(
        `select id from "${t}" order by id`
      )
    ).rows.map((r) => r.id)
  return out
}
/** "table id" of every row in `before` that is not in `after`. */
const missingRows = (
  before: Record<string, string[]>,
  after: Record<string, string[]>
) =>
  SVC_TABLES.flatMap((t) =>
    before[t].filter((id) => !after[t].includes(id)).map((id) => `${t} ${id}`)
  )
/** Every column of the svc_* tables with its type, nullability and default. */
async function svcColumns(): Promise<string[]> {
  const { rows } = await cluster.db.query<{ c: string }>(
    `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as c
       from information_schema.columns where table_schema = 'public' and table_name like 'svc\\_%' order by 1`
  )
  return rows.map((r) => r.c)
}

beforeAll(async () => {
  // Before f0becfb the plugin ran zod 3 (its lock: 3.25.76, here the devDependency zod-v3); every
  // other package is as today (prepareCode checks the commit's lock)
  const lock = JSON.parse(
    execFileSync("git", ["show", `${FROM}:package-lock.json`], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 64 << 20,
    })
  ) as {
    packages: Record<string, { version?: string }>
  }
  const zod3 = lock.packages["node_modules/zod"]?.version?.startsWith("3.")
  const old = prepareCode(FROM, zod3 ? { deps: { zod: "zod-v3" } } : {})
  cluster = await startCluster({
    name: "upgrade",
    redis: false,
    codeDir: old.dir,
    instances: [{ name: "medusa", mode: "shared" }],
    // the old code's watcher and reconcile job off: what is in flight stays in flight until the upgrade
    env: { SVC_WATCH_EVERY_SECONDS: "0", SVC_RECONCILE_EVERY_MINUTES: "0" },
  })
  token = (
    await http<{ token: string }>("POST", "/auth/user/emailpass", cluster.admin)
  ).token
  expect(token).toBeTruthy()
})

afterAll(async () => {
  await cluster?.close()
})

it(`money in flight on the code of ${FROM} settles, is tracked and refunds after medusa db:migrate on this code`, async () => {
  const sb = cluster.sandbox.control

  // ---- the old code: a paid order (c), refunded in part to the buyer's bank
  const c = await cartWithCheckout("c")
  sb.pay(c.checkoutId)
  const placed = await store("POST", `/store/carts/${c.cartId}/complete`, {})
  expect(placed.type).toBe("order")
  const orderC = placed.order.id as string
  await sb.flushWebhooks()
  const [paymentC] = (
    await cluster.db.query<{ id: string }>(
      `select p.id from payment p join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id where opc.order_id = $1 and p.captured_at is not null`,
      [orderC]
    )
  ).rows
  expect(paymentC).toBeTruthy()

  // (a) created, not paid
  const a = await cartWithCheckout("a")
  // (b) paid as far as PROCESSING, the old code told so
  const b = await cartWithCheckout("b")
  sb.pay(b.checkoutId, { stopAt: "PROCESSING" })
  await sb.flushWebhooks()

  // (d) a settlement in flight: PENDING at svc
  const wallet = await admin("GET", "/admin/svc/wallet")
  const withdrawal = (
    await admin("POST", "/admin/svc/withdrawals", {
      bank_account_id: wallet.bank_accounts[0].id,
      amount: "100.00",
      reference: "upgrade",
    })
  ).withdrawal
  expect(withdrawal.status).toBe("PENDING")
  // (c) the refund: svc's payout INITIATED (it settles 20 s later on svc's clock)
  const refunded = await refundTo(paymentC.id, "10.00", "before the upgrade")
  expect(refunded).toMatchObject({
    status: "INITIATED",
    amount_sen: 1000,
    order_id: orderC,
  })
  await sb.flushWebhooks()

  // (b) completed at svc; its webhook held by svc until the next event or a flush
  sb.webhookFaults({ mode: "reorder", count: 1 })
  sb.complete(b.checkoutId)

  // in flight at the moment of the upgrade, as svc and the old code see it
  let state = svcState()
  expect(state.checkouts[a.checkoutId].status).toBe("CREATED")
  expect(state.checkouts[b.checkoutId].status).toBe("COMPLETED")
  expect(state.payouts[refunded.payout_id].status).toBe("INITIATED")
  // PENDING, or PROCESSING 10 s later on svc's clock: not final
  expect(["PENDING", "PROCESSING"]).toContain(
    state.fiatWithdrawals[withdrawal.withdrawal_id].status
  )
  expect(await ordersOf(b.cartId)).toEqual([])
  expect(
    (
      await cluster.db.query(`select status from svc_payout where id = $1`, [
        refunded.id,
      ])
    ).rows[0].status
  ).toBe("INITIATED")

  // The store goes down for the upgrade. svc's webhooks meanwhile reach nobody (dropped here, as a
  // real sender's give up on a store that stays down), and svc moves on: the refund's payout
  // settles and the withdrawal is processed while no store is up to hear of it.
  sb.setWebhooks({})
  await cluster.kill("medusa")
  sb.advanceClock(30)
  state = svcState()
  expect(state.payouts[refunded.payout_id].status).toBe("SETTLED")

  const rowsBefore = await svcRows()
  const columnsBefore = await svcColumns()
  expect(rowsBefore.svc_checkout.length).toBe(3)
  expect(rowsBefore.svc_payout.length).toBe(1)
  expect(rowsBefore.svc_withdrawal.length).toBe(1)

  // ---- the upgrade: this checkout's code migrates the same database and starts on the same address
  const current = prepareCode("worktree").dir
  cluster.migrate(current)
  // additive: no svc_* column is gone or changed, no row is gone
  const columnsMigrated = await svcColumns()
  expect(columnsBefore.filter((c) => !columnsMigrated.includes(c))).toEqual([])
  expect(missingRows(rowsBefore, await svcRows())).toEqual([])
  // the watcher as often as tests run it, the reconcile job at its shortest (every minute)
  await cluster.start("medusa", {
    codeDir: current,
    env: { SVC_WATCH_EVERY_SECONDS: "2", SVC_RECONCILE_EVERY_MINUTES: "1" },
  })
  sb.setWebhooks({
    WALLET: [`${cluster.url}/hooks/svc`],
    PAYOUT: [`${cluster.url}/hooks/svc`],
  })

  // (b): svc's held webhook reaches the new code (or its watcher finds the payment first)
  await sb.flushWebhooks()
  const [orderB] = await until("(b)'s order", async () => {
    const o = await ordersOf(b.cartId)
    return o.length ? o : undefined
  })

  // (a): the shopper pays on svc's page and comes back to the store
  sb.pay(a.checkoutId)
  const done = await store("POST", `/store/carts/${a.cartId}/complete`, {})
  expect(done.type).toBe("order")
  const orderA = done.order.id as string

  // (d): svc completes the withdrawal (70 s after it was made); its webhook reaches the new code (or,
  // when the upgrade took so long that svc completed it while the store was down, the reconcile job)
  sb.advanceClock(65)
  await sb.flushWebhooks()
  await until(
    "(d)'s withdrawal COMPLETED in Medusa",
    async () => {
      const { withdrawals } = await admin("GET", "/admin/svc/withdrawals")
      return withdrawals.find(
        (w: any) => w.id === withdrawal.id && w.status === "COMPLETED"
      )
    },
    150_000
  )

  // (c): a new refund on the old order, made by the new code
  const second = await refundTo(paymentC.id, "5.00", "after the upgrade")
  expect(second).toMatchObject({
    status: "INITIATED",
    amount_sen: 500,
    order_id: orderC,
  })
  sb.advanceClock(30)
  await sb.flushWebhooks()
  await until("the new refund's payout SETTLED", async () => {
    const { payouts } = await admin(
      "GET",
      `/admin/svc/payouts?order_id=${orderC}`
    )
    return payouts.find(
      (p: any) => p.id === second.id && p.status === "SETTLED"
    )
  })

  // (c): the payout svc settled while the store was down: the new code's reconcile job reads the
  // old row, asks svc, and records it (at the next minute)
  const payoutRow = await until(
    "(c)'s payout SETTLED in Medusa",
    async () => {
      const { payouts } = await admin(
        "GET",
        `/admin/svc/payouts?order_id=${orderC}`
      )
      return payouts.find(
        (p: any) => p.id === refunded.id && p.status === "SETTLED"
      )
    },
    150_000
  )
  expect(payoutRow).toMatchObject({
    payout_id: refunded.payout_id,
    refund_id: refunded.refund_id,
    amount_sen: 1000,
  })

  // one order per cart; nothing captured twice; the ledger says what happened
  expect(await ordersOf(a.cartId)).toEqual([orderA])
  expect(await ordersOf(b.cartId)).toEqual([orderB])
  expect(await ordersOf(c.cartId)).toEqual([orderC])
  const ledger = await cluster.db.query<{
    checkout_id: string
    order_id: string | null
    attention: string | null
  }>(
    `select checkout_id, order_id, attention from svc_checkout where checkout_id = any($1)`,
    [[a.checkoutId, b.checkoutId, c.checkoutId]]
  )
  expect(
    Object.fromEntries(
      ledger.rows.map((r) => [r.checkout_id, [r.order_id, r.attention]])
    )
  ).toEqual({
    [a.checkoutId]: [orderA, null],
    [b.checkoutId]: [orderB, null],
    [c.checkoutId]: [orderC, null],
  })
  state = svcState()
  const money = await checkMoney(cluster.db, cluster.svc)
  console.log(describeMoney(money))
  expect(moneyIsSafe(money)).toBe(true)
  expect(money).toMatchObject({
    completedCheckouts: 3,
    ordered: 3,
    flagged: 0,
    payouts: 2,
    withdrawals: 1,
  })
  for (const orderId of [orderA, orderB, orderC])
    expect(
      (await orderMoney(sqlOfPool(cluster.db), state, orderId)).problems
    ).toEqual([])
  const moneyC = await orderMoney(sqlOfPool(cluster.db), state, orderC)
  expect(moneyC).toMatchObject({ refundedSen: 1500, paidOutSen: 1500 })

  // nothing lost: every svc_* row of the old code is still there
  expect(missingRows(rowsBefore, await svcRows())).toEqual([])
  expect(cluster.logLines(/paid_no_order|refund_required/)).toEqual([])
})
