/**
 * The end-of-run money check, from svc's state (the sandbox) and
 * Medusa's (its database), for the chaos spec and bench/chaos.ts:
 *
 * - every COMPLETED checkout has exactly one order with one captured payment of
 *   the checkout's amount (Medusa's amount rounded half-up to the sen), or is flagged for the admin (refund) with its reason;
 * - no order without a paid checkout (every svc payment captured in Medusa is a
 *   COMPLETED checkout at svc);
 * - no cart captured twice (two orders, two captured payments or two captures);
 * - every refund at most one payout, every withdrawal request at most one
 *   withdrawal, and every payout and withdrawal svc made is recorded in Medusa
 *   (the admin sees the true state).
 */
import type { Pool } from "pg"
import type { SandboxState } from "../src/sandbox"
import { doubleCaptured, outcomes } from "./orders"
import { medusaAmountToSen } from "../src/rules/medusa-amount"

export interface MoneyReport {
  completedCheckouts: number
  /** COMPLETED, one order, one captured payment of the right amount */
  ordered: number
  /** COMPLETED and flagged for the admin with a reason */
  flagged: number
  /** COMPLETED checkouts neither ordered nor flagged, with why */
  lost: string[]
  /** orders whose payment is not a COMPLETED checkout at svc */
  ordersWithoutPaidCheckout: string[]
  /** carts with two orders, two captured payments or two captures */
  doubleCaptured: string[]
  /** refund requests with more than one payout at svc */
  doublePayouts: string[]
  /** withdrawal requests with more than one withdrawal at svc */
  doubleWithdrawals: string[]
  /** payouts and withdrawals svc made that Medusa does not show */
  unrecorded: string[]
  payouts: number
  withdrawals: number
}

export function moneyIsSafe(r: MoneyReport): boolean {
  return (
    !r.lost.length &&
    !r.ordersWithoutPaidCheckout.length &&
    !r.doubleCaptured.length &&
    !r.doublePayouts.length &&
    !r.doubleWithdrawals.length &&
    !r.unrecorded.length
  )
}

export function describeMoney(r: MoneyReport): string {
  return [
    `COMPLETED checkouts ${r.completedCheckouts}: ${r.ordered} with one order and one capture of the right amount, ${r.flagged} flagged with a reason, ${r.lost.length} neither`,
    `orders without a paid checkout ${r.ordersWithoutPaidCheckout.length}; carts captured twice ${r.doubleCaptured.length}`,
    `payouts ${r.payouts} (refunds with two: ${r.doublePayouts.length}); withdrawals ${r.withdrawals} (requests with two: ${r.doubleWithdrawals.length}); not recorded in Medusa ${r.unrecorded.length}`,
    ...r.unrecorded.slice(0, 10).map((l) => `  ${l}`),
    ...r.lost.slice(0, 10).map((l) => `  lost: ${l}`),
    ...r.ordersWithoutPaidCheckout
      .slice(0, 10)
      .map((l) => `  order without a paid checkout: ${l}`),
    ...r.doubleCaptured.slice(0, 10).map((l) => `  captured twice: ${l}`),
  ].join("\n")
}

