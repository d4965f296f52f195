import type { Engine } from "../engine"
import { ApiError, ControlError, invalidRequest, notFound } from "../errors"
import { PAYOUT_BANKS } from "../pages/banks"
import type {
  DepositRec,
  FiatWithdrawalRec,
  TokenTransferRec,
  WithdrawalStatus,
} from "../state"
import {
  EVM_ADDRESS,
  iso,
  randomEvmTxHash,
  randomHex,
  randomSolSignature,
  uuid,
} from "../util"

export interface SimulateDepositOptions {
  area: "WALLET" | "PAYOUT"
  /** a trigger address of that area; omitted (wallet area only) = a plain deposit to the wallet address */
  triggerAddress?: string | null
  from: string
  amountSen: number
  /** default 11155111 (Ethereum Sepolia); 101 = Solana Devnet */
  chainId?: number
  /** emit a retried PROCESSING event after COMPLETED (spec: deposit status) */
  withRetriedProcessing?: boolean
  /** leave the deposit at PROCESSING; `creditDeposit(id)` completes it */
  stopAt?: "PROCESSING"
  /** a deposit svc "missed": nothing happens until POST .../deposits/check-missed names its txHash */
  undetected?: boolean
  txHash?: string
}

export interface WalletOps {
  simulateDeposit(opts: SimulateDepositOptions): unknown
  creditDeposit(id: string): unknown
  depositView(d: DepositRec, statusOverride?: "PROCESSING"): unknown
  redrive(area: "WALLET" | "PAYOUT", id: string): unknown
  checkMissed(
    area: "WALLET" | "PAYOUT",
    txHash: string,
    chainId: number
  ): { status: "QUEUED" | "ALREADY_DETECTED"; depositIds: string[] }
  tokenTransferView(t: TokenTransferRec): unknown
  fiatWithdrawalView(w: FiatWithdrawalRec): unknown
  startWithdrawal(input: {
    amount: number
    reference: string
    source: "API" | "DEPOSIT"
    destinationType: "BANK_ACCOUNT" | "BENEFICIARY"
    destinationId: string
    depositId: string | null
  }): FiatWithdrawalRec
  withdrawnInWindow(ms: number): number
}

const DAY = 24 * 3600 * 1000

/**
 * Sandbox rules for withdrawals (documented in docs/sandbox.md): PENDING → PROCESSING after 10 s →
 * COMPLETED after 60 s more. A reference starting "REJECT" or an amount whose sen part is 97 ends
 * REJECTED at the first step; a reference starting "FAIL" or sen part 98 ends FAILED at the second.
 */
