/**
 * The finance export (GET /admin/svc/reports/settlement.csv): one row per money
 * movement in a period, as Medusa recorded it, matched to svc's own record:
 * checkouts paid (in), refund payouts, fiat withdrawals and token transfers
 * (out). svc's side is read through list endpoints only, a page of 100 at a
 * time (never one read per row: the account's rate budget is shared with
 * shoppers): completed checkouts created in the period (and the hour before,
 * a link lives 20 minutes), payouts and wallet transactions newest first until
 * the page is older than the period. Amounts are integer sen (bigint sums),
 * with the same value in RM beside them.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SVC_MODULE } from "../svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"
import { svcFromContainer } from "../svc-runtime/config"
import type { SvcClient } from "../../client"
import { csvLine, rmText, senOf } from "./csv"
import { mytDay, type Period } from "./period"
import { mytTimestamp, paymentModeOfType } from "./einvoice"

type Container = MedusaContainer
type Kind =
  "checkout" | "refund_payout" | "payout" | "fiat_withdrawal" | "token_transfer"

export type MovementRow = {
  day: string
  kind: Kind
  direction: "in" | "out"
  order_id: string | null
  svc_id: string | null
  medusa_id: string | null
  medusa_status: string | null
  svc_status: string | null
  at: string
  amount: bigint | null
  fee: bigint | null
  net: bigint | null
  fee_mode: string | null
  tx_hash: string | null
  counted: boolean
  match: string
  /** MyInvois payment mode of a checkout (03 FPX, 06 svc wallet; docs/einvoice.md), null for other movements */
  payment_mode: string | null
}

/** Statuses under which the money did not (or no longer does) move. */
const NOT_MOVED = new Set([
  "FAILED",
  "REJECTED",
  "CANCELLED",
  "REVERSED",
  "RETURNED",
  "CREATING",
  "REQUESTED",
  "CREATE_FAILED",
  "EXPIRED",
])
const PAGE = 100
/** A list stops after this many pages (10,000 records) and says so in the file. */
const MAX_PAGES = 100
const HOUR = 60 * 60 * 1000

type Page<T> = { data?: T[]; hasMore?: boolean; nextCursor?: string | null }

/** Newest-first pages until one ends before `olderThanMs` (or the list ends). */
async function listBack<T>(
  fetchPage: (cursor: string | undefined) => Promise<unknown>,
  createdAt: (t: T) => number,
  olderThanMs: number,
  notes: string[],
  what: string
): Promise<T[]> {
  const out: T[] = []
  let cursor: string | undefined
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = (await fetchPage(cursor)) as Page<T>
    const data = Array.isArray(page?.data) ? page.data : []
    out.push(...data)
    const last = data[data.length - 1]
    if (
      !page?.hasMore ||
      !page.nextCursor ||
      (last && createdAt(last) < olderThanMs)
    )
      return out
    cursor = page.nextCursor
  }
  notes.push(
    `${what}: stopped after ${MAX_PAGES} pages of svc's list; rows beyond may show as not found in svc`
  )
  return out
}

const ms = (v: unknown) =>
  typeof v === "string" || v instanceof Date
    ? new Date(v).getTime()
    : Number.NaN
const iso = (v: unknown) =>
  Number.isNaN(ms(v)) ? "" : new Date(ms(v)).toISOString()
const inPeriod = (t: number, p: Period) => t >= p.fromMs && t < p.toMs

/** A newest-first svc list (payouts, wallet transactions), read back to an hour before the period. */
function listSince<T extends { createdAt: string }>(
  list: (q: { limit: number; cursor?: string }) => Promise<unknown>,
  p: Period,
  notes: string[],
  what: string
): Promise<T[]> {
  return listBack<T>(
    (cursor) => list({ limit: PAGE, ...(cursor ? { cursor } : {}) }),
    (x) => ms(x.createdAt),
    p.fromMs - HOUR,
    notes,
    what
  )
}

/** Our ledger rows created in the period, oldest first. */
const createdIn = (p: Period) =>
  [
    { created_at: { $gte: new Date(p.fromMs), $lt: new Date(p.toMs) } },
    { take: 100_000, order: { created_at: "ASC" as const } },
  ] as const

