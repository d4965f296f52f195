import type { MedusaContainer } from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  type FiatWithdrawalCreateBody,
  fromSen,
  MAX_AMOUNT_SEN,
  MIN_AMOUNT_SEN,
} from "../../client"
import { svcFromContainer } from "../../lib/svc-runtime/config"
import { sendFailure, toMedusaError } from "../../lib/svc-runtime/errors"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"
import {
  appendEntry,
  invalidData,
  parseRinggit,
} from "../../lib/money/admin-input"
import { longestSendMs } from "../../lib/svc-runtime/send-window"
import { sweepStep } from "../../lib/svc-runtime/sweep"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import {
  recordAnswer,
  UnrecordedSendError,
} from "../../lib/svc-runtime/unrecorded-send"
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
export type WithdrawalRequest = {
  request_id?: string
  bank_account_id: string
  amount: string | number
  reference?: string
}

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

/** What the withdraw workflow answers: 200 sent (or already), 202 kept with its key for the job. */
export type WithdrawalAnswer = {
  httpStatus: 200 | 202
  withdrawal: WithdrawalRow
  message: string
}

/**
 * What recording a withdrawal request decided: send a stored withdrawal (`created`:
 * this request recorded it; else an unanswered one sent again with its key), or
 * answer at once (the same request_id again, already sent or being sent).
 */
export type WithdrawalPlan =
  | { send: { id: string; source: string }; created: boolean; answer: null }
  | { send: null; created: false; answer: WithdrawalAnswer }

/**
 * The first half of sending (part of) the svc wallet balance to a linked bank
 * account (the withdraw workflow, src/workflows/withdraw): checks by field, then
 * the withdrawal stored with its key (CREATING) before any svc request; sendWithdrawal
 * makes `POST /v1/wallet/fiat/withdrawals`. No answer: UNCERTAIN, and the job asks
 * again with the same key (one request, one withdrawal).
 */
export async function recordWithdrawal(
  container: Container,
  input: WithdrawalRequest,
  actorId?: string
): Promise<WithdrawalPlan> {
  const amountSen = parseRinggit(
    input.amount,
    "amount",
    WITHDRAWAL_MIN_SEN,
    WITHDRAWAL_MAX_SEN
  )
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  // The same form again (lost answer, double click): its withdrawal, before any check that
  // its own success would now fail (the balance it already moved).
  if (input.request_id) {
    const [again] = await svcModule.listSvcWithdrawals({
      request_id: input.request_id,
    })
    if (again) return sameWithdrawal(again, input, amountSen)
  }
  const overview = await walletOverview(container)
  const account = overview.bank_accounts.find(
    (a) => a.id === input.bank_account_id
  )
  if (!account)
    throw invalidData(
      english(say("withdrawal.notLinked", { account: input.bank_account_id }))
    )
  if (
    overview.account_type &&
    overview.account_type !== "BUSINESS" &&
    amountSen > INDIVIDUAL_MAX_SEN
  ) {
    throw invalidData(
      english(
        say("withdrawal.individualCap", { max: fromSen(INDIVIDUAL_MAX_SEN) })
      )
    )
  }
  if (
    /^\d+$/.test(String(overview.balance_sen)) &&
    Number(overview.balance_sen) < amountSen
  ) {
    throw invalidData(
      english(
        say("withdrawal.balanceLow", {
          balance: fromSen(String(overview.balance_sen)),
          amount: fromSen(amountSen),
        })
      )
    )
  }

  let row: { id: string }
  try {
    row = await svcModule.createSvcWithdrawals({
      idempotency_key: randomUUID(),
      request_id: input.request_id ?? null,
      bank_account_id: input.bank_account_id,
      amount_sen: amountSen,
      reference: input.reference ?? null,
      status: "CREATING",
      status_history: {
        entries: [
          { status: "CREATING", at: new Date().toISOString(), source: "admin" },
        ],
      },
      requested_by: actorId ?? null,
    })
  } catch (e) {
    // the same form twice at the same moment: the unique request_id let one row in
    const [other] = input.request_id
      ? await svcModule.listSvcWithdrawals({ request_id: input.request_id })
      : []
    if (other) return sameWithdrawal(other, input, amountSen)
    throw e
  }
  return { send: { id: row.id, source: "admin" }, created: true, answer: null }
}

