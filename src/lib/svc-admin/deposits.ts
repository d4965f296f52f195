import type { MedusaContainer } from "@medusajs/framework/types"
import type { Deposit } from "../../client/schemas/deposits"
import { appendEntry } from "../money/admin-input"
import { adminDeps, withDepositLock } from "./context"

export type DepositArea = "WALLET" | "PAYOUT"
/** A stored deposit's area (the column is text). */
export const areaOf = (row: { area: string }): DepositArea =>
  row.area === "WALLET" ? "WALLET" : "PAYOUT"

/** svc's deposits of an area: the wallet's (bank accounts) or the payouts' (beneficiaries). */
export const depositsOf = (
  client: ReturnType<typeof adminDeps>["client"],
  area: DepositArea
) => (area === "WALLET" ? client.wallet.deposits : client.payouts.deposits)

/**
 * Store a deposit as read from svc. A stored COMPLETED never moves back (spec:
 * Deposit status: a retry can emit PROCESSING after COMPLETED): such a read is
 * recorded in the history and ignored. A COMPLETED deposit's result may still
 * change (a redrive starts a withdrawal, the bank transfer moves on).
 */
export async function storeDeposit(
  container: MedusaContainer,
  area: DepositArea,
  d: Deposit,
  source: string
) {
  const { svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcDeposits({ deposit_id: d.id })
  const result = {
    result_status: d.result?.status ?? null,
    status_reason: d.result?.statusReason ?? null,
    withdrawal_id: d.result?.withdrawal?.id ?? null,
    withdrawal_status: d.result?.withdrawal?.status ?? null,
    withdrawal_amount_sen: d.result?.withdrawal?.amount ?? null,
  }
  if (row?.status === "COMPLETED" && d.status !== "COMPLETED") {
    const updated = await svcModule.updateSvcDeposits({
      id: row.id,
      status_history: appendEntry(
        row.status_history,
        d.status,
        source,
        "ignored: the deposit is already COMPLETED and never moves back (spec: Deposit status)"
      ),
    })
    return { outcome: "ignored_after_completed" as const, row: updated }
  }
  const same = [
    "result_status",
    "status_reason",
    "withdrawal_id",
    "withdrawal_status",
  ] as const
  if (row?.status === d.status && same.every((k) => row[k] === result[k]))
    return { outcome: "unchanged" as const, row }
  const { status_reason: why, withdrawal_status: bank } = result
  const data = {
    status: d.status,
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
    ...result,
    status_history: appendEntry(
      row?.status_history ?? null,
      d.status,
      source,
      result.result_status
        ? `result ${result.result_status}${why ? ` (${why})` : ""}${row && bank ? `, withdrawal ${bank}` : ""}`
        : undefined
    ),
  }
  return row
    ? {
        outcome: "updated" as const,
        row: await svcModule.updateSvcDeposits({ id: row.id, ...data }),
      }
    : {
        outcome: "created" as const,
        row: await svcModule.createSvcDeposits({ deposit_id: d.id, ...data }),
      }
}

/** Re-read one deposit from svc and store it. The caller holds the deposit's lock (withDepositLock). */
export async function refreshDeposit(
  container: MedusaContainer,
  area: DepositArea,
  depositId: string,
  source: string
) {
  const { client } = adminDeps(container)
  const d = await depositsOf(client, area).retrieve(depositId)
  return storeDeposit(container, area, d, source)
}

/** Re-read a deposit under its lock (src/lib/svc-admin/context.ts). */
export const refreshLocked = (
  container: MedusaContainer,
  area: DepositArea,
  depositId: string,
  source: string
) =>
  withDepositLock(container, depositId, () =>
    refreshDeposit(container, area, depositId, source)
  )

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
  container: MedusaContainer,
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
      await refreshLocked(container, areaOf(d), d.deposit_id, "poll")
      refreshed++
    } catch {
      // svc not answering: the next list tries again
    }
  }
  return { refreshed }
}