/** One of our outgoing requests (payout, withdrawal, transfer), matched to svc's record `s` (undefined: not in svc's list). */
type LedgerOut = {
  kind: Kind
  id: string
  svcId: string | null | undefined
  orderId: string | null
  status: string
  amount: unknown
  fee: bigint | null
  net: bigint | null
  tx: string | null
  at: unknown
  why: string | null | undefined
  /** named in "no svc …" when the request never reached svc */
  what: string
  /** the match when svc's list does not have it */
  notInSvc: string
}
function ledgerOutRow(
  o: LedgerOut,
  s: { status: string; amount: string; txHash?: string | null } | undefined
): MovementRow {
  const medusaAmount = senOf(o.amount)
  const status = s?.status ?? o.status
  return {
    day: mytDay(ms(o.at)),
    kind: o.kind,
    direction: "out",
    order_id: o.orderId,
    svc_id: o.svcId ?? null,
    medusa_id: o.id,
    medusa_status: o.status,
    svc_status: s?.status ?? null,
    at: iso(o.at),
    amount: medusaAmount,
    fee: o.fee,
    net: o.net,
    fee_mode: null,
    tx_hash: o.tx ?? s?.txHash ?? null,
    counted: !!o.svcId && !NOT_MOVED.has(status),
    payment_mode: null,
    match: !o.svcId
      ? `no svc ${o.what} (status ${o.status}${o.why ? `: ${o.why}` : ""})`
      : !s
        ? o.notInSvc
        : compare({
            medusaAmount,
            svcAmount: senOf(s.amount),
            medusaStatus: o.status,
            svcStatus: s.status,
            medusaTx: o.tx,
            svcTx: s.txHash,
          }),
  }
}

type SvcOnly = Pick<
  MovementRow,
  | "kind"
  | "direction"
  | "svc_id"
  | "svc_status"
  | "amount"
  | "fee"
  | "net"
  | "fee_mode"
  | "tx_hash"
  | "match"
> & {
  at: string
  counted?: boolean
  payment_mode?: string | null
}

/** A movement in svc's list that Medusa has no record of; counted unless its status moved no money. */
function svcOnlyRow(r: SvcOnly): MovementRow {
  return {
    day: mytDay(ms(r.at)),
    kind: r.kind,
    direction: r.direction,
    order_id: null,
    svc_id: r.svc_id,
    medusa_id: null,
    medusa_status: null,
    svc_status: r.svc_status,
    at: iso(r.at),
    amount: r.amount,
    fee: r.fee,
    net: r.net,
    fee_mode: r.fee_mode,
    tx_hash: r.tx_hash,
    counted: r.counted ?? !NOT_MOVED.has(r.svc_status ?? ""),
    match: r.match,
    payment_mode: r.payment_mode ?? null,
  }
}

/** What differs between Medusa's and svc's record, or "ok". */
function compare(parts: {
  medusaAmount: bigint | null
  svcAmount: bigint | null
  medusaStatus: string | null
  svcStatus: string | null
  medusaTx?: string | null
  svcTx?: string | null
}): string {
  const diffs: string[] = []
  if (
    parts.medusaAmount !== null &&
    parts.svcAmount !== null &&
    parts.medusaAmount !== parts.svcAmount
  )
    diffs.push(
      `amount: Medusa ${parts.medusaAmount} sen, svc ${parts.svcAmount} sen`
    )
  if (
    parts.medusaStatus &&
    parts.svcStatus &&
    parts.medusaStatus !== parts.svcStatus
  )
    diffs.push(`status: Medusa ${parts.medusaStatus}, svc ${parts.svcStatus}`)
  if (
    parts.medusaTx &&
    parts.svcTx &&
    parts.medusaTx.toLowerCase() !== parts.svcTx.toLowerCase()
  )
    diffs.push(`txHash: Medusa ${parts.medusaTx}, svc ${parts.svcTx}`)
  return diffs.length ? `MISMATCH ${diffs.join("; ")}` : "ok"
}

type SvcCheckoutItem = {
  checkoutId: string
  type: string
  status: string
  amount: string
  fee: string
  netAmount: string
  txHash: string | null
  paidAt: string | null
  createdAt: string
}

function feeMode(c: SvcCheckoutItem | undefined): string | null {
  if (!c || c.type === "SVC_ACCOUNT") return null
  const amount = senOf(c.amount)
  const fee = senOf(c.fee)
  const net = senOf(c.netAmount)
  if (amount === null || fee === null || net === null || fee === 0n) return null
  if (net === amount - fee) return "DEDUCT_FROM_AMOUNT"
  if (net === amount) return "CHARGE_TO_PREFUND"
  return null
}

