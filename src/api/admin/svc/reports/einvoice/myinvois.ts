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
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { updateOrderWorkflow } from "@medusajs/core-flows"
import { csvFile, csvLine, mytDay, rmText } from "../csv"

export type PaymentModeCode = "03" | "06"
export const PAYMENT_MODE_NAMES: Record<PaymentModeCode, string> = {
  "03": "Bank Transfer",
  "06": "e-Wallet / Digital Wallet",
}

/** The MyInvois payment mode of an svc checkout type: FPX (hosted or direct) is 03, the svc wallet 06; anything else null. */
export function paymentModeOfType(
  checkoutType: string | null | undefined
): PaymentModeCode | null {
  if (checkoutType === "SVC_ACCOUNT") return "06"
  if (checkoutType === "FPX_HOSTED" || checkoutType === "FPX_DIRECT")
    return "03"
  return null
}

/** The MyInvois payment mode of a Medusa payment provider id (pp_svc-wallet_svc: 06; pp_svc-fpx_svc, pp_svc-fpx-direct_svc: 03). */
export function paymentModeOfProvider(
  providerId: string | null | undefined
): PaymentModeCode | null {
  if (!providerId) return null
  if (/^pp_svc-wallet_/.test(providerId)) return "06"
  if (/^pp_svc-fpx(-direct)?_/.test(providerId)) return "03"
  return null
}

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

/** One Medusa refund of such a payment (made as an svc payout or otherwise). */
export type EinvoiceRefund = {
  order_id: string
  /** svc's payout id when the refund was paid by svc, else Medusa's refund id */
  reference: string
  mode: PaymentModeCode
  amount_sen: bigint
  at_ms: number
}

const noSums = () => ({
  payment_count: 0,
  gross_sen: 0n,
  refund_count: 0,
  refunds_sen: 0n,
  net_sen: 0n,
})
export type EinvoiceTotals = ReturnType<typeof noSums>
export type EinvoiceGroup = EinvoiceTotals & {
  day: string
  payment_mode: PaymentModeCode
  payment_mode_name: string
  references: string[]
  refund_references: string[]
  order_ids: string[]
}

/**
 * Payments by the Malaysian day they were paid, refunds by the Malaysian day
 * they were made, each under its payment mode; sums in integer sen (bigint).
 * Sorted by day, then mode; references in time order.
 */
export function groupEinvoice(
  payments: EinvoicePayment[],
  refunds: EinvoiceRefund[]
): { groups: EinvoiceGroup[]; totals: EinvoiceTotals } {
  const groups = new Map<string, EinvoiceGroup>()
  const group = (atMs: number, mode: PaymentModeCode, orderId: string) => {
    const day = mytDay(atMs)
    const key = `${day} ${mode}`
    const g = groups.get(key) ?? {
      day,
      payment_mode: mode,
      payment_mode_name: PAYMENT_MODE_NAMES[mode],
      ...noSums(),
      references: [],
      refund_references: [],
      order_ids: [],
    }
    groups.set(key, g)
    if (!g.order_ids.includes(orderId)) g.order_ids.push(orderId)
    return g
  }
  for (const p of [...payments].sort((a, b) => a.paid_at_ms - b.paid_at_ms)) {
    const g = group(p.paid_at_ms, p.mode, p.order_id)
    g.payment_count += 1
    g.gross_sen += p.amount_sen
    g.references.push(p.reference)
  }
  for (const r of [...refunds].sort((a, b) => a.at_ms - b.at_ms)) {
    const g = group(r.at_ms, r.mode, r.order_id)
    g.refund_count += 1
    g.refunds_sen += r.amount_sen
    g.refund_references.push(r.reference)
  }
  const totals = noSums()
  const sorted = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, g]) => g)
  for (const g of sorted) {
    g.net_sen = g.gross_sen - g.refunds_sen
    totals.payment_count += g.payment_count
    totals.gross_sen += g.gross_sen
    totals.refund_count += g.refund_count
    totals.refunds_sen += g.refunds_sen
    totals.net_sen += g.net_sen
  }
  return { groups: sorted, totals }
}

/** The counts and sums of a group or the month, sen beside RM. */
const sums = (t: EinvoiceTotals) => [
  t.payment_count,
  t.gross_sen,
  rmText(t.gross_sen),
  t.refund_count,
  t.refunds_sen,
  rmText(t.refunds_sen),
  t.net_sen,
  rmText(t.net_sen),
]

/** The monthly export as CSV (RFC 4180, CRLF): one line per day and mode, then the month's total, then `#` notes. Lists are space-separated. */
export function einvoiceCsv(
  month: string,
  r: { groups: EinvoiceGroup[]; totals: EinvoiceTotals },
  notes: string[] = []
): string {
  const header = [
    "day",
    "payment_mode",
    "payment_mode_name",
    "payment_count",
    "gross_sen",
    "gross_rm",
    "refund_count",
    "refunds_sen",
    "refunds_rm",
    "net_sen",
    "net_rm",
    "svc_references",
    "refund_references",
    "order_ids",
  ]
  const lines = [
    csvLine(header),
    ...r.groups.map((g) =>
      csvLine([
        g.day,
        g.payment_mode,
        g.payment_mode_name,
        ...sums(g),
        g.references.join(" "),
        g.refund_references.join(" "),
        g.order_ids.join(" "),
      ])
    ),
    csvLine([month, "total", "", ...sums(r.totals), "", "", ""]),
  ]
  return csvFile(lines, [
    `month ${month} in Malaysia time (UTC+08:00); orders whose buyer asked for their own e-invoice are left out`,
    ...notes,
  ])
}

/** A group or the month's totals as JSON: sen as integers, RM as exact text. */
export function sumsJson<T extends EinvoiceTotals>(g: T) {
  return {
    ...g,
    gross_sen: Number(g.gross_sen),
    gross_rm: rmText(g.gross_sen),
    refunds_sen: Number(g.refunds_sen),
    refunds_rm: rmText(g.refunds_sen),
    net_sen: Number(g.net_sen),
    net_rm: rmText(g.net_sen),
  }
}

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
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "customer_id", "metadata"],
    filters: { id },
  })
  const order:
    | { customer_id: string | null; metadata: Record<string, unknown> | null }
    | undefined = data[0]
  if (
    !order ||
    (owner && (!owner.customer_id || order.customer_id !== owner.customer_id))
  )
    throw new MedusaError(MedusaError.Types.NOT_FOUND, notFound)
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

/** The order of each checkout's payment session, through its payment collection, in one Query call. */
export async function ordersOfSessions(
  container: MedusaContainer,
  sessionIds: string[]
): Promise<Map<string, string>> {
  if (!sessionIds.length) return new Map()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: sessionIds },
  })
  const sessions: {
    id: string
    payment_collection?: { order?: { id: string } | null } | null
  }[] = data
  return new Map(
    sessions.flatMap((s) => {
      const order = s.payment_collection?.order?.id
      return order ? [[s.id, order]] : []
    })
  )
}
