/**
 * The monthly e-invoice export (GET /admin/svc/reports/einvoice?month=): what a
 * consolidated e-invoice needs from the payment side, for the orders whose
 * buyer did not ask for their own e-invoice. Payments are the plugin's ledger
 * (svc_checkout rows svc reported COMPLETED, paid in the month, Malaysian
 * time); refunds are Medusa's refunds of svc payments made in the month (a
 * refund to the buyer's bank is one Medusa refund and one svc payout, whose id
 * is its reference). Orders and their flag are read through Query; no svc call.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SVC_MODULE } from "../svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import {
  einvoiceRequested,
  groupEinvoice,
  paymentModeOfProvider,
  paymentModeOfType,
  type EinvoicePayment,
  type EinvoiceRefund,
} from "./einvoice"
import { ordersOfSessions } from "./settlement"

type Container = MedusaContainer
const ms = (v: unknown) =>
  typeof v === "string" || v instanceof Date
    ? new Date(v).getTime()
    : Number.NaN
const MAX_ROWS = 100_000

type RefundRow = {
  id: string
  amount: unknown
  raw_amount?: unknown
  created_at: Date | string
  payment_id: string
  payment?: { provider_id?: string; payment_collection_id?: string } | null
}

type OrderRow = {
  id: string
  display_id: number | null
  metadata: Record<string, unknown> | null
}

async function ordersOf(
  container: Container,
  ids: string[]
): Promise<Map<string, OrderRow>> {
  const out = new Map<string, OrderRow>()
  if (!ids.length) return out
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "metadata"],
    filters: { id: ids },
  })
  for (const o of data as OrderRow[])
    out.set(o.id, {
      id: o.id,
      display_id: o.display_id ?? null,
      metadata: o.metadata,
    })
  return out
}

/** Why an order of the month is not in the consolidated data. */
export const EXCLUDED_BUYER_EINVOICE = "buyer_requested_einvoice"
export type ExcludedOrder = {
  order_id: string
  display_id: number | null
  reason: typeof EXCLUDED_BUYER_EINVOICE
}

async function ordersOfCollections(
  container: Container,
  ids: string[]
): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id", "payment_collection_id"],
    filters: { payment_collection_id: ids },
  })
  return new Map(
    (data as { order_id: string; payment_collection_id: string }[]).map((l) => [
      l.payment_collection_id,
      l.order_id,
    ])
  )
}

/** The month's svc payments and refunds of orders without their own e-invoice, grouped per Malaysian day and payment mode. */
export async function einvoiceReport(
  container: Container,
  period: { fromMs: number; toMs: number }
) {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const notes: string[] = []
  const from = new Date(period.fromMs)
  const to = new Date(period.toMs)

  const checkouts = await svcModule.listSvcCheckouts(
    { status: "COMPLETED", paid_at: { $gte: from, $lt: to } },
    { take: MAX_ROWS, order: { paid_at: "ASC" } }
  )
  const sessionOrders = await ordersOfSessions(
    container,
    checkouts.filter((c) => !c.order_id).map((c) => c.payment_session_id)
  )

  const payment = container.resolve<{
    listRefunds: (f: unknown, c: unknown) => Promise<RefundRow[]>
  }>(Modules.PAYMENT)
  const allRefunds = await payment.listRefunds(
    { created_at: { $gte: from.toISOString(), $lt: to.toISOString() } },
    {
      relations: ["payment"],
      select: [
        "id",
        "amount",
        "raw_amount",
        "created_at",
        "payment_id",
        "payment.provider_id",
        "payment.payment_collection_id",
      ],
      take: MAX_ROWS,
    }
  )
  const svcRefunds = allRefunds.filter(
    (r) => paymentModeOfProvider(r.payment?.provider_id) !== null
  )
  const refundOrders = await ordersOfCollections(container, [
    ...new Set(
      svcRefunds
        .map((r) => r.payment?.payment_collection_id)
        .filter((x): x is string => !!x)
    ),
  ])
  const payouts = svcRefunds.length
    ? await svcModule.listSvcPayouts(
        { refund_id: svcRefunds.map((r) => r.id) },
        { take: svcRefunds.length }
      )
    : []
  const payoutOf = new Map(
    payouts
      .filter((p) => p.refund_id && p.payout_id)
      .map((p) => [p.refund_id as string, p.payout_id as string])
  )

  const orderIdOf = (c: (typeof checkouts)[number]) =>
    c.order_id ?? sessionOrders.get(c.payment_session_id) ?? null
  const orderIds = [
    ...new Set(
      [
        ...checkouts.map(orderIdOf),
        ...svcRefunds.map((r) =>
          refundOrders.get(r.payment?.payment_collection_id ?? "")
        ),
      ].filter((x): x is string => !!x)
    ),
  ]
  const orders = await ordersOf(container, orderIds)
  const own = new Set(
    [...orders]
      .filter(([, o]) => einvoiceRequested(o.metadata))
      .map(([id]) => id)
  )

  const payments: EinvoicePayment[] = []
  const unplaced: string[] = []
  for (const c of checkouts) {
    const orderId = orderIdOf(c)
    const mode = paymentModeOfType(c.type)
    if (!orderId || !orders.has(orderId) || !c.checkout_id || !mode) {
      unplaced.push(c.checkout_id ?? c.id)
      continue
    }
    if (own.has(orderId)) continue
    payments.push({
      order_id: orderId,
      reference: c.checkout_id,
      tx_hash: c.tx_hash ?? null,
      mode,
      amount_sen: BigInt(c.amount_sen),
      paid_at_ms: ms(c.paid_at),
    })
  }
  if (unplaced.length)
    notes.push(
      `${unplaced.length} svc payment(s) of the month have no Medusa order (left out; see the settlement export): ${unplaced.join(" ")}`
    )

  const refunds: EinvoiceRefund[] = []
  for (const r of svcRefunds) {
    const orderId = refundOrders.get(r.payment?.payment_collection_id ?? "")
    const mode = paymentModeOfProvider(r.payment?.provider_id)
    if (!orderId || !mode || own.has(orderId)) continue
    refunds.push({
      order_id: orderId,
      reference: payoutOf.get(r.id) ?? r.id,
      mode,
      amount_sen: BigInt(
        medusaAmountToSen(r.raw_amount ?? r.amount, "refund amount")
      ),
      at_ms: ms(r.created_at),
    })
  }
  const excluded: ExcludedOrder[] = [...own]
    .sort()
    .map((id) => ({
      order_id: id,
      display_id: orders.get(id)?.display_id ?? null,
      reason: EXCLUDED_BUYER_EINVOICE,
    }))
  if (excluded.length) {
    const list = excluded
      .map((o) =>
        o.display_id == null ? o.order_id : `${o.order_id} (#${o.display_id})`
      )
      .join(" ")
    notes.push(
      `${excluded.length} order(s) left out: the buyer asked for their own e-invoice: ${list}`
    )
  }
  return {
    ...groupEinvoice(payments, refunds),
    excluded_orders: excluded,
    notes,
  }
}