/** The order of each checkout's payment session (session → payment collection → order), in two reads. */
export async function ordersOfSessions(
  container: Container,
  sessionIds: string[]
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (!sessionIds.length) return out
  const payment = container.resolve<{
    listPaymentSessions: (
      f: unknown,
      c: unknown
    ) => Promise<{ id: string; payment_collection_id: string }[]>
  }>(Modules.PAYMENT)
  const sessions = await payment.listPaymentSessions(
    { id: sessionIds },
    { select: ["id", "payment_collection_id"], take: sessionIds.length }
  )
  const collections = [...new Set(sessions.map((s) => s.payment_collection_id))]
  if (!collections.length) return out
  const query = container.resolve<{
    graph: (
      q: unknown
    ) => Promise<{
      data: { order_id: string; payment_collection_id: string }[]
    }>
  }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order_id", "payment_collection_id"],
    filters: { payment_collection_id: collections },
  })
  const orderOf = new Map(
    data.map((l) => [l.payment_collection_id, l.order_id])
  )
  for (const s of sessions) {
    const o = orderOf.get(s.payment_collection_id)
    if (o) out.set(s.id, o)
  }
  return out
}

async function checkoutRows(
  container: Container,
  client: SvcClient,
  svcModule: SvcModuleService,
  p: Period,
  notes: string[]
): Promise<MovementRow[]> {
  const svcList = await listBack<SvcCheckoutItem>(
    (cursor) =>
      client.checkout.list({
        limit: PAGE,
        status: "COMPLETED",
        startDt: new Date(p.fromMs - HOUR).toISOString(),
        endDt: new Date(p.toMs).toISOString(),
        ...(cursor ? { cursor } : {}),
      }),
    (c) => ms(c.createdAt),
    Number.NEGATIVE_INFINITY,
    notes,
    "checkouts"
  )
  const svcById = new Map(svcList.map((c) => [c.checkoutId, c]))
  const ours = await svcModule.listSvcCheckouts(
    { paid_at: { $gte: new Date(p.fromMs), $lt: new Date(p.toMs) } },
    { take: 100_000, order: { paid_at: "ASC" } }
  )
  const ourIds = new Set(ours.map((c) => c.checkout_id))
  // svc says paid in the period, Medusa has no paid_at there: find the ledger row anyway
  const svcOnlyIds = svcList
    .filter(
      (c) => c.paidAt && inPeriod(ms(c.paidAt), p) && !ourIds.has(c.checkoutId)
    )
    .map((c) => c.checkoutId)
  const others = svcOnlyIds.length
    ? await svcModule.listSvcCheckouts(
        { checkout_id: svcOnlyIds },
        { take: svcOnlyIds.length }
      )
    : []
  const orders = await ordersOfSessions(
    container,
    [...ours, ...others]
      .filter((c) => !c.order_id)
      .map((c) => c.payment_session_id)
  )
  const rows: MovementRow[] = []
  for (const c of [...ours, ...others]) {
    const s = c.checkout_id ? svcById.get(c.checkout_id) : undefined
    const at = c.paid_at ? ms(c.paid_at) : ms(s?.paidAt)
    const medusaAmount = senOf(c.amount_sen)
    const svcStatus = s?.status ?? null
    rows.push({
      day: mytDay(at),
      kind: "checkout",
      direction: "in",
      order_id: c.order_id ?? orders.get(c.payment_session_id) ?? null,
      svc_id: c.checkout_id ?? null,
      medusa_id: c.id,
      medusa_status: c.status,
      svc_status: svcStatus,
      at: new Date(at).toISOString(),
      amount: medusaAmount,
      fee: senOf(s?.fee),
      net: senOf(s?.netAmount),
      fee_mode: feeMode(s),
      tx_hash: c.tx_hash ?? s?.txHash ?? null,
      counted: !NOT_MOVED.has(svcStatus ?? c.status),
      payment_mode: paymentModeOfType(c.type ?? s?.type),
      match: !s
        ? "MISMATCH not among svc's COMPLETED checkouts"
        : !c.paid_at
          ? `MISMATCH Medusa has no payment time (status ${c.status}); svc paid at ${s.paidAt}`
          : compare({
              medusaAmount,
              svcAmount: senOf(s.amount),
              medusaStatus: c.status,
              svcStatus,
              medusaTx: c.tx_hash,
              svcTx: s.txHash,
            }),
    })
  }
  const known = new Set([...ours, ...others].map((c) => c.checkout_id))
  for (const s of svcList) {
    if (known.has(s.checkoutId) || !s.paidAt || !inPeriod(ms(s.paidAt), p))
      continue
    rows.push(
      svcOnlyRow({
        kind: "checkout",
        direction: "in",
        svc_id: s.checkoutId,
        svc_status: s.status,
        at: s.paidAt,
        amount: senOf(s.amount),
        fee: senOf(s.fee),
        net: senOf(s.netAmount),
        fee_mode: feeMode(s),
        tx_hash: s.txHash,
        counted: true,
        payment_mode: paymentModeOfType(s.type),
        match: "MISMATCH only in svc: Medusa has no record of this checkout",
      })
    )
  }
  return rows
}