/** `svc`: the sandbox's state, from `cluster.svc` (wherever the sandbox runs). */
export async function checkMoney(
  db: Pool,
  svc: { state(): Promise<SandboxState> }
): Promise<MoneyReport> {
  const state = await svc.state()
  const checkouts = Object.values(state.checkouts)
  const completed = checkouts.filter((c) => c.status === "COMPLETED")
  const report: MoneyReport = {
    completedCheckouts: completed.length,
    ordered: 0,
    flagged: 0,
    lost: [],
    ordersWithoutPaidCheckout: [],
    doubleCaptured: [],
    doublePayouts: [],
    doubleWithdrawals: [],
    unrecorded: [],
    payouts: Object.keys(state.payouts).length,
    withdrawals: Object.keys(state.fiatWithdrawals).length,
  }

  // each svc checkout → its ledger row → session → collection → cart, orders and captured payments
  const rows = await db.query<{
    checkout_id: string
    attention: string | null
    attention_reason: string | null
    cart_id: string | null
    orders: string[] | null
    captured: string[] | null
  }>(
    `select c.checkout_id, c.attention, c.attention_reason, cpc.cart_id,
            (select array_agg(oc.order_id) from order_cart oc where oc.cart_id = cpc.cart_id and oc.deleted_at is null) as orders,
            (select array_agg(coalesce(p.raw_amount->>'value', p.amount::text)) from payment p
              where p.payment_collection_id = ps.payment_collection_id and p.captured_at is not null and p.deleted_at is null) as captured
       from svc_checkout c
       left join payment_session ps on ps.id = c.payment_session_id
       left join cart_payment_collection cpc on cpc.payment_collection_id = ps.payment_collection_id and cpc.deleted_at is null
      where c.checkout_id = any($1) and c.deleted_at is null`,
    [completed.map((c) => c.checkoutId)]
  )
  const byCheckout = new Map(rows.rows.map((r) => [r.checkout_id, r]))
  for (const c of completed) {
    const r = byCheckout.get(c.checkoutId)
    if (r?.attention && r.attention_reason) {
      report.flagged++
      continue
    }
    const orders = r?.orders ?? []
    const captured = r?.captured ?? []
    // Medusa keeps its own amount (39.852); svc's is it rounded half-up to the sen (3985)
    if (
      r &&
      orders.length === 1 &&
      captured.length === 1 &&
      medusaAmountToSen(captured[0]) === c.amount
    )
      report.ordered++
    else
      report.lost.push(
        `${c.checkoutId} (${c.type}, ${c.amount} sen): ${r ? `cart ${r.cart_id}, orders ${orders.length}, captured ${JSON.stringify(captured)}` : "no ledger row"}`
      )
  }

  // every svc payment captured in Medusa is a COMPLETED checkout
  const paid = new Set(completed.map((c) => c.checkoutId))
  const captures = await db.query<{
    order_id: string | null
    payment_id: string
    checkout_id: string | null
  }>(
    `select oc.order_id, p.id as payment_id, p.data->>'checkoutId' as checkout_id
       from payment p
       left join cart_payment_collection cpc on cpc.payment_collection_id = p.payment_collection_id and cpc.deleted_at is null
       left join order_cart oc on oc.cart_id = cpc.cart_id and oc.deleted_at is null
      where p.provider_id like 'pp_svc-%' and p.captured_at is not null and p.deleted_at is null`
  )
  for (const p of captures.rows) {
    if (!p.checkout_id || !paid.has(p.checkout_id))
      report.ordersWithoutPaidCheckout.push(
        `order ${p.order_id ?? "(none)"} payment ${p.payment_id} checkout ${p.checkout_id ?? "(none)"}`
      )
  }

  const carts = await db.query<{ cart_id: string }>(
    `select distinct cart_id from cart_payment_collection where deleted_at is null`
  )
  for (const o of (
    await outcomes(
      db,
      carts.rows.map((r) => r.cart_id)
    )
  ).values()) {
    if (doubleCaptured(o))
      report.doubleCaptured.push(
        `cart ${o.cartId}: ${o.orderIds.length} orders, ${o.capturedPayments} captured payments, ${o.captures} captures`
      )
  }

  // refunds and withdrawals: every payout and withdrawal svc made is recorded in Medusa (the admin
  // sees it), and no refund has two payouts, no withdrawal request two withdrawals
  const payoutRows = await db.query<{
    id: string
    refund_id: string | null
    payout_id: string | null
  }>(`select id, refund_id, payout_id from svc_payout where deleted_at is null`)
  const recordedPayouts = new Map(
    payoutRows.rows.filter((r) => r.payout_id).map((r) => [r.payout_id!, r])
  )
  const perRefund = new Map<string, number>()
  for (const p of Object.values(state.payouts)) {
    const row = recordedPayouts.get(p.payoutId)
    if (!row)
      report.unrecorded.push(
        `payout ${p.payoutId} (${p.amount} sen) is not recorded in Medusa`
      )
    else if (row.refund_id)
      perRefund.set(row.refund_id, (perRefund.get(row.refund_id) ?? 0) + 1)
  }
  for (const [refund, n] of perRefund)
    if (n > 1) report.doublePayouts.push(`refund ${refund}: ${n} payouts`)
  const wdRows = await db.query<{ id: string; withdrawal_id: string | null }>(
    `select id, withdrawal_id from svc_withdrawal where deleted_at is null`
  )
  const perRequest = new Map<string, number>()
  const recordedWd = new Map(
    wdRows.rows
      .filter((r) => r.withdrawal_id)
      .map((r) => [r.withdrawal_id!, r.id])
  )
  for (const w of Object.values(state.fiatWithdrawals)) {
    if (w.source !== "API") continue
    const row = recordedWd.get(w.id)
    if (!row)
      report.unrecorded.push(
        `withdrawal ${w.id} (${w.amount} sen) is not recorded in Medusa`
      )
    else perRequest.set(row, (perRequest.get(row) ?? 0) + 1)
  }
  for (const [req, n] of perRequest)
    if (n > 1) report.doubleWithdrawals.push(`request ${req}: ${n} withdrawals`)
  return report
}

