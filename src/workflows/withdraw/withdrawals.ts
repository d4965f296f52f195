import { fromSen } from "../../client"
import { invalidData, toMedusaError } from "../../lib/svc-runtime/errors"
import type SvcModuleService from "../../modules/svc/service"
import { longestSendMs } from "../../lib/svc-runtime/send-window"
import { adminDeps, type Container, mask } from "../../lib/svc-admin/context"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import {
  eachRow,
  maybeSending,
  type OutKind,
  type OutRequest,
  outShape,
} from "../transfer-out"
import { FINAL_WITHDRAWAL_STATUS } from "../../modules/svc/statuses"
import { english, say } from "../../lib/texts"

// spec: POST /v1/wallet/fiat/withdrawals: amount 1000-100000000 sen (MIN_AMOUNT_SEN,
// MAX_AMOUNT_SEN of the client); an individual account is capped at RM300,000 per
// request; reference max 20.
export const INDIVIDUAL_MAX_SEN = 30_000_000
/** spec: "Poll until COMPLETED, FAILED or REJECTED" (CANCELLED seen on deposit-started ones: final too). */
export const FINAL_WITHDRAWAL: string[] = [...FINAL_WITHDRAWAL_STATUS]

/** A withdrawal as the admin asked it (src/api/admin/svc/withdrawals/validators.ts checks its shape). */
export type WithdrawalRequest = OutRequest & { bank_account_id: string }

/** The settlement panel: balance and the linked bank accounts (numbers masked). */
export async function walletOverview(container: Container) {
  const { client } = adminDeps(container)
  try {
    const [balance, health] = await Promise.all([
      client.wallet.balance(),
      client.health(),
    ])
    const accounts = []
    for await (const a of client.wallet.bankAccounts.listAll({ limit: 100 }))
      accounts.push({
        id: a.id,
        name: a.name,
        account_number: mask(a.accountNumber),
        verified: a.verified,
        bank: a.bank,
      })
    return {
      balance_sen: balance.walletBalance,
      pending_withdrawal_sen: balance.pendingWithdrawal,
      account_type: health.account?.type ?? null,
      bank_accounts: accounts,
    }
  } catch (e) {
    throw toMedusaError(e, english(say("doing.readingWallet")))
  }
}

/** A stored withdrawal (svc_withdrawal row). */
export type WithdrawalRow = Awaited<
  ReturnType<SvcModuleService["retrieveSvcWithdrawal"]>
>

/**
 * A withdrawal to a linked bank account as a send out of the wallet
 * (src/workflows/transfer-out): `POST /v1/wallet/fiat/withdrawals` with the
 * stored key; checked against the linked accounts, an individual account's cap
 * and the balance. The same request_id found CREATING is being sent by the
 * first request: answered 202, not sent again.
 */
export const withdrawal: OutKind<
  WithdrawalRequest,
  WithdrawalRow,
  { bank_account_id: string; withdrawal_id?: string },
  { id: string; status: string },
  { withdrawal: WithdrawalRow }
> = {
  wrap: (row) => ({ withdrawal: row }),
  what: "withdrawal",
  texts: "withdrawal",
  waitsWhileSending: true,
  table: "svc_withdrawal",
  refused: "FAILED",
  rows: (svc) => ({
    list: (filter) => svc.listSvcWithdrawals(filter),
    retrieve: (id) => svc.retrieveSvcWithdrawal(id),
    create: (data) => svc.createSvcWithdrawals(data),
    update: (data, fields) => svc.updateSvcWithdrawals({ ...data, ...fields }),
  }),
  async check(container, input, amountSen) {
    const overview = await walletOverview(container)
    if (!overview.bank_accounts.some((a) => a.id === input.bank_account_id))
      throw invalidData(
        say("withdrawal.notLinked", { account: input.bank_account_id })
      )
    const type = overview.account_type
    if (type && type !== "BUSINESS" && amountSen > INDIVIDUAL_MAX_SEN)
      throw invalidData(
        say("withdrawal.individualCap", { max: fromSen(INDIVIDUAL_MAX_SEN) })
      )
    return [{ bank_account_id: input.bank_account_id }, overview.balance_sen]
  },
  same: ["bank_account_id"],
  svcId: (row) => row.withdrawal_id,
  send: (container, row) =>
    adminDeps(container).client.wallet.fiatWithdrawals.create(
      {
        bankAccountId: row.bank_account_id,
        amount: Number(row.amount_sen),
        ...(row.reference ? { reference: row.reference } : {}),
      },
      { idempotencyKey: row.idempotency_key }
    ),
  fromSvc: (w) => ({ withdrawal_id: w.id }),
  sendError: (e) => toMedusaError(e, english(say("doing.sendingWithdrawal"))),
}
const shape = outShape(withdrawal)