type SvcPayoutItem = {
  payoutId: string
  status: string
  amount: string
  fee: string | null
  netAmount?: string | null
  createdAt: string
}

async function payoutRows(
  client: SvcClient,
  svcModule: SvcModuleService,
  p: Period,
  notes: string[]
): Promise<MovementRow[]> {
  const svcList = await listSince<SvcPayoutItem>(
    (q) => client.payouts.list(q),
    p,
    notes,
    "payouts"
  )
  const svcById = new Map(svcList.map((x) => [x.payoutId, x]))
  const ours = await svcModule.listSvcPayouts(...createdIn(p))
  const rows: MovementRow[] = []
  const known = new Set<string>()
  for (const o of ours) {
    const s = o.payout_id ? svcById.get(o.payout_id) : undefined
    if (o.payout_id) known.add(o.payout_id)
    rows.push(
      ledgerOutRow(
        {
          kind: "refund_payout",
          id: o.id,
          svcId: o.payout_id,
          orderId: o.order_id ?? null,
          status: o.status,
          amount: o.amount_sen,
          fee: senOf(s?.fee) ?? senOf(o.fee_sen),
          net: senOf(s?.netAmount),
          tx: null,
          at: o.created_at,
          why: o.failure_reason,
          what: "payout",
          notInSvc: "MISMATCH not in svc's payout list",
        },
        s
      )
    )
  }
  for (const s of svcList) {
    if (known.has(s.payoutId) || !inPeriod(ms(s.createdAt), p)) continue
    rows.push(
      svcOnlyRow({
        kind: "payout",
        direction: "out",
        svc_id: s.payoutId,
        svc_status: s.status,
        at: s.createdAt,
        amount: senOf(s.amount),
        fee: senOf(s.fee),
        net: senOf(s.netAmount),
        fee_mode: null,
        tx_hash: null,
        match: "MISMATCH only in svc: not a refund made from Medusa",
      })
    )
  }
  return rows
}

type SvcTransaction = {
  id: string
  type: string
  status: string
  amount: string
  txHash: string | null
  createdAt: string
}

async function walletRows(
  client: SvcClient,
  svcModule: SvcModuleService,
  p: Period,
  notes: string[]
): Promise<MovementRow[]> {
  const svcList = await listSince<SvcTransaction>(
    (q) => client.wallet.transactions(q),
    p,
    notes,
    "wallet transactions"
  )
  const svcById = new Map(svcList.map((x) => [x.id, x]))
  const withdrawals = await svcModule.listSvcWithdrawals(...createdIn(p))
  const transfers = await svcModule.listSvcTokenTransfers(...createdIn(p))
  const rows: MovementRow[] = []
  const known = new Set<string>()
  const ours = [
    ...withdrawals.map((w) => ({
      kind: "fiat_withdrawal" as const,
      id: w.id,
      svcId: w.withdrawal_id,
      status: w.status,
      amount: w.amount_sen,
      fee: null as unknown,
      tx: null as string | null,
      at: w.created_at,
      why: w.failure_reason,
    })),
    ...transfers.map((t) => ({
      kind: "token_transfer" as const,
      id: t.id,
      svcId: t.transfer_id,
      status: t.status,
      amount: t.amount_sen,
      fee: t.fee_sen as unknown,
      tx: t.tx_hash,
      at: t.created_at,
      why: t.failure_reason,
    })),
  ]
  for (const o of ours) {
    const s = o.svcId ? svcById.get(o.svcId) : undefined
    if (o.svcId) known.add(o.svcId)
    const notInSvc =
      o.kind === "token_transfer" && o.status === "CREATED"
        ? "not yet in svc's transactions (an EVM transfer is listed once it leaves CREATED)"
        : "MISMATCH not in svc's wallet transactions"
    rows.push(
      ledgerOutRow(
        {
          ...o,
          orderId: null,
          fee: senOf(o.fee),
          net: null,
          what: o.kind === "token_transfer" ? "transfer" : "withdrawal",
          notInSvc,
        },
        s
      )
    )
  }
  for (const s of svcList) {
    if (known.has(s.id) || !inPeriod(ms(s.createdAt), p)) continue
    if (s.type !== "FIAT_WITHDRAWAL" && s.type !== "TOKEN_WITHDRAWAL") continue
    rows.push(
      svcOnlyRow({
        kind:
          s.type === "FIAT_WITHDRAWAL" ? "fiat_withdrawal" : "token_transfer",
        direction: "out",
        svc_id: s.id,
        svc_status: s.status,
        at: s.createdAt,
        amount: senOf(s.amount),
        fee: null,
        net: null,
        fee_mode: null,
        tx_hash: s.txHash,
        match:
          "MISMATCH only in svc: not requested from Medusa (svc's dashboard, or a deposit to a trigger address)",
      })
    )
  }
  return rows
}

