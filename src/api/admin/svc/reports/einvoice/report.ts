/**
 * The monthly e-invoice export (GET /admin/svc/reports/einvoice?month=): what a
 * consolidated e-invoice needs from the payment side, for the orders whose
 * buyer did not ask for their own e-invoice. Payments are the plugin's ledger
 * (svc_checkout rows svc reported COMPLETED, paid in the month, Malaysian
 * time); refunds are Medusa's refunds of svc payments made in the month (a
 * refund to the buyer's bank is one Medusa refund and one svc payout, whose id
 * is its reference). Orders and their flag are read through Query; no svc call.
 */
import type { MedusaContainer, OrderDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SVC_MODULE } from "../../../../../modules/svc"
import type SvcModuleService from "../../../../../modules/svc/service"
import { medusaAmountToSen } from "../../../../../rules/medusa-amount"
import {
  einvoiceRequested,
  groupEinvoice,
  paymentModeOfProvider,
  paymentModeOfType,
  type EinvoicePayment,
  type EinvoiceRefund,
  withOrders,
} from "./myinvois"
import { REFUND_FIELDS } from "../../../../../lib/medusa-data/medusa-reads"

const MAX_ROWS = 100_000

type RefundRow = {
  id: string
  amount: unknown
  raw_amount?: unknown
  created_at: Date | string
  payment?: {
    provider_id?: string
    payment_collection?: { order?: { id: string } | null } | null
  } | null
  /** the svc payout made for it (src/links/refund-svc-payout.ts) */
  svc_payout?: { payout_id: string | null } | null
}

type OrderRow = Pick<OrderDTO, "id" | "display_id" | "metadata">

/** Why an order of the month is not in the consolidated data. */
const EXCLUDED_BUYER_EINVOICE = "buyer_requested_einvoice"

/** The month's svc payments and refunds of orders without their own e-invoice, grouped per Malaysian day and payment mode. */
export async function einvoiceReport(
  container: MedusaContainer,
  period: { fromMs: number; toMs: number }
) {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const notes: string[] = []
  const from = new Date(period.fromMs)
  const to = new Date(period.toMs)

  const checkouts = await withOrders(
    container,
    await svcModule.listSvcCheckouts(
      { status: "COMPLETED", paid_at: { $gte: from, $lt: to } },
      { take: MAX_ROWS, order: { paid_at: "ASC" } }
    )
  )

  // the month's refunds with their payment's provider and order and their svc payout, in one read
  const refundRows: RefundRow[] = (
    await query.graph({
      entity: "refund",
      fields: [
        ...REFUND_FIELDS,
        "payment.provider_id",
        "payment.payment_collection.order.id",
        "svc_payout.payout_id",
      ],
      filters: {
        created_at: { $gte: from.toISOString(), $lt: to.toISOString() },
      },
      pagination: { take: MAX_ROWS },
    })
  ).data
  const svcRefunds = refundRows.flatMap((r) => {
    const mode = paymentModeOfProvider(r.payment?.provider_id)
    return mode
      ? [{ ...r, mode, orderId: r.payment?.payment_collection?.order?.id }]
      : []
  })

  const orderIds = [
    ...new Set([
      ...checkouts.map((c) => c.order_id),
      ...svcRefunds.map((r) => r.orderId),
    ]),
  ].filter((x): x is string => !!x)
  const orderRows: OrderRow[] = orderIds.length
    ? (
        await query.graph({
          entity: "order",
          fields: ["id", "display_id", "metadata"],
          filters: { id: orderIds },
        })
      ).data
    : []
  const orders = new Map(orderRows.map((o) => [o.id, o.display_id ?? null]))
  const own = new Set(
    orderRows.filter((o) => einvoiceRequested(o.metadata)).map((o) => o.id)
  )

  const payments: EinvoicePayment[] = []
  const unplaced: string[] = []
  for (const c of checkouts) {
    const mode = paymentModeOfType(c.type)
    if (!c.order_id || !orders.has(c.order_id) || !c.checkout_id || !mode)
      unplaced.push(c.checkout_id ?? c.id)
    else if (!own.has(c.order_id))
      payments.push({
        order_id: c.order_id,
        reference: c.checkout_id,
        tx_hash: c.tx_hash ?? null,
        mode,
        amount_sen: BigInt(c.amount_sen),
        paid_at_ms: new Date(c.paid_at ?? Number.NaN).getTime(),
      })
  }
  if (unplaced.length)
    notes.push(
      `${unplaced.length} svc payment(s) of the month have no Medusa order (left out; see the settlement export): ${unplaced.join(" ")}`
    )

  const refunds = svcRefunds.flatMap((r): EinvoiceRefund[] =>
    !r.orderId || own.has(r.orderId)
      ? []
      : [
          {
            order_id: r.orderId,
            reference: r.svc_payout?.payout_id ?? r.id,
            mode: r.mode,
            amount_sen: BigInt(
              medusaAmountToSen(r.raw_amount ?? r.amount, "refund amount")
            ),
            at_ms: new Date(r.created_at).getTime(),
          },
        ]
  )
  const excluded = [...own].sort().map((id) => ({
    order_id: id,
    display_id: orders.get(id) ?? null,
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
