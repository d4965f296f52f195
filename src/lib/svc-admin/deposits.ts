import { depositSchema, type Deposit } from "../../client/schemas/deposits"
import { appendEntry } from "../money/admin-input"
import { adminDeps, withDepositLock, type Container } from "./context"
import { adminSvcError, notAllowed, notFound } from "./errors"

/** The svc area of a deposit, as the admin routes name it. */
export type AdminArea = "wallet" | "payout"
import { depositReasonSaid, depositSummarySaid } from "./words"
import { say, spoken } from "../texts"

export type DepositArea = "WALLET" | "PAYOUT"
export const toDepositArea = (a: AdminArea): DepositArea =>
  a === "wallet" ? "WALLET" : "PAYOUT"

const resource = (
  client: ReturnType<typeof adminDeps>["client"],
  area: DepositArea
) => (area === "WALLET" ? client.wallet.deposits : client.payouts.deposits)

export type StoreOutcome =
  "created" | "updated" | "unchanged" | "ignored_after_completed"

/**
 * Store a deposit as read from svc. A stored COMPLETED never moves back (spec:
 * Deposit status: a retry can emit PROCESSING after COMPLETED): such a read is
 * recorded in the history and ignored. A COMPLETED deposit's result may still
 * change (a redrive starts a withdrawal, the bank transfer moves on).
 */
