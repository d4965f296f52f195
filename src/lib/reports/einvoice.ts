/**
 * E-invoice data from the payment side (docs/einvoice.md): the MyInvois
 * payment mode of an svc payment, the time paid in Malaysian time, and the
 * monthly grouping a consolidated e-invoice takes (per Malaysian day and
 * payment mode: totals, refunds, svc's references). Pure: no Medusa, no svc.
 *
 * Payment modes are LHDN's code list ("Payment Modes",
 * https://sdk.myinvois.hasil.gov.my/codes/payment-methods/): 01 Cash, 02
 * Cheque, 03 Bank Transfer, 04 Credit Card, 05 Debit Card, 06 e-Wallet /
 * Digital Wallet, 07 Digital Bank, 08 Others. svc's checkouts use two of them.
 */
import { csvLine, rmText } from "./csv"
import { mytDay, MYT_OFFSET_MS } from "./period"

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

/**
 * An instant in Malaysian time, ISO 8601 with its offset: 2026-11-27T11:20:05+08:00.
 * Asia/Kuala_Lumpur is UTC+8 all year (no daylight saving), so the offset is a
 * constant added in integer milliseconds; no locale or time zone database is read.
 */
export function mytTimestamp(ms: number): string {
  if (!Number.isSafeInteger(ms)) return ""
  return `${new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}

export const MONTH_RULE =
  "must be a month YYYY-MM (Malaysian calendar), from 2000-01 to 2100-12"

/** A Malaysian calendar month as [fromMs, toMs): from 00:00 on its 1st to 00:00 on the next month's 1st, Malaysian time; null when not a month. */
export function monthPeriod(
  month: string
): { fromMs: number; toMs: number } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  if (!m) return null
  const year = Number(m[1])
  const mon = Number(m[2])
  if (year < 2000 || year > 2100) return null
  return {
    fromMs: Date.UTC(year, mon - 1, 1) - MYT_OFFSET_MS,
    toMs: Date.UTC(year, mon, 1) - MYT_OFFSET_MS,
  }
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

export type EinvoiceGroup = {
  day: string
  payment_mode: PaymentModeCode
  payment_mode_name: string
  payment_count: number
  gross_sen: bigint
  refund_count: number
  refunds_sen: bigint
  net_sen: bigint
  references: string[]
  refund_references: string[]
  order_ids: string[]
}

export type EinvoiceTotals = {
  payment_count: number
  gross_sen: bigint
  refund_count: number
  refunds_sen: bigint
  net_sen: bigint
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
  const group = (day: string, mode: PaymentModeCode) => {
    const key = `${day} ${mode}`
    let g = groups.get(key)
    if (!g) {
      g = {
        day,
        payment_mode: mode,
        payment_mode_name: PAYMENT_MODE_NAMES[mode],
        payment_count: 0,
        gross_sen: 0n,
        refund_count: 0,
        refunds_sen: 0n,
        net_sen: 0n,
        references: [],
        refund_references: [],
        order_ids: [],
      }
      groups.set(key, g)
    }
    return g
  }
  const addOrder = (g: EinvoiceGroup, id: string) => {
    if (!g.order_ids.includes(id)) g.order_ids.push(id)
  }
  for (const p of [...payments].sort((a, b) => a.paid_at_ms - b.paid_at_ms)) {
    const g = group(mytDay(p.paid_at_ms), p.mode)
    g.payment_count += 1
    g.gross_sen += p.amount_sen
    g.references.push(p.reference)
    addOrder(g, p.order_id)
  }
  for (const r of [...refunds].sort((a, b) => a.at_ms - b.at_ms)) {
    const g = group(mytDay(r.at_ms), r.mode)
    g.refund_count += 1
    g.refunds_sen += r.amount_sen
    g.refund_references.push(r.reference)
    addOrder(g, r.order_id)
  }
  const totals: EinvoiceTotals = {
    payment_count: 0,
    gross_sen: 0n,
    refund_count: 0,
    refunds_sen: 0n,
    net_sen: 0n,
  }
  const sorted = [...groups.values()].sort((a, b) =>
    a.day === b.day
      ? a.payment_mode.localeCompare(b.payment_mode)
      : a.day < b.day
        ? -1
        : 1
  )
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

export const EINVOICE_CSV_HEADER = [
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

/** The monthly export as CSV (RFC 4180, CRLF): one line per day and mode, then the month's total, then `#` notes. Lists are space-separated. */
export function einvoiceCsv(
  month: string,
  r: { groups: EinvoiceGroup[]; totals: EinvoiceTotals },
  notes: string[] = []
): string {
  const lines = [csvLine(EINVOICE_CSV_HEADER)]
  for (const g of r.groups) {
    lines.push(
      csvLine([
        g.day,
        g.payment_mode,
        g.payment_mode_name,
        g.payment_count,
        g.gross_sen,
        rmText(g.gross_sen),
        g.refund_count,
        g.refunds_sen,
        rmText(g.refunds_sen),
        g.net_sen,
        rmText(g.net_sen),
        g.references.join(" "),
        g.refund_references.join(" "),
        g.order_ids.join(" "),
      ])
    )
  }
  const t = r.totals
  lines.push(
    csvLine([
      month,
      "total",
      "",
      t.payment_count,
      t.gross_sen,
      rmText(t.gross_sen),
      t.refund_count,
      t.refunds_sen,
      rmText(t.refunds_sen),
      t.net_sen,
      rmText(t.net_sen),
      "",
      "",
      "",
    ])
  )
  lines.push(
    `# month ${month} in Malaysia time (UTC+08:00); orders whose buyer asked for their own e-invoice are left out`
  )
  for (const n of notes) lines.push(`# ${n.replace(/[\r\n]/g, " ")}`)
  return lines.join("\r\n") + "\r\n"
}

/** A group as JSON: sen as integers, RM as exact text. */
export function groupJson(g: EinvoiceGroup) {
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

export function totalsJson(t: EinvoiceTotals) {
  return {
    payment_count: t.payment_count,
    gross_sen: Number(t.gross_sen),
    gross_rm: rmText(t.gross_sen),
    refund_count: t.refund_count,
    refunds_sen: Number(t.refunds_sen),
    refunds_rm: rmText(t.refunds_sen),
    net_sen: Number(t.net_sen),
    net_rm: rmText(t.net_sen),
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
