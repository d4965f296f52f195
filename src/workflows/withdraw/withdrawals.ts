import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  type FiatWithdrawalCreateBody,
  fromSen,
  MAX_AMOUNT_SEN,
  MIN_AMOUNT_SEN,
} from "../../client"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { toMedusaError } from "../../lib/svc-runtime/errors"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"
import { appendEntry, invalidData } from "../../lib/money/admin-input"
import { longestSendMs } from "../../lib/svc-runtime/send-window"
import { sweepStep } from "../../lib/svc-runtime/sweep"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import {
  maybeSending,
  type OutKind,
  type OutRequest,
  outShape,
} from "../transfer-out"
import { FINAL_WITHDRAWAL_STATUS } from "../../modules/svc/statuses"
import { english, say } from "../../lib/texts"

type Container = MedusaContainer

// spec: POST /v1/wallet/fiat/withdrawals: amount 1000-100000000 sen; an
// individual account is capped at RM300,000 per request; reference max 20.
export const WITHDRAWAL_MIN_SEN = MIN_AMOUNT_SEN
export const WITHDRAWAL_MAX_SEN = MAX_AMOUNT_SEN
export const INDIVIDUAL_MAX_SEN = 30_000_000
/** spec: "Poll until COMPLETED, FAILED or REJECTED" (CANCELLED seen on deposit-started ones: final too). */
export const FINAL_WITHDRAWAL: string[] = [...FINAL_WITHDRAWAL_STATUS]

/** A withdrawal as the admin asked it (src/api/admin/svc/withdrawals/validators.ts checks its shape). */
export type WithdrawalRequest = OutRequest & { bank_account_id: string }

const mask = (v: unknown) =>
  typeof v === "string" && v.length > 4 ? `••••${v.slice(-4)}` : v

