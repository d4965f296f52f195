import type { Engine } from "../engine"
import { ControlError } from "../errors"
import { PAYOUT_BANKS } from "../pages/banks"
import type { BeneficiaryRec, PayoutRec, TopUpRec } from "../state"
import { iso, uuid } from "../util"

export interface PayoutOps {
  topUp(sen: number): { id: string; amount: string; status: string }
  payoutView(p: PayoutRec): unknown
  beneficiaryView(b: BeneficiaryRec): unknown
  schedulePayout(p: PayoutRec, destination: string): void
}

const SETTLE_MS = 20_000
const RETURN_MS = 150_000
const TOPUP_MS = 10_000

/**
 * spec: Payout status (as simulated in the sandbox) and the prefund balance moves:
 * create debits amount + fee; REVERSED (suffix 1111) gives all of it back; RETURNED (suffix 2222,
 * ~2.5 min after settling) gives netAmount back and keeps the fee; 3333 never settles.
 */
export function makePayoutOps(engine: Engine): PayoutOps {
  const s = () => engine.state
  const beneficiaryView = (b: BeneficiaryRec) => ({
    id: b.id,
    name: b.name,
    type: b.destinationType,
    bankCode: b.bankCode,
    bankName: b.bankCode
      ? (PAYOUT_BANKS.find((x) => x.code === b.bankCode)?.name ?? null)
      : null,
    accountNumber: b.accountNumber,
    proxyType: b.proxyType,
    proxyValue: b.proxyValue,
    active: b.active,
    autoWithdrawalAddress: b.autoWithdrawalAddress,
    bankAccountVerified: b.bankAccountVerified,
    bankAccountVerifiedAt:
      b.bankAccountVerifiedAt === null ? null : iso(b.bankAccountVerifiedAt),
    bankAccountNameMatch: b.bankAccountNameMatch,
    createdAt: iso(b.createdAt),
    updatedAt: iso(b.updatedAt),
  })
  const payoutView = (p: PayoutRec) => {
    const b = s().beneficiaries[p.beneficiaryId]
    return {
      payoutId: p.payoutId,
      status: p.status,
      amount: String(p.amount),
      fee: String(p.fee),
      netAmount: String(p.netAmount),
      beneficiaryId: p.beneficiaryId,
      beneficiary: b
        ? {
            name: b.name,
            bankCode: b.bankCode,
            accountNumber: b.accountNumber,
            proxyType: b.proxyType,
            proxyValue: b.proxyValue,
          }
        : null,
      reference: p.reference,
      description: p.description,
      settledAt: p.settledAt === null ? null : iso(p.settledAt),
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    }
  }
  const move = (p: PayoutRec, to: PayoutRec["status"], at: number) => {
    p.status = to
    p.updatedAt = at
    engine.emit("payout.updated", payoutView(p), at)
  }
  engine.on("payout.settle", (id, at) => {
    const p = s().payouts[id]
    if (!p || p.status !== "INITIATED") return
    const suffix = destinationOf(p).slice(-4)
    if (suffix === "1111") {
      s().prefundSen += p.netAmount + p.fee
      return move(p, "REVERSED", at)
    }
    p.settledAt = at
    move(p, "SETTLED", at)
    if (suffix === "2222") engine.schedule("payout.return", id, at + RETURN_MS)
  })
  engine.on("payout.return", (id, at) => {
    const p = s().payouts[id]
    if (!p || p.status !== "SETTLED") return
    s().prefundSen += p.netAmount
    move(p, "RETURNED", at)
  })
  engine.on("topup.complete", (id, at) => {
    const t = s().topUps[id]
    if (!t || t.status !== "PENDING") return
    // spec: Limits, sandbox FPX top-up failure: sen part 99 completes as failed, balance unchanged
    t.status = t.amount % 100 === 99 ? "FAILED" : "COMPLETED"
    t.completedAt = at
    if (t.status === "COMPLETED") s().prefundSen += t.amount
    engine.emit(
      "payout.prefund_completed",
      {
        id: t.id,
        amount: String(t.amount),
        status: t.status,
        createdAt: iso(t.createdAt),
        completedAt: iso(at),
      },
      at
    )
  })
  const destinationOf = (p: PayoutRec): string => {
    const b = s().beneficiaries[p.beneficiaryId]
    return b?.accountNumber ?? b?.proxyValue ?? ""
  }
  return {
    beneficiaryView,
    payoutView,
    schedulePayout: (p, destination) => {
      engine.emit("payout.created", payoutView(p), p.createdAt)
      if (destination.slice(-4) !== "3333")
        engine.schedule("payout.settle", p.payoutId, p.createdAt + SETTLE_MS)
    },
    topUp: (sen) => {
      if (sen < 1000)
        throw new ControlError(
          400,
          "INVALID",
          "minimum top-up is RM10 (1000 sen)"
        )
      engine.tick()
      const now = engine.now()
      const t: TopUpRec = {
        id: uuid(),
        amount: sen,
        status: "PENDING",
        createdAt: now,
        completedAt: null,
      }
      s().topUps[t.id] = t
      engine.schedule("topup.complete", t.id, now + TOPUP_MS)
      engine.changed()
      return { id: t.id, amount: String(t.amount), status: t.status }
    },
  }
}