export async function storeDeposit(
  container: Container,
  area: DepositArea,
  d: Deposit,
  source: string
): Promise<{
  outcome: StoreOutcome
  row: Awaited<ReturnType<typeof readStored>>
}> {
  const { svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcDeposits({ deposit_id: d.id })
  const result = {
    result_status: d.result?.status ?? null,
    status_reason: d.result?.statusReason ?? null,
    withdrawal_id: d.result?.withdrawal?.id ?? null,
    withdrawal_status: d.result?.withdrawal?.status ?? null,
    withdrawal_amount_sen: d.result?.withdrawal?.amount ?? null,
  }
  const fields = {
    area,
    tx_hash: d.txHash,
    chain_id: d.chainId,
    log_index: d.logIndex,
    token_id: d.tokenId,
    amount: d.amount,
    from_address: d.from,
    confirmations: d.confirmations,
    trigger_address: d.triggerAddress,
    destination_type: d.destination?.type ?? null,
    destination_id: d.destination?.id ?? null,
    destination_name: d.destination?.name ?? null,
    svc_created_at: d.createdAt,
    svc_updated_at: d.updatedAt,
  }
  if (!row) {
    const created = await svcModule.createSvcDeposits({
      deposit_id: d.id,
      status: d.status,
      ...fields,
      ...result,
      status_history: appendEntry(
        null,
        d.status,
        source,
        result.result_status
          ? `result ${result.result_status}${result.status_reason ? ` (${result.status_reason})` : ""}`
          : undefined
      ),
    })
    return { outcome: "created", row: created }
  }
  if (row.status === "COMPLETED" && d.status !== "COMPLETED") {
    const updated = await svcModule.updateSvcDeposits({
      id: row.id,
      status_history: appendEntry(
        row.status_history,
        d.status,
        source,
        "ignored: the deposit is already COMPLETED and never moves back (spec: Deposit status)"
      ),
    })
    return { outcome: "ignored_after_completed", row: updated }
  }
  const same =
    row.status === d.status &&
    row.result_status === result.result_status &&
    row.status_reason === result.status_reason &&
    row.withdrawal_id === result.withdrawal_id &&
    row.withdrawal_status === result.withdrawal_status
  if (same) return { outcome: "unchanged", row }
  const updated = await svcModule.updateSvcDeposits({
    id: row.id,
    status: d.status,
    ...fields,
    ...result,
    status_history: appendEntry(
      row.status_history,
      d.status,
      source,
      result.result_status
        ? `result ${result.result_status}${result.status_reason ? ` (${result.status_reason})` : ""}${result.withdrawal_status ? `, withdrawal ${result.withdrawal_status}` : ""}`
        : undefined
    ),
  })
  return { outcome: "updated", row: updated }
}

async function readStored(container: Container, depositId: string) {
  const { svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcDeposits({ deposit_id: depositId })
  return row
}

/** A stored deposit for the admin: the summary and the reason in words, each with its code and values (src/lib/texts). */
export function depositView<
  R extends {
    status: string
    result_status: string | null
    status_reason: string | null
    withdrawal_id: string | null
    withdrawal_status: string | null
    trigger_address: string | null
    chain_id: number
  },
>(r: R) {
  return {
    ...r,
    ...spoken("summary", depositSummarySaid(r)),
    ...spoken("status_reason_words", depositReasonSaid(r.status_reason)),
    // a redrive is for a deposit that started no transfer (svc returns an existing one unchanged)
    can_redrive:
      r.status === "COMPLETED" &&
      Boolean(r.trigger_address) &&
      !r.withdrawal_id,
  }
}

/** Re-read one deposit from svc and store it. The caller holds the deposit's lock (withDepositLock). */
export async function refreshDeposit(
  container: Container,
  area: DepositArea,
  depositId: string,
  source: string
) {
  const { client } = adminDeps(container)
  const d = await resource(client, area).retrieve(depositId)
  return storeDeposit(container, area, d, source)
}

/**
 * Look a deposit up by id: svc is asked (the area given, else the stored one,
 * else the wallet area and then the payout area) and the answer is stored.
 */
export async function lookUpDeposit(
  container: Container,
  depositId: string,
  area?: AdminArea
) {
  const stored = await readStored(container, depositId)
  const areas: DepositArea[] = area
    ? [area === "wallet" ? "WALLET" : "PAYOUT"]
    : stored
      ? [stored.area as DepositArea]
      : ["WALLET", "PAYOUT"]
  let last: unknown
  for (const a of areas) {
    try {
      const { row } = await withDepositLock(container, depositId, () =>
        refreshDeposit(container, a, depositId, "lookup")
      )
      return depositView(row!)
    } catch (e) {
      last = e
      if ((e as { status?: number }).status !== 404) break
    }
  }
  throw adminSvcError(last, "looking up the deposit")
}

/** Withdrawal statuses that still move (spec: Fiat withdrawal status). */
const OPEN_WITHDRAWAL = ["PENDING", "PROCESSING"]

/**
 * Deposits whose withdrawal is still open, re-read from svc (at most `max`
 * of those untouched for 30 s). A payout-area transfer sends
 * payout.withdrawal.updated (the inbox re-reads its deposit); a wallet-area
 * one sends wallet.withdrawal.updated, which the settlements path handles and
 * which does not name the deposit, so these are followed by reading.
 */
export async function sweepOpenDeposits(
  container: Container,
  max = 5,
  minAgeMs = 30_000
) {
  const { svcModule } = adminDeps(container)
  const before = new Date(Date.now() - minAgeMs)
  const candidates = await svcModule.listSvcDeposits(
    { withdrawal_status: OPEN_WITHDRAWAL, updated_at: { $lt: before } },
    { take: 100, order: { updated_at: "ASC" } }
  )
  // an unchanged read writes nothing, so the same oldest rows would be picked every time: take a random few
  const open = candidates.sort(() => Math.random() - 0.5).slice(0, max)
  let refreshed = 0
  for (const d of open) {
    try {
      await withDepositLock(container, d.deposit_id, () =>
        refreshDeposit(container, d.area as DepositArea, d.deposit_id, "poll")
      )
      refreshed++
    } catch {
      // svc not answering: the next list tries again
    }
  }
  return { refreshed }
}

export async function listDeposits(
  container: Container,
  q: {
    limit: number
    offset: number
    area?: AdminArea
    status?: string
    destination_id?: string
  }
) {
  const { svcModule } = adminDeps(container)
  await sweepOpenDeposits(container)
  const filters: Record<string, unknown> = {}
  if (q.area) filters.area = toDepositArea(q.area)
  if (q.status) filters.status = q.status
  if (q.destination_id) filters.destination_id = q.destination_id
  const [rows, count] = await svcModule.listAndCountSvcDeposits(filters, {
    take: q.limit,
    skip: q.offset,
    order: { created_at: "DESC" },
  })
  return {
    deposits: rows.map(depositView),
    count,
    limit: q.limit,
    offset: q.offset,
  }
}

/**
 * Check a missed transaction (EVM only: `txHash` is 0x + 64 hex, spec). Read
 * `status` before `depositIds`: QUEUED means wait for the webhook (do not
 * resend); ALREADY_DETECTED lists the deposits, which are then read and stored.
 */
export async function checkMissedTransaction(
  container: Container,
  input: { area: AdminArea; tx_hash: string; chain_id: number }
) {
  const { client } = adminDeps(container)
  const area = toDepositArea(input.area)
  let r: { status: string; depositIds?: unknown }
  try {
    r = (await resource(client, area).checkMissed({
      txHash: input.tx_hash,
      chainId: input.chain_id,
    })) as { status: string; depositIds?: unknown }
  } catch (e) {
    throw adminSvcError(e, "checking a missed transaction")
  }
  if (r.status === "QUEUED") {
    return {
      status: r.status,
      deposits: [],
      ...spoken("message", say("deposit.checkQueued")),
    }
  }
  const ids = Array.isArray(r.depositIds)
    ? r.depositIds.filter((x): x is string => typeof x === "string")
    : []
  const deposits = []
  for (const id of ids) {
    try {
      deposits.push(
        depositView(
          (
            await withDepositLock(container, id, () =>
              refreshDeposit(container, area, id, "check-missed")
            )
          ).row!
        )
      )
    } catch {
      deposits.push({ deposit_id: id })
    }
  }
  return {
    status: r.status,
    deposits,
    ...spoken(
      "message",
      r.status === "ALREADY_DETECTED"
        ? say("deposit.checkKnown", { n: ids.length })
        : say("deposit.checkAnswered", { status: r.status })
    ),
  }
}

/**
 * Redrive a deposit that started no transfer. Only a stored COMPLETED deposit
 * from a trigger address is sent to svc; anything else is refused here,
 * before any call (svc answers 400 INVALID_REQUEST before COMPLETED). svc may
 * be asked again: a deposit that has a transfer returns it, never a second one.
 */
export async function redriveDeposit(container: Container, depositId: string) {
  const row = await readStored(container, depositId)
  if (!row)
    throw notFound(
      `id: deposit ${depositId} is not known here yet; look it up first`
    )
  if (row.status !== "COMPLETED") {
    throw notAllowed(
      `status: the deposit is ${row.status}; svc redrives only COMPLETED deposits (tokens credited to the wallet). Wait for its COMPLETED event, or look it up again to refresh it. Nothing was sent to svc.`
    )
  }
  if (!row.trigger_address)
    throw notAllowed(
      "trigger_address: this deposit did not go to a trigger address, so there is no withdrawal to redrive. Nothing was sent to svc."
    )
  const { client } = adminDeps(container)
  let d: Deposit
  try {
    // the wallet-area redrive answer is not shown (spec gap): read as the payout one, a deposit
    d = depositSchema.parse(
      await resource(client, row.area as DepositArea).redrive(depositId)
    )
  } catch (e) {
    throw adminSvcError(e, "redriving the deposit")
  }
  const { row: saved } = await withDepositLock(container, depositId, () =>
    storeDeposit(container, row.area as DepositArea, d, "redrive")
  )
  return depositView(saved!)
}
