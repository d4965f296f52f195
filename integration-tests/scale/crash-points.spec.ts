import { startCluster, type Cluster } from "../../testing/cluster"
import {
  describeMoney,
  checkMoney,
  moneyIsSafe,
} from "../../testing/money-invariants"
import { until } from "../../testing/until"
import { cartBody } from "../../testing/store-api"

/**
 * Crash points: the Medusa process is killed (SIGKILL, no shutdown
 * hook) at each point where money can move, after svc received and processed
 * the request and before its answer was stored (the sandbox processes it, then
 * never answers), and started again:
 *
 * - around `POST /v1/checkout`, at four moments (before svc processed it, after,
 *   after with Medusa's delete of the earlier session winning its race, after the
 *   answer was recorded): the shopper's retry gets the same checkout (one
 *   checkout at svc), pays it, and the cart becomes one order;
 * - after `POST /v1/payouts` (a refund): the request is finished with its stored
 *   key, so svc replays the payout it made: one payout, one Medusa refund;
 * - after `POST /v1/wallet/fiat/withdrawals`: likewise one withdrawal.
 *
 * The admin routes show the true state afterwards. The client's limits are
 * shortened (2 s per attempt, no retry) so a send older than ~12 s is known to be
 * dead (src/lib/svc-runtime/send-window.ts) and the watcher finishes it.
 */
jest.setTimeout(600_000)

let cluster: Cluster
let token: string

async function http<T = any>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${cluster.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T }
}
const store = (method: string, path: string, body?: unknown) =>
  http(method, path, body, {
    "x-publishable-api-key": cluster.store.publishableKey,
  })
const admin = (method: string, path: string, body?: unknown) =>
  http(method, path, body, { authorization: `Bearer ${token}` })

async function newCart() {
  const { json } = await store(
    "POST",
    "/store/carts",
    cartBody(cluster.store, `crash-${Date.now()}@example.my`)
  )
  const cartId = json.cart.id as string
  const pc = await store("POST", "/store/payment-collections", {
    cart_id: cartId,
  })
  return {
    cartId,
    paymentCollectionId: pc.json.payment_collection.id as string,
  }
}