// ---------------------------------------------------------------- one order's money

/** Runs SQL with `$1…$n` parameters (each used once, in order) and returns the rows. */
export type Sql = (sql: string, params: unknown[]) => Promise<any[]>
export const sqlOfPool =
  (db: Pool): Sql =>
  async (sql, params) =>
    (await db.query(sql, params)).rows
/** The in-app tests' knex (`ContainerRegistrationKeys.PG_CONNECTION`). */
export const sqlOfKnex =
  (knex: { raw: (sql: string, b: unknown[]) => Promise<any> }): Sql =>
  async (sql, params) =>
    (await knex.raw(sql.replace(/\$\d+/g, "?"), params)).rows

export interface OrderMoney {
  orderId: string
  /** Medusa: the captures of the order's svc payments, in sen */
  capturedSen: number
  /** svc: COMPLETED checkouts on the order's payment collections that are not flagged for a refund, in sen */
  paidSen: number
  /** svc: COMPLETED checkouts flagged for the admin (paid, not captured: refund_required …), in sen */
  flaggedSen: number
  /** Medusa: the refunds of the order's svc payments, in sen */
  refundedSen: number
  /** svc: payouts made for the order (recorded in svc_payout), REVERSED / RETURNED ones excluded, in sen */
  paidOutSen: number
  /** every Medusa refund of the order's svc payments with the svc payouts recorded for it */
  refunds: {
    refundId: string
    amountSen: number
    payouts: { payoutId: string; amountSen: number; status: string }[]
  }[]
  /** what does not hold, in words (empty: the order's money is right) */
  problems: string[]
}

/**
 * One order's money, from Medusa's database and svc's state: Medusa's captured
 * total equals what svc was paid for the order, Medusa's refunded total equals
 * what svc paid out for it, and every Medusa refund is exactly one payout of
 * its amount. Amounts compared in sen with the plugin's conversion (Medusa's
 * 39.852 is svc's 3985). Any test can call it: `expect(m.problems).toEqual([])`.
 */