/** The settlement panel: balance and the linked bank accounts (numbers masked). */
export async function walletOverview(container: Container) {
  const { client } = svcFromContainer(container)
  try {
    const [balance, health] = await Promise.all([
      client.wallet.balance(),
      client.health(),
    ])
    const accounts: Record<string, unknown>[] = []
    for await (const a of client.wallet.bankAccounts.listAll({ limit: 100 })) {
      accounts.push({
        id: a.id,
        name: a.name,
        account_number: mask(a.accountNumber),
        verified: a.verified,
        bank: a.bank,
      })
    }
    return {
      balance_sen: balance.walletBalance,
      pending_withdrawal_sen: balance.pendingWithdrawal,
      account_type:
        (health as { account?: { type?: string } }).account?.type ?? null,
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
  "withdrawal",
  WithdrawalRequest,
  WithdrawalRow,
  { bank_account_id: string },
  { id: string; status: string }
> = {
  key: "withdrawal",
  what: "withdrawal",
  table: "svc_withdrawal",
  refused: "FAILED",
  rows: (svc) => ({
    list: (filter) => svc.listSvcWithdrawals(filter),
    retrieve: (id) => svc.retrieveSvcWithdrawal(id),
    create: (data) => svc.createSvcWithdrawals(data),
    update: (data) => svc.updateSvcWithdrawals(data),
  }),
  async check(container, input, amountSen) {
    const overview = await walletOverview(container)
    const account = overview.bank_accounts.find(
      (a) => a.id === input.bank_account_id
    )
    if (!account)
      throw invalidData(
        say("withdrawal.notLinked", { account: input.bank_account_id })
      )
    if (
      overview.account_type &&
      overview.account_type !== "BUSINESS" &&
      amountSen > INDIVIDUAL_MAX_SEN
    ) {
      throw invalidData(
        say("withdrawal.individualCap", {
          max: fromSen(INDIVIDUAL_MAX_SEN),
        })
      )
    }
    if (
      /^\d+$/.test(String(overview.balance_sen)) &&
      Number(overview.balance_sen) < amountSen
    ) {
      throw invalidData(
        say("withdrawal.balanceLow", {
          balance: fromSen(String(overview.balance_sen)),
          amount: fromSen(amountSen),
        })
      )
    }
    return { bank_account_id: input.bank_account_id }
  },
  // a request_id names one withdrawal: another body is refused, naming the field that differs
  same(row, input, amountSen) {
    const differs =
      row.bank_account_id !== input.bank_account_id
        ? `bank_account_id (${row.bank_account_id} then, ${input.bank_account_id} now)`
        : Number(row.amount_sen) !== amountSen
          ? english(
              say("refund.amountThenNow", {
                then: fromSen(Number(row.amount_sen)),
                now: fromSen(amountSen),
              })
            )
          : (row.reference ?? null) !== (input.reference ?? null)
            ? `reference (${row.reference ?? "none"} then, ${input.reference ?? "none"} now)`
            : null
    if (differs)
      throw invalidData(say("withdrawal.requestIdUsed", { field: differs }))
  },
  send(container, row) {
    const body: FiatWithdrawalCreateBody = {
      bankAccountId: row.bank_account_id,
      amount: Number(row.amount_sen),
      ...(row.reference ? { reference: row.reference } : {}),
    }
    return svcFromContainer(container).client.wallet.fiatWithdrawals.create(
      body,
      { idempotencyKey: row.idempotency_key }
    )
  },
  recordSent: (container, row, w, source) =>
    container.resolve<SvcModuleService>(SVC_MODULE).updateSvcWithdrawals({
      id: row.id,
      withdrawal_id: w.id,
      status: w.status,
      failure_reason: null,
      status_history: appendEntry(row.status_history, w.status, source),
    }),
  sendError: (e) => toMedusaError(e, english(say("doing.sendingWithdrawal"))),
  texts: {
    sent: (w) => say("withdrawal.sent", { withdrawal: w.id, status: w.status }),
    again: (row) =>
      say("withdrawal.again", {
        withdrawal: String(row.withdrawal_id ?? row.id),
        status: String(row.status),
      }),
    againSending: say("withdrawal.againSending"),
    noAnswer: say("withdrawal.noAnswer"),
    unrecorded: say("withdrawal.unrecorded"),
    unrecordedAnswer: say("withdrawal.unrecordedAnswer"),
  },
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
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const rowOf = async () =>
    (await svcModule.listSvcWithdrawals({ withdrawal_id: withdrawalId }))[0]
  let row = await rowOf()
  if (!row) return "unknown_withdrawal"
  if (FINAL_WITHDRAWAL.includes(row.status)) return "unchanged"
  const { client } = svcFromContainer(container)
  const w = await client.wallet.fiatWithdrawals.retrieve(withdrawalId)
  const failed =
    w.status === "FAILED" || w.status === "REJECTED" || w.status === "CANCELLED"
  let made = false
  for (let attempt = 0; attempt < 3 && !made; attempt++) {
    if (attempt > 0) row = await rowOf() // another caller wrote meanwhile: judged again from what it wrote
    if (
      !row ||
      FINAL_WITHDRAWAL.includes(row.status) ||
      w.status === row.status
    )
      return "unchanged"
    made = await svcModule.recordWithdrawalStatusIf(row.id, row.status, {
      status: w.status,
      source,
      ...(failed
        ? {
            failureReason: `svc: the bank transfer was ${w.status.toLowerCase()}; the amount is back in the svc wallet`,
          }
        : {}),
    })
  }
  if (!made || !row) return "unchanged"
  if (w.status === "COMPLETED" || failed) {
    await emitSvcEvent(
      container,
      w.status === "COMPLETED"
        ? SvcEvents.WITHDRAWAL_COMPLETED
        : SvcEvents.WITHDRAWAL_FAILED,
      {
        id: row.id,
        withdrawal_id: withdrawalId,
        status: w.status,
      }
    )
  }
  return "updated"
}

/** The job's part for settlements: finish UNCERTAIN sends and CREATING ones a dead process left, poll open withdrawals. */
export async function sweepWithdrawals(
  container: Container,
  opts: { finishOnly?: boolean } = {}
) {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const logger = container.resolve<{ warn: (m: string) => void }>(
    ContainerRegistrationKeys.LOGGER
  )
  const report = { finished: 0, refreshed: 0, errors: 0 }
  const sendMs = longestSendMs(svcFromContainer(container).options)
  for (const r of await svcModule.listSvcWithdrawals(
    { status: ["UNCERTAIN", "CREATING"] },
    { take: 50, order: { created_at: "ASC" } }
  )) {
    // CREATING for longer than any send lasts: the process died mid-send; finish it like an uncertain one
    if (maybeSending(r, sendMs)) continue
    if (
      await sweepStep(
        report,
        logger,
        `finishing withdrawal ${r.id}`,
        async () =>
          (
            await shape.send(
              container,
              await shape.rowsOf(container).retrieve(r.id),
              "job"
            )
          ).httpStatus === 200
      )
    )
      report.finished++
  }
  if (opts.finishOnly) return report
  const open = await svcModule.listSvcWithdrawals(
    { status: { $nin: [...FINAL_WITHDRAWAL, "UNCERTAIN", "CREATING"] } },
    { take: 100 }
  )
  for (const r of open) {
    if (!r.withdrawal_id) continue
    const withdrawalId = r.withdrawal_id
    if (
      await sweepStep(
        report,
        logger,
        `reading withdrawal ${withdrawalId}`,
        async () =>
          (await refreshWithdrawal(container, withdrawalId, "job")) ===
          "updated"
      )
    )
      report.refreshed++
  }
  return report
}