const startSession = (paymentCollectionId: string, cartId: string) =>
  store(
    "POST",
    `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
    { provider_id: "pp_svc-fpx_svc", data: { cart_id: cartId } }
  )

/**
 * Kill the only instance once `sent()` says svc has processed the request, then start it again.
 * The faults hang the request and its retries (count 3), so however late the kill comes, no
 * answer was stored; they are cleared once the process is dead, so the restarted store talks to
 * a healthy svc.
 */
async function killAfter(sent: () => boolean | Promise<boolean>) {
  await until("the moment to kill", () => sent(), 60_000)
  await cluster.kill("medusa")
  cluster.sandbox.control.clearFaults()
  await cluster.start("medusa")
}

const checkouts = () => Object.values(cluster.sandbox.control.state().checkouts)
const checkoutPosts = () =>
  cluster.sandbox.control.stats().byRoute["POST /v1/checkout"] ?? 0
const payouts = () => Object.values(cluster.sandbox.control.state().payouts)
const withdrawals = () =>
  Object.values(cluster.sandbox.control.state().fiatWithdrawals).filter(
    (w) => w.source === "API"
  )

beforeAll(async () => {
  cluster = await startCluster({
    name: "crash",
    redis: false,
    instances: [{ name: "medusa", mode: "shared" }],
    env: {
      SVC_TIMEOUT_MS: "2000",
      SVC_MAX_RETRIES: "0",
      SVC_WATCH_EVERY_SECONDS: "2",
    },
  })
  const login = await http("POST", "/auth/user/emailpass", cluster.admin)
  token = login.json.token
  expect(token).toBeTruthy()
})

afterAll(async () => {
  await cluster?.close()
})

describe("killed after svc received a money-moving request, before its answer was stored", () => {
  let paidPaymentId: string
  let paidOrderId: string

  /**
   * POST /v1/checkout, killed at several moments. Each ends the same way whatever the moment:
   * the shopper's retry gets the one checkout svc has for the cart (or the first one, if svc
   * never saw the request), pays it, and the cart becomes one order.
   *
   * `earlierSessionGone`: before the retry, the collection's earlier payment session rows are
   * deleted, as Medusa's createPaymentSessionsWorkflow does in a branch parallel to creating
   * the new session (a hard delete). When that branch commits first, the earlier session row is
   * gone when the provider looks for the open checkout: the interleaving where the
   * look-up joined through that row, missed, and svc was asked for a second checkout. Here it
   * is made to happen every time instead of sometimes.
   */
  const moments: {
    name: string
    fault?: { afterProcessing: boolean }
    /** when to kill: svc's side or the store's ledger says the moment has come */
    killWhen: (ctx: {
      before: number
      checkoutCalls: number
      paymentCollectionId: string
    }) => Promise<boolean> | boolean
    earlierSessionGone?: boolean
    /** the first request surely failed (the process died under it) */
    firstFails: boolean
  }[] = [
    {
      name: "before svc processed it (svc never saw the checkout)",
      fault: { afterProcessing: false },
      killWhen: ({ checkoutCalls }) => checkoutPosts() > checkoutCalls,
      firstFails: true,
    },
    {
      name: "after svc processed it, before its answer was stored",
      fault: { afterProcessing: true },
      killWhen: ({ before }) => checkouts().length === before + 1,
      firstFails: true,
    },
    {
      name: "after svc processed it, and Medusa's delete of the earlier session commits before the look-up",
      fault: { afterProcessing: true },
      killWhen: ({ before }) => checkouts().length === before + 1,
      earlierSessionGone: true,
      firstFails: true,
    },
    {
      name: "after svc's answer was recorded in the ledger",
      killWhen: async ({ paymentCollectionId }) => {
        const r = await cluster.db.query(
          `select 1 from svc_checkout where payment_collection_id = $1 and checkout_id is not null`,
          [paymentCollectionId]
        )
        return r.rowCount! > 0
      },
      firstFails: false,
    },
  ]

  for (const m of moments) {
    it(`POST /v1/checkout, killed ${m.name}: the shopper's retry gets the same checkout, one order`, async () => {
      const { cartId, paymentCollectionId } = await newCart()
      const before = checkouts().length
      const checkoutCalls = checkoutPosts()
      if (m.fault)
        cluster.sandbox.control.injectFault({
          route: "POST /v1/checkout",
          kind: "hang",
          afterProcessing: m.fault.afterProcessing,
          count: 3,
        })
      const first = startSession(paymentCollectionId, cartId).catch(
        (e: Error) => ({ status: 0, json: { message: e.message } })
      )
      await killAfter(() =>
        m.killWhen({ before, checkoutCalls, paymentCollectionId })
      )
      const firstStatus = (await first).status
      if (m.firstFails) expect(firstStatus).not.toBe(200) // the shopper saw an error: the process died under the request
      const madeBefore = checkouts().slice(before)
      expect(madeBefore.length).toBeLessThanOrEqual(1)

      if (m.earlierSessionGone) {
        const gone = await cluster.db.query(
          `delete from payment_session where payment_collection_id = $1`,
          [paymentCollectionId]
        )
        expect(gone.rowCount).toBeGreaterThan(0)
      }

      // the shopper tries again
      const retry = await startSession(paymentCollectionId, cartId)
      expect(retry.status).toBe(200)
      const session = retry.json.payment_collection.payment_sessions.find(
        (s: any) => s.provider_id === "pp_svc-fpx_svc"
      )
      expect(checkouts()).toHaveLength(before + 1) // one checkout at svc for this cart, whatever the moment
      const made = checkouts()[before]
      if (madeBefore.length)
        expect(made.checkoutId).toBe(madeBefore[0].checkoutId)
      expect(session.data.checkoutId).toBe(made.checkoutId)

      cluster.sandbox.control.pay(made.checkoutId)
      const done = await store("POST", `/store/carts/${cartId}/complete`, {})
      expect(done.json.type).toBe("order")
      paidOrderId = done.json.order.id
      const { json } = await admin(
        "GET",
        `/admin/orders/${paidOrderId}?fields=id,*payment_collections.payments`
      )
      paidPaymentId = json.order.payment_collections[0].payments[0].id
      expect(checkouts()).toHaveLength(before + 1)
    })
  }

  describe("POST /v1/payouts (a refund) and POST /v1/wallet/fiat/withdrawals, both in flight when the process dies", () => {
    let refundReq: Promise<{ status: number; json: any }>
    let withdrawalReq: Promise<{ status: number; json: any }>
    let bankAccountId: string

    beforeAll(async () => {
      const wallet = await admin("GET", "/admin/svc/wallet")
      bankAccountId = wallet.json.bank_accounts[0].id
      cluster.sandbox.control.injectFault({
        route: "POST /v1/payouts",
        kind: "hang",
        afterProcessing: true,
        count: 3,
      })
      cluster.sandbox.control.injectFault({
        route: "POST /v1/wallet/fiat/withdrawals",
        kind: "hang",
        afterProcessing: true,
        count: 3,
      })
      const swallow = (e: Error) => ({
        status: 0,
        json: { message: e.message },
      })
      refundReq = admin("POST", "/admin/svc/refunds", {
        payment_id: paidPaymentId,
        amount: "20.50",
        beneficiary: {
          name: "Siti Aminah",
          bank_code: "MBBEMYKL",
          account_number: "5512345678",
        },
        note: "crash test",
      }).catch(swallow)
      withdrawalReq = admin("POST", "/admin/svc/withdrawals", {
        bank_account_id: bankAccountId,
        amount: "150.00",
        reference: "crash test",
      }).catch(swallow)
      await killAfter(
        () => payouts().length === 1 && withdrawals().length === 1
      )
      await Promise.all([refundReq, withdrawalReq])
    })

    it("the refund: one payout at svc, one refund in Medusa, shown to the admin once finished", async () => {
      expect((await refundReq).status).not.toBe(200)
      const row = await until(
        "the payout request to be finished",
        async () => {
          const { json } = await admin(
            "GET",
            `/admin/svc/payouts?payment_id=${paidPaymentId}`
          )
          return json.payouts?.find((p: any) => p.payout_id && p.refund_id)
        },
        180_000
      )
      expect(payouts()).toHaveLength(1)
      expect(row.payout_id).toBe(payouts()[0].payoutId)
      expect(row.amount_sen).toBe(2050)
      const { json } = await admin(
        "GET",
        `/admin/payments/${paidPaymentId}?fields=id,*refunds`
      )
      expect(json.payment.refunds).toHaveLength(1)
      expect(Number(json.payment.refunds[0].amount)).toBe(20.5)
    })

    it("the withdrawal: one withdrawal at svc, recorded with its id", async () => {
      expect((await withdrawalReq).status).not.toBe(200)
      const row = await until(
        "the withdrawal request to be finished",
        async () => {
          const { json } = await admin("GET", "/admin/svc/withdrawals")
          return json.withdrawals?.find((w: any) => w.withdrawal_id)
        },
        180_000
      )
      expect(withdrawals()).toHaveLength(1)
      expect(row.withdrawal_id).toBe(withdrawals()[0].id)
      expect(row.amount_sen).toBe(15000)
    })

    it("and the money check holds", async () => {
      const money = await checkMoney(cluster.db, cluster.svc)
      console.log(describeMoney(money))
      expect(moneyIsSafe(money)).toBe(true)
      expect(money.payouts).toBe(1)
      expect(money.withdrawals).toBe(1)
    })
  })
})
