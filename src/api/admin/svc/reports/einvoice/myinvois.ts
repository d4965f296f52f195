/**
 * E-invoice data from the payment side (docs/einvoice.md): the MyInvois
 * payment mode of an svc payment, the monthly grouping a consolidated
 * e-invoice takes (per Malaysian day and payment mode: totals, refunds, svc's
 * references), and the buyer's own e-invoice request on a cart or order.
 *
 * Payment modes are LHDN's code list ("Payment Modes",
 * https://sdk.myinvois.hasil.gov.my/codes/payment-methods/): 01 Cash, 02
 * Cheque, 03 Bank Transfer, 04 Credit Card, 05 Debit Card, 06 e-Wallet /
 * Digital Wallet, 07 Digital Bank, 08 Others. svc's checkouts use two of them.
 */
import type { MedusaContainer, OrderDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/core-flows"
import { csvFile, csvTable, groupBy, mytDay, rmText } from "../csv"
import { graphOne } from "../../../../../lib/medusa-data/medusa-reads"
import { notFound as notFoundError } from "../../../../../lib/svc-runtime/errors"

export type PaymentModeCode = "03" | "06"
export const PAYMENT_MODE_NAMES: Record<PaymentModeCode, string> = {
  "03": "Bank Transfer",
  "06": "e-Wallet / Digital Wallet",
}

/** 06 when `of` is the svc wallet's (`wallet`), 03 when FPX's (`fpx`), else null. */
const modeOf =
  (wallet: RegExp, fpx: RegExp) =>
  (of: string | null | undefined): PaymentModeCode | null =>
    !of ? null : wallet.test(of) ? "06" : fpx.test(of) ? "03" : null
/** The MyInvois payment mode of an svc checkout type: FPX (hosted or direct) is 03, the svc wallet 06; anything else null. */
export const paymentModeOfType = modeOf(
  /^SVC_ACCOUNT$/,
  /^FPX_(HOSTED|DIRECT)$/
)
/** The MyInvois payment mode of a Medusa payment provider id (pp_svc-wallet_svc: 06; pp_svc-fpx_svc, pp_svc-fpx-direct_svc: 03). */
export const paymentModeOfProvider = modeOf(
  /^pp_svc-wallet_/,
  /^pp_svc-fpx(-direct)?_/
)

/** One svc payment of an order without its own e-invoice. */
export type EinvoicePayment = {
  order_id: string
  /** svc's checkout id: the reference on svc's statement */
  reference: string
  tx_hash: string | null
  mode: PaymentModeCode
  amount_sen: bigint
  paid_at_ms: number
}

/** One Medusa refund of such a payment (made as an svc payout or otherwise): its reference is svc's payout id when svc paid it, else Medusa's refund id. */
export type EinvoiceRefund = Omit<EinvoicePayment, "tx_hash" | "paid_at_ms"> & {
  at_ms: number
}

const amountOf = (xs: { amount_sen: bigint }[]) =>
  xs.reduce((sum, x) => sum + x.amount_sen, 0n)

/** The counts and sums (integer sen, bigint) of payments and refunds. */
function sums(pay: { amount_sen: bigint }[], back: { amount_sen: bigint }[]) {
  const gross_sen = amountOf(pay)
  const refunds_sen = amountOf(back)
  return {
    payment_count: pay.length,
    gross_sen,
    refund_count: back.length,
    refunds_sen,
    net_sen: gross_sen - refunds_sen,
  }
}
export type EinvoiceTotals = ReturnType<typeof sums>

/**
 * Payments by the Malaysian day they were paid, refunds by the Malaysian day
 * they were made, each under its payment mode; sums in integer sen (bigint).
 * Sorted by day, then mode; references in time order.
 */
export function groupEinvoice(
  payments: EinvoicePayment[],
  refunds: EinvoiceRefund[]
) {
  const byTime = <T extends { at_ms: number }>(xs: T[]) =>
    [...xs].sort((a, b) => a.at_ms - b.at_ms)
  const all = [
    ...byTime(
      payments.map((p) => ({ ...p, at_ms: p.paid_at_ms, back: false }))
    ),
    ...byTime(refunds.map((r) => ({ ...r, back: true }))),
  ]
  const groups = [...groupBy(all, (x) => `${mytDay(x.at_ms)} ${x.mode}`)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, xs]) => {
      const pay = xs.filter((x) => !x.back)
      const back = xs.filter((x) => x.back)
      return {
        day: key.slice(0, 10),
        payment_mode: xs[0].mode,
        payment_mode_name: PAYMENT_MODE_NAMES[xs[0].mode],
        ...sums(pay, back),
        references: pay.map((x) => x.reference),
        refund_references: back.map((x) => x.reference),
        order_ids: [...new Set(xs.map((x) => x.order_id))],
      }
    })
  return { groups, totals: sums(payments, refunds) }
}
export type EinvoiceGroup = ReturnType<typeof groupEinvoice>["groups"][number]