/**
 * Re-read a withdrawal from svc (webhook, job); a final status is never changed. The new
 * status is written only while the row keeps the one it was read with, so of several callers
 * racing one makes the change and emits `svc.withdrawal.completed` or `.failed` (docs/events.md).
 */
export async function refreshWithdrawal(
  container: Container,
  withdrawalId: string,
  source: string
): Promise<"updated" | "unchanged" | "unknown_withdrawal"> {
  const { client, svcModule } = adminDeps(container)
  const rowOf = async () =>
    (await svcModule.listSvcWithdrawals({ withdrawal_id: withdrawalId }))[0]
  let row = await rowOf()
  if (!row) return "unknown_withdrawal"
  if (FINAL_WITHDRAWAL.includes(row.status)) return "unchanged"
  const w = await client.wallet.fiatWithdrawals.retrieve(withdrawalId)
  const failed = ["FAILED", "REJECTED", "CANCELLED"].includes(w.status)
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) row = await rowOf() // another caller wrote meanwhile: judged again from what it wrote
    if (
      !row ||
      FINAL_WITHDRAWAL.includes(row.status) ||
      w.status === row.status
    )
      return "unchanged"
    const made = await svcModule.recordWithdrawalStatusIf(row.id, row.status, {
      status: w.status,
      source,
      failureReason: failed
        ? `svc: the bank transfer was ${w.status.toLowerCase()}; the amount is back in the svc wallet`
        : undefined,
    })
    if (!made) continue
    if (w.status === "COMPLETED" || failed)
      await emitSvcEvent(
        container,
        failed ? SvcEvents.WITHDRAWAL_FAILED : SvcEvents.WITHDRAWAL_COMPLETED,
        { id: row.id, withdrawal_id: withdrawalId, status: w.status }
      )
    return "updated"
  }
  return "unchanged"
}

/** The job's part for settlements: finish UNCERTAIN sends and CREATING ones a dead process left, poll open withdrawals. */
export async function sweepWithdrawals(
  container: Container,
  opts: { finishOnly?: boolean } = {}
) {
  const { svcModule } = adminDeps(container)
  const report = { finished: 0, refreshed: 0, errors: 0 }
  const sendMs = longestSendMs(svcFromContainer(container).options)
  const unsent = await svcModule.listSvcWithdrawals(
    { status: ["UNCERTAIN", "CREATING"] },
    { take: 50, order: { created_at: "ASC" } }
  )
  // CREATING for longer than any send lasts: the process died mid-send; finished like an uncertain one
  report.finished = await eachRow(
    container,
    report,
    unsent.filter((r) => !maybeSending(r, sendMs)),
    (r) => `finishing withdrawal ${r.id}`,
    async (r) => {
      const row = await svcModule.retrieveSvcWithdrawal(r.id)
      return !(await shape.send(container, row, "job")).kept
    }
  )
  if (opts.finishOnly) return report
  const open = await svcModule.listSvcWithdrawals(
    { status: { $nin: [...FINAL_WITHDRAWAL, "UNCERTAIN", "CREATING"] } },
    { take: 100 }
  )
  report.refreshed = await eachRow(
    container,
    report,
    open.flatMap((r) => (r.withdrawal_id ? [r.withdrawal_id] : [])),
    (id) => `reading withdrawal ${id}`,
    async (id) => (await refreshWithdrawal(container, id, "job")) === "updated"
  )
  return report
}