export async function orderMoney(
  sql: Sql,
  state: SandboxState,
  orderId: string
): Promise<OrderMoney> {
  const payments = await sql(
    `select p.id, p.payment_collection_id from payment p
       join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
      where opc.order_id = $1 and p.provider_id like 'pp_svc-%' and p.deleted_at is null`,
    [orderId]
  )
  const paymentIds = payments.map((p) => p.id)
  // exact decimal sums per payment (numeric in SQL), then to sen: svc was paid the capture rounded, and
  // a payment's payouts add up to its refunded total rounded (39.852 + 79.704 = 124.556 is 12456 sen)
  const captures = await sql(
    `select payment_id, sum((coalesce(raw_amount->>'value', amount::text))::numeric)::text as amount from capture
      where payment_id = any($1) and deleted_at is null group by payment_id`,
    [paymentIds]
  )
  const refunds = await sql(
    `select id, payment_id, (coalesce(raw_amount->>'value', amount::text))::numeric::text as amount from refund
      where payment_id = any($1) and deleted_at is null order by payment_id, created_at, id`,
    [paymentIds]
  )
  const checkouts = await sql(
    `select c.checkout_id, c.attention from svc_checkout c
       join order_payment_collection opc on opc.payment_collection_id = c.payment_collection_id and opc.deleted_at is null
      where opc.order_id = $1 and c.checkout_id is not null and c.deleted_at is null`,
    [orderId]
  )
  const payoutRows = await sql(
    `select refund_id, payout_id, status from svc_payout where order_id = $1 and deleted_at is null`,
    [orderId]
  )

  let paidSen = 0
  let flaggedSen = 0
  for (const c of new Map(checkouts.map((r) => [r.checkout_id, r])).values()) {
    const atSvc = state.checkouts[c.checkout_id]
    if (atSvc?.status !== "COMPLETED") continue
    if (c.attention) flaggedSen += atSvc.amount
    else paidSen += atSvc.amount
  }
  const payoutsOf = (refundId: string) =>
    payoutRows
      .filter(
        (r) =>
          r.refund_id === refundId && r.payout_id && state.payouts[r.payout_id]
      )
      .map((r) => ({
        payoutId: r.payout_id as string,
        amountSen: state.payouts[r.payout_id].amount,
        status: state.payouts[r.payout_id].status as string,
      }))
  const delivered = (p: { status: string }) =>
    p.status !== "REVERSED" && p.status !== "RETURNED"
  const paidOutSen = payoutRows
    .filter(
      (r) =>
        r.payout_id &&
        state.payouts[r.payout_id] &&
        delivered(state.payouts[r.payout_id])
    )
    .reduce((n, r) => n + state.payouts[r.payout_id].amount, 0)

  // each refund's share in sen: the payment's refunded total rounded, after it minus before it
  const refundList: OrderMoney["refunds"] = []
  let refundedSen = 0
  for (const paymentId of paymentIds) {
    let before = 0n // exact sum so far, in 1e-20 units
    for (const r of refunds.filter((x) => x.payment_id === paymentId)) {
      const after = before + exact(r.amount)
      refundList.push({
        refundId: r.id,
        amountSen:
          medusaAmountToSen(text(after)) - medusaAmountToSen(text(before)),
        payouts: payoutsOf(r.id),
      })
      before = after
    }
    refundedSen += medusaAmountToSen(text(before))
  }
  const m: OrderMoney = {
    orderId,
    capturedSen: captures.reduce((n, c) => n + medusaAmountToSen(c.amount), 0),
    paidSen,
    flaggedSen,
    refundedSen,
    paidOutSen,
    refunds: refundList,
    problems: [],
  }
  if (m.capturedSen !== m.paidSen)
    m.problems.push(
      `order ${orderId}: Medusa captured ${m.capturedSen} sen, svc was paid ${m.paidSen} sen`
    )
  if (m.refundedSen !== m.paidOutSen)
    m.problems.push(
      `order ${orderId}: Medusa refunded ${m.refundedSen} sen, svc paid out ${m.paidOutSen} sen`
    )
  for (const r of m.refunds) {
    // a refund of less than half a sen (the rest of a 39.852 payment) has no payout
    if (r.payouts.length !== (r.amountSen > 0 ? 1 : 0))
      m.problems.push(
        `refund ${r.refundId} (${r.amountSen} sen): ${r.payouts.length} svc payouts`
      )
    else if (r.payouts.length && r.payouts[0].amountSen !== r.amountSen)
      m.problems.push(
        `refund ${r.refundId} is ${r.amountSen} sen of the payment's refunded total, its payout ${r.payouts[0].payoutId} ${r.payouts[0].amountSen} sen`
      )
  }
  const unmatched = payoutRows.filter(
    (r) =>
      r.payout_id &&
      state.payouts[r.payout_id] &&
      !refunds.some((x) => x.id === r.refund_id)
  )
  for (const r of unmatched)
    m.problems.push(
      `payout ${r.payout_id} (${state.payouts[r.payout_id].amount} sen) has no Medusa refund on order ${orderId}`
    )
  return m
}

const SCALE = 20
/** A non-negative decimal text (Postgres numeric) as an integer of 1e-20 units. */
function exact(decimal: string): bigint {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(decimal.trim())
  if (!m) throw new Error(`not a non-negative decimal: ${decimal}`)
  return BigInt((m[1] || "0") + (m[2] ?? "").padEnd(SCALE, "0").slice(0, SCALE))
}
function text(units: bigint): string {
  const s = units.toString().padStart(SCALE + 1, "0")
  return `${s.slice(0, -SCALE)}.${s.slice(-SCALE)}`
}