/** The RM of a group's or the month's sums, exact text. */
const rmOf = (t: EinvoiceTotals) => ({
  gross_rm: rmText(t.gross_sen),
  refunds_rm: rmText(t.refunds_sen),
  net_rm: rmText(t.net_sen),
})

const COLUMNS =
  "day,payment_mode,payment_mode_name,payment_count,gross_sen,gross_rm,refund_count,refunds_sen,refunds_rm,net_sen,net_rm,svc_references,refund_references,order_ids".split(
    ","
  )

/** The monthly export as CSV (RFC 4180, CRLF): one line per day and mode, then the month's total, then `#` notes. Lists are space-separated. */
export function einvoiceCsv(
  month: string,
  r: { groups: EinvoiceGroup[]; totals: EinvoiceTotals },
  notes: string[] = []
): string {
  const lines = [
    ...r.groups.map((g) => ({
      ...g,
      ...rmOf(g),
      svc_references: g.references,
    })),
    { ...r.totals, ...rmOf(r.totals), day: month, payment_mode: "total" },
  ]
  return csvFile(csvTable(COLUMNS, lines), [
    `month ${month} in Malaysia time (UTC+08:00); orders whose buyer asked for their own e-invoice are left out`,
    ...notes,
  ])
}

/** A group or the month's totals as JSON: sen as integers, RM as exact text. */
export const sumsJson = <T extends EinvoiceTotals>(g: T) => ({
  ...g,
  ...rmOf(g),
  gross_sen: Number(g.gross_sen),
  refunds_sen: Number(g.refunds_sen),
  net_sen: Number(g.net_sen),
})

/** The order metadata key of the buyer's own e-invoice request (set on the cart, carried to the order by Medusa's cart completion). */
export const EINVOICE_FLAG = "svc_einvoice_requested"

/** Whether an order's (or cart's) metadata says its buyer asked for their own e-invoice: only `true` counts. */
export function einvoiceRequested(
  metadata: Record<string, unknown> | null | undefined
): boolean {
  return metadata?.[EINVOICE_FLAG] === true
}

/**
 * An order's e-invoice flag, or `notFound` as a 404; with `owner` (the
 * store's signed-in customer) only that customer's order is found.
 */
export async function orderEinvoice(
  scope: MedusaContainer,
  id: string,
  notFound: string,
  owner?: { customer_id: string | undefined }
): Promise<boolean> {
  const order = await graphOne<Pick<OrderDTO, "customer_id" | "metadata">>(
    scope.resolve(ContainerRegistrationKeys.QUERY),
    "order",
    id,
    ["id", "customer_id", "metadata"]
  )
  if (
    !order ||
    (owner && (!owner.customer_id || order.customer_id !== owner.customer_id))
  )
    throw notFoundError(notFound)
  return einvoiceRequested(order.metadata)
}

/**
 * Sets the flag through Medusa's updateOrderWorkflow (metadata is merged, and
 * the change is recorded in the order's history with who made it); answers
 * the flag as `read` finds it after (and refuses before).
 */
export async function setOrderEinvoice(
  scope: MedusaContainer,
  input: { id: string; user_id: string; requested: boolean },
  read: () => Promise<boolean>
): Promise<boolean> {
  await read()
  await updateOrderWorkflow(scope).run({
    input: {
      id: input.id,
      user_id: input.user_id,
      metadata: { [EINVOICE_FLAG]: input.requested },
    },
  })
  return read()
}

/** Checkouts with their order: their own, else their payment session's (through its payment collection, in one Query call). */
export async function withOrders<
  C extends { order_id: string | null; payment_session_id: string },
>(container: MedusaContainer, checkouts: C[]): Promise<C[]> {
  const ids = checkouts
    .filter((c) => !c.order_id)
    .map((c) => c.payment_session_id)
  if (!ids.length) return checkouts
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: ids },
  })
  const sessions: {
    id: string
    payment_collection?: { order?: { id: string } | null } | null
  }[] = data
  const orders = new Map(
    sessions.map((s) => [s.id, s.payment_collection?.order?.id])
  )
  return checkouts.map((c) => ({
    ...c,
    order_id: c.order_id ?? orders.get(c.payment_session_id) ?? null,
  }))
}
