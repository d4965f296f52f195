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
import { SVC_MODULE } from "../../../../../modules/svc"
import type SvcModuleService from "../../../../../modules/svc/service"
import { svcFromContainer } from "../../../../../lib/svc-runtime/config"
import type { Checkout } from "../../../../../client"
import {
  csvFile,
  csvTable,
  groupBy,
  mytDay,
  mytTimestamp,
  rmText,
  senOf,
} from "../csv"
import type { Period } from "../validators"
import { paymentModeOfType, withOrders } from "../einvoice/myinvois"

type Kind =
  "checkout" | "refund_payout" | "payout" | "fiat_withdrawal" | "token_transfer"

/** One money movement, its fields named as the file's columns; what it does not name is an empty field. */
type Movement = {
  kind: Kind
  direction: "in" | "out"
  order_id?: string | null
  svc_id?: string | null
  medusa_id?: string
  medusa_status?: string
  svc_status?: string | null
  at: unknown
  amount_sen: bigint | null
  fee_sen?: bigint | null
  net_sen?: bigint | null
  fee_mode?: string | null
  tx_hash?: string | null
  counted: boolean
  match: string
  /** MyInvois payment mode of a checkout (03 FPX, 06 svc wallet; docs/einvoice.md) */
  payment_mode?: string | null
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

/** Newest-first pages of an svc list until one ends before `olderThanMs` (by default an hour before the period; or the list ends). */
async function listBack<T extends { createdAt: string }>(
  what: string,
  { p, notes }: Pick<Ctx, "p" | "notes">,
  fetchPage: (q: { limit: number; cursor?: string }) => Promise<unknown>,
  olderThanMs = p.fromMs - HOUR
): Promise<T[]> {
  const out: T[] = []
  let cursor: string | undefined
  for (let i = 0; i < MAX_PAGES; i++) {
    // payouts and wallet transactions are loose JSON in svc's spec
    const page = (await fetchPage({ limit: PAGE, cursor })) as Page<T>
    const data = Array.isArray(page?.data) ? page.data : []
    out.push(...data)
    const last = data[data.length - 1]
    if (
      !page?.hasMore ||
      !page.nextCursor ||
      (last && ms(last.createdAt) < olderThanMs)
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
const inPeriod = (v: unknown, p: Period) => ms(v) >= p.fromMs && ms(v) < p.toMs

/** Our ledger rows created in the period, oldest first. */
const createdIn = (p: Period) =>
  [
    { created_at: { $gte: new Date(p.fromMs), $lt: new Date(p.toMs) } },
    { take: 100_000, order: { created_at: "ASC" as const } },
  ] as const

/** A movement as svc lists it. */
type SvcRecord = { status: string; amount: unknown; txHash?: string | null }

/** What differs between Medusa's record (amount, status, tx hash) and svc's, or "ok". */
function compare(
  amount: bigint | null,
  status: string,
  tx: string | null | undefined,
  s: SvcRecord
): string {
  const svcAmount = senOf(s.amount)
  const diffs: string[] = []
  if (amount !== null && svcAmount !== null && amount !== svcAmount)
    diffs.push(`amount: Medusa ${amount} sen, svc ${svcAmount} sen`)
  if (status && s.status && status !== s.status)
    diffs.push(`status: Medusa ${status}, svc ${s.status}`)
  if (tx && s.txHash && tx.toLowerCase() !== s.txHash.toLowerCase())
    diffs.push(`txHash: Medusa ${tx}, svc ${s.txHash}`)
  return diffs.length ? `MISMATCH ${diffs.join("; ")}` : "ok"
}

/**
 * Our records, each beside svc's record of the same id, then the records of
 * svc's list we have none of (`svcOnly` null: not a movement of the period).
 */
function matched<S>(
  svcList: S[],
  svcIdOf: (s: S) => string,
  ours: {
    svcId: string | null | undefined
    row: (s: S | undefined) => Movement
  }[],
  svcOnly: (s: S) => Movement | null
): Movement[] {
  const byId = new Map(svcList.map((s) => [svcIdOf(s), s]))
  const known = new Set(ours.map((o) => o.svcId))
  return [
    ...ours.map((o) => o.row(o.svcId ? byId.get(o.svcId) : undefined)),
    ...svcList.flatMap((s) =>
      known.has(svcIdOf(s)) ? [] : (svcOnly(s) ?? [])
    ),
  ]
}

function feeMode(c: Checkout | undefined): string | null {
  if (!c || c.type === "SVC_ACCOUNT") return null
  const amount = senOf(c.amount)
  const fee = senOf(c.fee)
  const net = senOf(c.netAmount)
  if (amount === null || fee === null || net === null || fee === 0n) return null
  if (net === amount - fee) return "DEDUCT_FROM_AMOUNT"
  if (net === amount) return "CHARGE_TO_PREFUND"
  return null
}

/** What each list of movements reads from, and the notes it leaves. */
const context = (container: MedusaContainer, p: Period) => ({
  container,
  client: svcFromContainer(container).client,
  svcModule: container.resolve<SvcModuleService>(SVC_MODULE),
  p,
  notes: new Array<string>(),
})
type Ctx = ReturnType<typeof context>

async function checkoutRows({ container, client, svcModule, p, notes }: Ctx) {
  const svcList = await listBack<Checkout>(
    "checkouts",
    { p, notes },
    (q) =>
      client.checkout.list({
        ...q,
        status: "COMPLETED",
        startDt: new Date(p.fromMs - HOUR).toISOString(),
        endDt: new Date(p.toMs).toISOString(),
      }),
    Number.NEGATIVE_INFINITY
  )
  const paidIn = (s: Checkout) => !!s.paidAt && inPeriod(s.paidAt, p)
  const ours = await svcModule.listSvcCheckouts(
    { paid_at: { $gte: new Date(p.fromMs), $lt: new Date(p.toMs) } },
    { take: 100_000, order: { paid_at: "ASC" } }
  )
  const ourIds = new Set(ours.map((c) => c.checkout_id))
  // svc says paid in the period, Medusa has no paid_at there: find the ledger row anyway
  const svcOnlyIds = svcList
    .filter((c) => paidIn(c) && !ourIds.has(c.checkoutId))
    .map((c) => c.checkoutId)
  const all = await withOrders(
    container,
    svcOnlyIds.length
      ? [
          ...ours,
          ...(await svcModule.listSvcCheckouts(
            { checkout_id: svcOnlyIds },
            { take: svcOnlyIds.length }
          )),
        ]
      : ours
  )
  /** Our checkout `c` beside svc's record `s`; no `c`: svc's only. */
  const checkoutRow = (
    c: (typeof all)[number] | undefined,
    s: Checkout | undefined
  ): Movement => {
    const amount = senOf(c ? c.amount_sen : s?.amount)
    const svcStatus = s?.status ?? null
    return {
      kind: "checkout",
      direction: "in",
      order_id: c?.order_id,
      svc_id: c ? c.checkout_id : s?.checkoutId,
      medusa_id: c?.id,
      medusa_status: c?.status,
      svc_status: svcStatus,
      at: c?.paid_at ?? s?.paidAt,
      amount_sen: amount,
      fee_sen: senOf(s?.fee),
      net_sen: senOf(s?.netAmount),
      fee_mode: feeMode(s),
      tx_hash: c?.tx_hash ?? s?.txHash,
      counted: !c || !NOT_MOVED.has(svcStatus ?? c.status),
      payment_mode: paymentModeOfType(c?.type ?? s?.type),
      match: !c
        ? "MISMATCH only in svc: Medusa has no record of this checkout"
        : !s
          ? "MISMATCH not among svc's COMPLETED checkouts"
          : !c.paid_at
            ? `MISMATCH Medusa has no payment time (status ${c.status}); svc paid at ${s.paidAt}`
            : compare(amount, c.status, c.tx_hash, s),
    }
  }
  return matched(
    svcList,
    (s) => s.checkoutId,
    all.map((c) => ({ svcId: c.checkout_id, row: (s) => checkoutRow(c, s) })),
    (s) => (paidIn(s) ? checkoutRow(undefined, s) : null)
  )
}

/** One of our outgoing requests (payout, withdrawal, transfer): its ledger row and what the row names differently. */
type LedgerOut = Pick<
  Movement,
  "kind" | "svc_id" | "fee_sen" | "net_sen" | "tx_hash"
> & {
  r: {
    id: string
    status: string
    amount_sen: unknown
    created_at: unknown
    failure_reason: string | null
    order_id?: string | null
  }
  /** named in "no svc …" when the request never reached svc */
  what: string
  /** the match when svc's list does not have it */
  notInSvc: string
}

type SvcOut = SvcRecord & { createdAt: string }

/** An outgoing request beside svc's record `s` (undefined: not in svc's list). */
function ledgerOutRow(o: LedgerOut, s: SvcOut | undefined): Movement {
  const { r, what, notInSvc, ...named } = o
  const { svc_id } = named
  const amount = senOf(r.amount_sen)
  return {
    ...named,
    direction: "out",
    order_id: r.order_id,
    medusa_id: r.id,
    medusa_status: r.status,
    svc_status: s?.status,
    at: r.created_at,
    amount_sen: amount,
    tx_hash: o.tx_hash ?? s?.txHash,
    counted: !!svc_id && !NOT_MOVED.has(s?.status ?? r.status),
    match: !svc_id
      ? `no svc ${what} (status ${r.status}${r.failure_reason ? `: ${r.failure_reason}` : ""})`
      : !s
        ? notInSvc
        : compare(amount, r.status, o.tx_hash, s),
  }
}

/** An outgoing movement in svc's list of the period that Medusa did not request; counted unless its status moved no money. */
const svcOutRow = (
  p: Period,
  s: SvcOut,
  r: Pick<
    Movement,
    "kind" | "svc_id" | "fee_sen" | "net_sen" | "tx_hash" | "match"
  >
): Movement | null =>
  inPeriod(s.createdAt, p)
    ? {
        ...r,
        direction: "out",
        svc_status: s.status,
        at: s.createdAt,
        amount_sen: senOf(s.amount),
        counted: !NOT_MOVED.has(s.status),
      }
    : null

type SvcPayout = SvcOut & {
  payoutId: string
  fee: string | null
  netAmount?: string | null
}

async function payoutRows({ client, svcModule, p, notes }: Ctx) {
  const svcList = await listBack<SvcPayout>("payouts", { p, notes }, (q) =>
    client.payouts.list(q)
  )
  const ours = await svcModule.listSvcPayouts(...createdIn(p))
  return matched(
    svcList,
    (s) => s.payoutId,
    ours.map((o) => ({
      svcId: o.payout_id,
      row: (s) =>
        ledgerOutRow(
          {
            kind: "refund_payout",
            r: o,
            svc_id: o.payout_id,
            fee_sen: senOf(s?.fee) ?? senOf(o.fee_sen),
            net_sen: senOf(s?.netAmount),
            what: "payout",
            notInSvc: "MISMATCH not in svc's payout list",
          },
          s
        ),
    })),
    (s) =>
      svcOutRow(p, s, {
        kind: "payout",
        svc_id: s.payoutId,
        fee_sen: senOf(s.fee),
        net_sen: senOf(s.netAmount),
        match: "MISMATCH only in svc: not a refund made from Medusa",
      })
  )
}

type SvcTransaction = SvcOut & { id: string; type: string }

async function walletRows({ client, svcModule, p, notes }: Ctx) {
  const svcList = await listBack<SvcTransaction>(
    "wallet transactions",
    { p, notes },
    (q) => client.wallet.transactions(q)
  )
  const notInSvc = "MISMATCH not in svc's wallet transactions"
  const ours: LedgerOut[] = [
    ...(await svcModule.listSvcWithdrawals(...createdIn(p))).map((w) => ({
      kind: "fiat_withdrawal" as const,
      r: w,
      svc_id: w.withdrawal_id,
      what: "withdrawal",
      notInSvc,
    })),
    ...(await svcModule.listSvcTokenTransfers(...createdIn(p))).map((t) => ({
      kind: "token_transfer" as const,
      r: t,
      svc_id: t.transfer_id,
      fee_sen: senOf(t.fee_sen),
      tx_hash: t.tx_hash,
      what: "transfer",
      notInSvc:
        t.status === "CREATED"
          ? "not yet in svc's transactions (an EVM transfer is listed once it leaves CREATED)"
          : notInSvc,
    })),
  ]
  return matched(
    svcList,
    (s) => s.id,
    ours.map((o) => ({ svcId: o.svc_id, row: (s) => ledgerOutRow(o, s) })),
    (s) =>
      s.type === "FIAT_WITHDRAWAL" || s.type === "TOKEN_WITHDRAWAL"
        ? svcOutRow(p, s, {
            kind:
              s.type === "FIAT_WITHDRAWAL"
                ? "fiat_withdrawal"
                : "token_transfer",
            svc_id: s.id,
            tx_hash: s.txHash,
            match:
              "MISMATCH only in svc: not requested from Medusa (svc's dashboard, or a deposit to a trigger address)",
          })
        : null
  )
}

const COLUMNS =
  "day,kind,direction,order_id,svc_id,medusa_id,medusa_status,svc_status,at,amount_sen,amount_rm,fee_sen,fee_rm,net_sen,net_rm,fee_mode,tx_hash,counted,match,payment_mode,at_myt".split(
    ","
  )

const rm = (sen: bigint | null | undefined) => (sen == null ? "" : rmText(sen))
/** A line's amounts: the same value in RM beside each sen. */
const withRm = <T extends Pick<Movement, "amount_sen" | "fee_sen" | "net_sen">>(
  r: T
) => ({
  ...r,
  amount_rm: rm(r.amount_sen),
  fee_rm: rm(r.fee_sen),
  net_rm: rm(r.net_sen),
})

const sum = (rows: Movement[], k: "amount_sen" | "fee_sen" | "net_sen") =>
  rows.reduce((s, r) => s + (r[k] ?? 0n), 0n)

/** Total lines under `day`: the counted movements summed per kind and direction, in the order each first comes. */
const totals = (rows: Movement[], day: string, label: string) =>
  [
    ...groupBy(
      rows.filter((r) => r.counted),
      (r) => `${r.kind} ${r.direction}`
    ).values(),
  ].map((g) =>
    withRm({
      day,
      kind: `${label}:${g[0].kind}`,
      direction: g[0].direction,
      counted: g.length,
      amount_sen: sum(g, "amount_sen"),
      fee_sen: sum(g, "fee_sen"),
      net_sen: sum(g, "net_sen"),
    })
  )

/**
 * Every movement of the period with svc's record beside it, day by day with
 * each day's totals, then the period's totals and the notes as `#` lines.
 */
export async function settlementReport(
  container: MedusaContainer,
  p: Period
): Promise<{ csv: string; mismatches: number }> {
  const ctx = context(container, p)
  const rows = (
    await Promise.all([checkoutRows(ctx), payoutRows(ctx), walletRows(ctx)])
  )
    .flat()
    .map((r) => ({ ...r, day: mytDay(ms(r.at)), at: iso(r.at) }))
    .sort((a, b) => a.at.localeCompare(b.at))
  const mismatches = rows.filter((r) => r.match.startsWith("MISMATCH")).length
  // rows in time order: their Malaysian days come in order
  const lines = [...groupBy(rows, (r) => r.day)].flatMap(([day, ofDay]) => [
    ...ofDay.map((r) => ({
      ...withRm(r),
      counted: r.counted ? "yes" : "no",
      at_myt: mytTimestamp(Date.parse(r.at)),
    })),
    ...totals(ofDay, day, "day_total"),
  ])
  lines.push(...totals(rows, `${p.from}..${p.to}`, "period_total"))
  const span = `${new Date(p.fromMs).toISOString()} to ${new Date(p.toMs).toISOString()}`
  return {
    mismatches,
    csv: csvFile(csvTable(COLUMNS, lines), [
      `period ${span} (days in Malaysia time); ${rows.length} movements; ${mismatches} flagged MISMATCH`,
      ...ctx.notes,
    ]),
  }
}