/**
 * A request_id names one withdrawal: sent again with the same body it answers with that
 * withdrawal (finishing it with its own key when svc's answer was lost); with another
 * body it is refused, naming the field that differs.
 */
function sameWithdrawal(
  row: WithdrawalRow,
  input: WithdrawalRequest,
  amountSen: number
): WithdrawalPlan {
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
  if (differs) {
    throw invalidData(
      english(say("withdrawal.requestIdUsed", { field: differs }))
    )
  }
  if (row.status === "UNCERTAIN")
    return {
      send: { id: row.id, source: "admin-retry" },
      created: false,
      answer: null,
    }
  if (row.status === "CREATING") {
    return {
      send: null,
      created: false,
      answer: {
        httpStatus: 202,
        withdrawal: row,
        message: english(say("withdrawal.againSending")),
      },
    }
  }
  return {
    send: null,
    created: false,
    answer: {
      httpStatus: 200,
      withdrawal: row,
      message: english(
        say("withdrawal.again", {
          withdrawal: String(row.withdrawal_id ?? row.id),
          status: String(row.status),
        })
      ),
    },
  }
}

/**
 * Send (or send again, same key and body) a stored withdrawal. Once svc was
 * asked, a failure to record its answer is an UnrecordedSendError (the row stays
 * CREATING with its key, for the job), never taken for "nothing was sent".
 */
export async function sendWithdrawal(
  container: Container,
  rowId: string,
  source: string
): Promise<WithdrawalAnswer> {
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const row = await svcModule.retrieveSvcWithdrawal(rowId)
  const { client } = svcFromContainer(container)
  const body: FiatWithdrawalCreateBody = {
    bankAccountId: row.bank_account_id,
    amount: Number(row.amount_sen),
    ...(row.reference ? { reference: row.reference } : {}),
  }
  try {
    const w = await client.wallet.fiatWithdrawals.create(body, {
      idempotencyKey: row.idempotency_key,
    })
    const updated = await recordAnswer("withdrawal", row, () =>
      svcModule.updateSvcWithdrawals({
        id: row.id,
        withdrawal_id: w.id,
        status: w.status,
        failure_reason: null,
        status_history: appendEntry(row.status_history, w.status, source),
      })
    )
    return {
      httpStatus: 200,
      withdrawal: updated,
      message: english(
        say("withdrawal.sent", { withdrawal: w.id, status: w.status })
      ),
    }
  } catch (e) {
    if (e instanceof UnrecordedSendError) throw e
    const { uncertain, status, reason } = sendFailure(e, "FAILED")
    const updated = await recordAnswer("withdrawal", row, () =>
      svcModule.updateSvcWithdrawals({
        id: row.id,
        status,
        failure_reason: reason,
        status_history: appendEntry(row.status_history, status, source, reason),
      })
    )
    if (uncertain) {
      return {
        httpStatus: 202,
        withdrawal: updated,
        message: english(say("withdrawal.noAnswer")),
      }
    }
    throw toMedusaError(e, english(say("doing.sendingWithdrawal")))
  }
}

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
  const staleBefore =
    Date.now() - longestSendMs(svcFromContainer(container).options)
  for (const r of await svcModule.listSvcWithdrawals(
    { status: ["UNCERTAIN", "CREATING"] },
    { take: 50, order: { created_at: "ASC" } }
  )) {
    // CREATING for longer than any send lasts: the process died mid-send; finish it like an uncertain one
    if (
      r.status === "CREATING" &&
      new Date(r.updated_at).getTime() > staleBefore
    )
      continue
    if (
      await sweepStep(
        report,
        logger,
        `finishing withdrawal ${r.id}`,
        async () =>
          (await sendWithdrawal(container, r.id, "job")).httpStatus === 200
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