export function makeWalletOps(engine: Engine): WalletOps {
  const s = () => engine.state

  const destinationOf = (w: FiatWithdrawalRec) => {
    // a bank account of the wallet (null: a beneficiary), either maybe gone
    const account =
      w.destinationType === "BANK_ACCOUNT"
        ? s().bankAccounts[w.destinationId]
        : null
    const beneficiary =
      account === null ? s().beneficiaries[w.destinationId] : undefined
    const b = account ?? beneficiary
    return {
      name: (account ? account.holderName : beneficiary?.name) ?? "",
      accountNumber: b?.accountNumber ?? "",
      bank: {
        code: b?.bankCode ?? "",
        name: PAYOUT_BANKS.find((x) => x.code === b?.bankCode)?.name ?? "",
      },
    }
  }

  const fiatWithdrawalView = (w: FiatWithdrawalRec) => ({
    id: w.id,
    status: w.status,
    amount: String(w.amount),
    fee: String(w.fee),
    reference: w.reference,
    refId: w.refId,
    source: w.source,
    destination: destinationOf(w),
    confirmedAt: w.confirmedAt === null ? null : iso(w.confirmedAt),
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
  })

  const payoutWithdrawalEvent = (w: FiatWithdrawalRec) => ({
    withdrawalId: w.id,
    status: w.status,
    statusReason: w.statusReason,
    amount: String(w.amount),
    refId: w.refId,
    reference: w.reference,
    destination: {
      type: "BENEFICIARY",
      id: w.destinationId,
      name: s().beneficiaries[w.destinationId]?.name ?? "",
    },
    depositId: w.depositId,
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
  })

  const emitWithdrawal = (w: FiatWithdrawalRec, at: number) => {
    if (w.destinationType === "BENEFICIARY")
      engine.emit("payout.withdrawal.updated", payoutWithdrawalEvent(w), at)
    else engine.emit("wallet.withdrawal.updated", fiatWithdrawalView(w), at)
  }

  const setWithdrawal = (
    w: FiatWithdrawalRec,
    to: WithdrawalStatus,
    at: number,
    reason: string | null = null
  ) => {
    w.status = to
    w.updatedAt = at
    w.statusReason = reason
    const wallet = s().wallet
    if (to === "COMPLETED") {
      w.confirmedAt = at
      wallet.pendingWithdrawalSen -= w.amount + w.fee
    }
    if (to === "FAILED" || to === "REJECTED" || to === "CANCELLED") {
      wallet.pendingWithdrawalSen -= w.amount + w.fee
      wallet.balanceSen += w.amount + w.fee
    }
    if (w.depositId) {
      const d = s().deposits[w.depositId]
      if (d) {
        d.resultStatus = to
        d.resultReason = reason
        d.updatedAt = at
      }
    }
    emitWithdrawal(w, at)
  }

  engine.on("withdrawal.step", (id, at) => {
    const w = s().fiatWithdrawals[id]
    if (!w) return
    const sen = w.amount % 100
    if (w.status === "PENDING") {
      if (/^REJECT/i.test(w.reference) || sen === 97)
        return setWithdrawal(w, "REJECTED", at, "fiat_withdrawal_rejected")
      setWithdrawal(w, "PROCESSING", at)
      engine.schedule("withdrawal.step", id, at + 60_000)
    } else if (w.status === "PROCESSING") {
      if (/^FAIL/i.test(w.reference) || sen === 98)
        return setWithdrawal(w, "FAILED", at, "fiat_withdrawal_failed")
      setWithdrawal(w, "COMPLETED", at)
    }
  })

  engine.on("transfer.step", (id, at) => {
    const t = s().tokenTransfers[id]
    if (!t) return
    if (t.status === "CREATED") {
      t.status = "PENDING"
      t.txHash = randomEvmTxHash()
      t.confirmations = 0
      engine.schedule("transfer.step", id, at + 30_000)
    } else if (t.status === "PENDING") {
      t.status = "COMPLETED"
      t.txHash ??= randomSolSignature()
      t.confirmations = 12
      t.confirmedAt = at
    }
    t.updatedAt = at
  })

  const startWithdrawal: WalletOps["startWithdrawal"] = (input) => {
    const now = engine.now()
    const w: FiatWithdrawalRec = {
      seq: engine.nextSeq(),
      id: uuid(),
      status: "PENDING",
      statusReason: null,
      amount: input.amount,
      fee: s().fees.fiatWithdrawalFeeSen,
      reference: input.reference,
      refId: "SVCSBX" + randomHex(5).toUpperCase(),
      source: input.source,
      destinationType: input.destinationType,
      destinationId: input.destinationId,
      depositId: input.depositId,
      confirmedAt: null,
      createdAt: now,
      updatedAt: now,
    }
    s().wallet.balanceSen -= w.amount + w.fee
    s().wallet.pendingWithdrawalSen += w.amount + w.fee
    s().fiatWithdrawals[w.id] = w
    engine.schedule("withdrawal.step", w.id, now + 10_000)
    return w
  }

  const withdrawnInWindow = (ms: number) => {
    const since = engine.now() - ms
    let sum = 0
    for (const w of Object.values(s().fiatWithdrawals))
      if (
        w.createdAt > since &&
        w.status !== "FAILED" &&
        w.status !== "REJECTED"
      )
        sum += w.amount
    for (const t of Object.values(s().tokenTransfers))
      if (t.createdAt > since && t.status !== "FAILED") sum += t.amount
    return sum
  }

  const unitsPerSen = (d: DepositRec): bigint => {
    const t = engine.findToken(d.tokenId)
    return 10n ** BigInt(Math.max(0, (t?.token.decimals ?? 18) - 2))
  }

  const depositView = (d: DepositRec, statusOverride?: "PROCESSING") => {
    const trig = d.triggerAddress
      ? s().triggerAddresses[d.triggerAddress]
      : undefined
    let destination: { type: string; id: string; name: string } | null = null
    if (trig) {
      if (trig.area === "WALLET")
        destination = {
          type: "BANK_ACCOUNT",
          id: trig.destinationId,
          name: s().bankAccounts[trig.destinationId]?.name ?? "",
        }
      else
        destination = {
          type: "BENEFICIARY",
          id: trig.destinationId,
          name: s().beneficiaries[trig.destinationId]?.name ?? "",
        }
    }
    const status = statusOverride ?? d.status
    const w = d.withdrawalId ? s().fiatWithdrawals[d.withdrawalId] : undefined
    const result =
      status !== "COMPLETED" || d.resultStatus === null
        ? null
        : {
            status: d.resultStatus,
            statusReason:
              d.resultStatus === "FAILED" ||
              d.resultStatus === "REJECTED" ||
              d.resultStatus === "CANCELLED"
                ? d.resultReason
                : null,
            withdrawal: w
              ? {
                  id: w.id,
                  amount: String(w.amount),
                  status: w.status,
                  refId: w.refId,
                  reference: w.reference,
                  createdAt: iso(w.createdAt),
                  updatedAt: iso(w.updatedAt),
                }
              : null,
          }
    return {
      id: d.id,
      txHash: d.txHash,
      logIndex: d.logIndex,
      chainId: d.chainId,
      tokenId: d.tokenId,
      amount: (BigInt(d.amountSen) * unitsPerSen(d)).toString(),
      from: d.from,
      status,
      confirmations: d.confirmations,
      triggerAddress: d.triggerAddress,
      destination,
      result,
      createdAt: iso(d.createdAt),
      updatedAt: iso(d.updatedAt),
    }
  }

  const emitDeposit = (d: DepositRec, statusOverride?: "PROCESSING") =>
    engine.emit(
      d.area === "WALLET" ? "wallet.deposit.updated" : "payout.deposit.updated",
      depositView(d, statusOverride)
    )

  /** Why a deposit-started transfer is refused (payout-area statusReason values; the wallet area mirrors them). */
  const refusal = (d: DepositRec): string | null => {
    const state = s()
    const trig = state.triggerAddresses[d.triggerAddress!]
    const feature =
      d.area === "WALLET" ? "autoWithdrawal" : "payoutAutoWithdrawal"
    if (!state.account.features[feature]) return "feature_disabled"
    const st = state.account.status
    if (st === "FROZEN") return "account_frozen"
    if (st === "SUSPENDED") return "account_suspended"
    if (st === "TERMINATED") return "account_terminated"
    if (d.area === "PAYOUT") {
      const b = state.beneficiaries[trig.destinationId]
      if (!b || !b.active || !trig.active) return "inactive_destination"
      if (b.destinationType === "PROXY")
        return "proxy_destination_not_supported"
      if (!b.accountNumber || !b.bankCode)
        return "missing_destination_bank_details"
    } else {
      const b = state.bankAccounts[trig.destinationId]
      if (!b || !b.active) return "inactive_destination"
    }
    const sender = Object.values(state.allowedSenders).find(
      (x) =>
        x.triggerAddress === trig.address && x.address === d.from.toLowerCase()
    )
    if (!sender || !sender.active) return "sender_not_allowed"
    if (d.amountSen < 1000 || d.amountSen > 100_000_000)
      return "withdrawal_amount_out_of_range"
    if (withdrawnInWindow(DAY) + d.amountSen > state.limits.dailyWithdrawalSen)
      return "daily_fiat_withdrawal_limit_exceeded"
    if (
      withdrawnInWindow(30 * DAY) + d.amountSen >
      state.limits.monthlyWithdrawalSen
    )
      return "monthly_fiat_withdrawal_limit_exceeded"
    return null
  }

  const attemptTransfer = (d: DepositRec) => {
    if (!d.triggerAddress) return
    const reason = refusal(d)
    if (reason) {
      d.resultStatus = "FAILED"
      d.resultReason = reason
      return
    }
    const trig = s().triggerAddresses[d.triggerAddress]
    const w = startWithdrawal({
      amount: d.amountSen,
      reference: "",
      source: "DEPOSIT",
      destinationType: trig.area === "WALLET" ? "BANK_ACCOUNT" : "BENEFICIARY",
      destinationId: trig.destinationId,
      depositId: d.id,
    })
    d.withdrawalId = w.id
    d.resultStatus = "PENDING"
    d.resultReason = null
  }

  const credit = (d: DepositRec, retried: boolean) => {
    d.status = "COMPLETED"
    d.updatedAt = engine.now()
    s().wallet.balanceSen += d.amountSen // the deposit's tokens stay credited in every case
    attemptTransfer(d)
    emitDeposit(d)
    if (retried) emitDeposit(d, "PROCESSING")
    engine.changed()
  }

  const detect = (
    d: DepositRec,
    opts: { stopAt?: "PROCESSING"; withRetriedProcessing?: boolean }
  ) => {
    d.detected = true
    d.status = "PROCESSING"
    d.updatedAt = engine.now()
    emitDeposit(d)
    if (opts.stopAt !== "PROCESSING")
      credit(d, Boolean(opts.withRetriedProcessing))
  }

  const findDeposit = (area: "WALLET" | "PAYOUT", id: string): DepositRec => {
    const d = s().deposits[id]
    if (!d || d.area !== area || !d.detected) throw notFound("deposit")
    return d
  }

  return {
    fiatWithdrawalView,
    startWithdrawal,
    withdrawnInWindow,
    depositView: (d, o) => depositView(d, o),
    tokenTransferView: (t) => {
      const f = engine.findToken(t.tokenId)
      return {
        id: t.id,
        status: t.status,
        toAddress: t.toAddress,
        amount: String(t.amount),
        fee: String(t.fee),
        reference: t.reference,
        source: "API",
        tokenId: t.tokenId,
        token: {
          symbol: f?.token.symbol ?? "MYRC",
          name: f?.token.name ?? "",
          network: {
            id: f?.network.id ?? "",
            name: f?.network.name ?? "",
            type: f?.network.type ?? "EVM",
          },
        },
        txHash: t.txHash,
        confirmations: t.confirmations,
        confirmedAt: t.confirmedAt === null ? null : iso(t.confirmedAt),
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      }
    },
    simulateDeposit: (opts) => {
      engine.tick()
      if (opts.area !== "WALLET" && opts.area !== "PAYOUT")
        throw new ControlError(400, "INVALID", "area must be WALLET or PAYOUT")
      if (!Number.isInteger(opts.amountSen) || opts.amountSen <= 0)
        throw new ControlError(
          400,
          "INVALID",
          "amountSen must be a positive integer"
        )
      if (typeof opts.from !== "string" || !opts.from)
        throw new ControlError(400, "INVALID", "from is required")
      const chainId = opts.chainId ?? 11155111
      const network = s().networks.find(
        (n) => n.active && (n.chainId ?? 101) === chainId
      )
      if (!network)
        throw new ControlError(
          400,
          "INVALID",
          `chainId ${chainId} is not an active network`
        )
      let trigger: string | null = null
      if (opts.triggerAddress) {
        const t = Object.values(s().triggerAddresses).find(
          (x) => x.address.toLowerCase() === opts.triggerAddress!.toLowerCase()
        )
        if (!t || t.area !== opts.area)
          throw new ControlError(
            404,
            "NOT_FOUND",
            `no ${opts.area} trigger address ${opts.triggerAddress}`
          )
        trigger = t.address
      } else if (opts.area === "PAYOUT")
        throw new ControlError(
          400,
          "INVALID",
          "a PAYOUT deposit needs a triggerAddress"
        )
      const now = engine.now()
      const d: DepositRec = {
        seq: engine.nextSeq(),
        id: uuid(),
        area: opts.area,
        txHash:
          opts.txHash ??
          (network.type === "SOLANA"
            ? randomSolSignature()
            : randomEvmTxHash()),
        logIndex: 0,
        chainId,
        tokenId: network.tokens.find((t) => t.active)!.id,
        amountSen: opts.amountSen,
        from: EVM_ADDRESS.test(opts.from) ? opts.from.toLowerCase() : opts.from,
        status: "PENDING",
        confirmations: 12,
        triggerAddress: trigger,
        resultStatus: null,
        resultReason: null,
        withdrawalId: null,
        detected: !opts.undetected,
        createdAt: now,
        updatedAt: now,
      }
      s().deposits[d.id] = d
      if (!opts.undetected) detect(d, opts)
      engine.changed()
      return { ...depositView(d), area: d.area }
    },
    creditDeposit: (id) => {
      const d = s().deposits[id]
      if (!d)
        throw new ControlError(404, "NOT_FOUND", `deposit ${id} not found`)
      if (d.status !== "PROCESSING")
        throw new ControlError(409, "INVALID_STATE", `deposit is ${d.status}`)
      credit(d, false)
      return depositView(d)
    },
    redrive: (area, id) => {
      const d = findDeposit(area, id)
      if (!d.triggerAddress) throw notFound("deposit from a trigger address")
      if (d.status !== "COMPLETED")
        throw invalidRequest("deposit status is not COMPLETED")
      if (!d.withdrawalId) {
        attemptTransfer(d)
        d.updatedAt = engine.now()
        emitDeposit(d)
      }
      return depositView(d)
    },
    checkMissed: (area, txHash, chainId) => {
      const network = s().networks.find(
        (n) => n.active && n.type === "EVM" && n.chainId === chainId
      )
      if (!network) throw notFound("network for chainId")
      const matches = Object.values(s().deposits).filter(
        (d) =>
          d.area === area && d.txHash.toLowerCase() === txHash.toLowerCase()
      )
      const known = matches.filter((d) => d.detected)
      if (known.length)
        return {
          status: "ALREADY_DETECTED",
          depositIds: known.map((d) => d.id),
        }
      for (const d of matches) detect(d, {})
      return { status: "QUEUED", depositIds: [] }
    },
  }
}

export const requireBalance = (engine: Engine, sen: number) => {
  if (engine.state.wallet.balanceSen < sen)
    throw new ApiError(
      400,
      "INSUFFICIENT_BALANCE",
      "wallet balance is insufficient"
    )
}