export const CSV_HEADER = [
  "day",
  "kind",
  "direction",
  "order_id",
  "svc_id",
  "medusa_id",
  "medusa_status",
  "svc_status",
  "at",
  "amount_sen",
  "amount_rm",
  "fee_sen",
  "fee_rm",
  "net_sen",
  "net_rm",
  "fee_mode",
  "tx_hash",
  "counted",
  "match",
  "payment_mode",
  "at_myt",
]

type Total = { count: number; amount: bigint; fee: bigint; net: bigint }

function addTo(map: Map<string, Total>, key: string, r: MovementRow) {
  const t = map.get(key) ?? { count: 0, amount: 0n, fee: 0n, net: 0n }
  t.count += 1
  t.amount += r.amount ?? 0n
  t.fee += r.fee ?? 0n
  t.net += r.net ?? 0n
  map.set(key, t)
}

const money = (v: bigint | null) => (v === null ? ["", ""] : [v, rmText(v)])

/** Every movement of the period with svc's record beside it, then totals per day and kind, then for the period. */
export async function settlementReport(container: Container, p: Period) {
  const { client } = svcFromContainer(container)
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const notes: string[] = []
  const [checkouts, payouts, wallet] = await Promise.all([
    checkoutRows(container, client, svcModule, p, notes),
    payoutRows(client, svcModule, p, notes),
    walletRows(client, svcModule, p, notes),
  ])
  const rows = [...checkouts, ...payouts, ...wallet].sort((a, b) =>
    a.at.localeCompare(b.at)
  )
  const perDay = new Map<string, Total>()
  const perPeriod = new Map<string, Total>()
  for (const r of rows) {
    if (!r.counted) continue
    addTo(perDay, `${r.day}\t${r.kind}\t${r.direction}`, r)
    addTo(perPeriod, `${r.kind}\t${r.direction}`, r)
  }
  return {
    rows,
    perDay,
    perPeriod,
    notes,
    mismatches: rows.filter((r) => r.match.startsWith("MISMATCH")).length,
  }
}

/** The report as CSV text (header, movements, day totals, period totals, notes as `#` lines). */
export function settlementCsv(
  report: Awaited<ReturnType<typeof settlementReport>>,
  p: Period
): string {
  const lines = [csvLine(CSV_HEADER)]
  const days = [...new Set(report.rows.map((r) => r.day))].sort()
  for (const day of days) {
    for (const r of report.rows.filter((x) => x.day === day)) {
      lines.push(
        csvLine([
          r.day,
          r.kind,
          r.direction,
          r.order_id,
          r.svc_id,
          r.medusa_id,
          r.medusa_status,
          r.svc_status,
          r.at,
          ...money(r.amount),
          ...money(r.fee),
          ...money(r.net),
          r.fee_mode,
          r.tx_hash,
          r.counted ? "yes" : "no",
          r.match,
          r.payment_mode,
          r.at ? mytTimestamp(Date.parse(r.at)) : "",
        ])
      )
    }
    for (const [key, t] of [...report.perDay].filter(([k]) =>
      k.startsWith(`${day}\t`)
    )) {
      const [, kind, direction] = key.split("\t")
      lines.push(
        csvLine([
          day,
          `day_total:${kind}`,
          direction,
          "",
          "",
          "",
          "",
          "",
          "",
          ...money(t.amount),
          ...money(t.fee),
          ...money(t.net),
          "",
          "",
          t.count,
          "",
          "",
          "",
        ])
      )
    }
  }
  for (const [key, t] of report.perPeriod) {
    const [kind, direction] = key.split("\t")
    lines.push(
      csvLine([
        `${p.from}..${p.to}`,
        `period_total:${kind}`,
        direction,
        "",
        "",
        "",
        "",
        "",
        "",
        ...money(t.amount),
        ...money(t.fee),
        ...money(t.net),
        "",
        "",
        t.count,
        "",
        "",
        "",
      ])
    )
  }
  lines.push(
    `# period ${new Date(p.fromMs).toISOString()} to ${new Date(p.toMs).toISOString()} (days in Malaysia time); ${report.rows.length} movements; ${report.mismatches} flagged MISMATCH`
  )
  for (const n of report.notes) lines.push(`# ${n.replace(/[\r\n]/g, " ")}`)
  return lines.join("\r\n") + "\r\n"
}
