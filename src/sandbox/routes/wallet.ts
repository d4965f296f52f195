import { z } from "@medusajs/framework/zod"
import { PAYOUT_BANKS } from "../pages/banks"
import { requireBalance } from "../domain/wallet"
import { ApiError, invalidRequest, notFound } from "../errors"
import type { Engine } from "../engine"
import type { Ctx, Result, RouteDef } from "../signed-api/router"
import type { Feature, TokenTransferRec } from "../state"
import { EVM_ADDRESS, iso, SOL_ADDRESS, UUID, uuid } from "../util"
import { ownRate, route, showById, walletRead, withBody } from "./define"
import { pageLimit, pageResult, parseQuery } from "./paging"
import { depositRoutes, triggerRoutes } from "./trigger"

const amount = z
  .number()
  .int("must be an integer in sen")
  .min(1000, "must be at least 1000 sen")
  .max(100_000_000, "must be at most 100000000 sen")
const tokenTransferBody = z.object({
  tokenId: z.string().regex(UUID, "must be a UUID"),
  addressTo: z.string().min(1, "is required"),
  amount,
  reference: z.string().max(32, "must be at most 32 characters").optional(),
})
const fiatBody = z.object({
  bankAccountId: z.string().regex(UUID, "must be a UUID"),
  amount,
  reference: z.string().max(20, "must be at most 20 characters").optional(),
})
const pageQuery = z.object({
  limit: pageLimit,
  cursor: z.string().min(1).optional(),
  search: z.string().optional(),
})

const DAY = 24 * 3600 * 1000

/** spec: LIMIT_EXCEEDED is 400 when an amount exceeds a daily or monthly limit (sandbox: rolling 24 h and 30 days). */
function checkAmountLimits(engine: Engine, sen: number) {
  if (
    engine.wallet.withdrawnInWindow(DAY) + sen >
    engine.state.limits.dailyWithdrawalSen
  )
    throw new ApiError(400, "LIMIT_EXCEEDED", "daily withdrawal limit exceeded")
  if (
    engine.wallet.withdrawnInWindow(30 * DAY) + sen >
    engine.state.limits.monthlyWithdrawalSen
  )
    throw new ApiError(
      400,
      "LIMIT_EXCEEDED",
      "monthly withdrawal limit exceeded"
    )
}

/** The wallet's outflows share one policy: idempotency key required, 30 a minute, gated as outflow. */
const outflow = <S extends z.ZodType>(
  path: string,
  feature: Feature,
  body: S,
  handler: (ctx: Ctx, body: z.output<S>) => Result
) =>
  route("POST", path, {
    area: "wallet",
    idempotency: "required",
    rate: ownRate("POST", path, 30),
    gate: "outflow",
    feature,
    handler: withBody(body, handler),
  })

/** A row of GET /v1/wallet/transactions (seq: the order among rows of one time). */
const movement = (
  r: {
    seq: number
    id: string
    status: string
    createdAt: number
    updatedAt: number
  },
  type: string,
  direction: "IN" | "OUT",
  amount: number,
  reference: string,
  txHash: string | null
) => ({
  seq: r.seq,
  id: r.id,
  type,
  direction,
  status: r.status,
  amount: String(amount),
  reference,
  txHash,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

export const walletRoutes: RouteDef[] = [
  outflow(
    "/v1/wallet/token/withdrawals",
    "tokenTransfers",
    tokenTransferBody,
    ({ engine }, b) => {
      const found = engine.activeToken(b.tokenId)
      if (!found) throw invalidRequest("tokenId is not an active token")
      const evm = found.network.type === "EVM"
      if (evm ? !EVM_ADDRESS.test(b.addressTo) : !SOL_ADDRESS.test(b.addressTo))
        throw invalidRequest(
          "addressTo is not an address on the token's network"
        )
      const w = engine.state.wallet
      if (
        b.addressTo.toLowerCase() === w.evmAddress.toLowerCase() ||
        b.addressTo === w.solAddress
      )
        throw invalidRequest("addressTo is the account's own deposit address")
      // sandbox rule: addresses starting 0x000000 stand for contracts and other restricted destinations
      if (/^0x000000/i.test(b.addressTo))
        throw invalidRequest("addressTo is a restricted destination")
      requireBalance(engine, b.amount)
      checkAmountLimits(engine, b.amount)
      const now = engine.now()
      const t: TokenTransferRec = {
        seq: engine.nextSeq(),
        id: uuid(),
        status: evm ? "CREATED" : "PENDING",
        toAddress: b.addressTo,
        amount: b.amount,
        fee: engine.state.fees.tokenTransferFeeSen,
        reference: b.reference ?? "",
        tokenId: b.tokenId,
        txHash: null,
        confirmations: null,
        confirmedAt: null,
        createdAt: now,
        updatedAt: now,
      }
      w.balanceSen -= t.amount
      engine.state.tokenTransfers[t.id] = t
      engine.schedule("transfer.step", t.id, now + (evm ? 5_000 : 10_000))
      return { status: 200, body: engine.wallet.tokenTransferView(t) }
    }
  ),
  walletRead(
    "/v1/wallet/token/withdrawals/{id}",
    showById(
      "token transfer",
      (engine, id) => engine.state.tokenTransfers[id],
      (engine, t) => engine.wallet.tokenTransferView(t)
    )
  ),
  walletRead("/v1/wallet/bank-accounts", ({ engine, query }) => {
    const q = parseQuery(pageQuery, query)
    const items = Object.values(engine.state.bankAccounts)
      .filter(
        (b) =>
          b.active &&
          (!q.search || b.name.toLowerCase().includes(q.search.toLowerCase()))
      )
      .sort((a, b) => a.seq - b.seq)
    return pageResult(
      items,
      (b) => b.id,
      q,
      (b) => ({
        id: b.id,
        name: b.name,
        accountNumber: b.accountNumber,
        verified: b.verified,
        bank: {
          code: b.bankCode,
          name:
            PAYOUT_BANKS.find((x) => x.code === b.bankCode)?.name ?? b.bankCode,
        },
        createdAt: iso(b.createdAt),
        updatedAt: iso(b.updatedAt),
      })
    )
  }),
  outflow(
    "/v1/wallet/fiat/withdrawals",
    "fiatWithdrawals",
    fiatBody,
    ({ engine }, b) => {
      const acct = engine.state.bankAccounts[b.bankAccountId]
      if (!acct || !acct.active) throw notFound("bank account")
      if (engine.state.account.type === "INDIVIDUAL" && b.amount > 30_000_000)
        throw invalidRequest(
          "amount is not permitted for this account (individual cap RM300,000)"
        )
      requireBalance(engine, b.amount + engine.state.fees.fiatWithdrawalFeeSen)
      checkAmountLimits(engine, b.amount)
      const w = engine.wallet.startWithdrawal({
        amount: b.amount,
        reference: b.reference ?? "",
        source: "API",
        destinationType: "BANK_ACCOUNT",
        destinationId: acct.id,
        depositId: null,
      })
      return { status: 200, body: engine.wallet.fiatWithdrawalView(w) }
    }
  ),
  walletRead(
    "/v1/wallet/fiat/withdrawals/{id}",
    showById(
      "fiat withdrawal",
      (engine, id) => {
        const w = engine.state.fiatWithdrawals[id]
        return w?.destinationType === "BANK_ACCOUNT" ? w : null
      },
      (engine, w) => engine.wallet.fiatWithdrawalView(w)
    )
  ),
  // spec gap: query and response not shown; the sandbox answers a cursor page of wallet movements, newest first
  walletRead("/v1/wallet/transactions", ({ engine, query }) => {
    const q = parseQuery(pageQuery, query)
    const s = engine.state
    const rows = [
      ...Object.values(s.deposits)
        .filter((d) => d.detected && d.status === "COMPLETED")
        .map((d) => movement(d, "DEPOSIT", "IN", d.amountSen, "", d.txHash)),
      ...Object.values(s.tokenTransfers)
        .filter((t) => t.status !== "CREATED")
        .map((t) =>
          movement(
            t,
            "TOKEN_WITHDRAWAL",
            "OUT",
            t.amount,
            t.reference,
            t.txHash
          )
        ),
      ...Object.values(s.fiatWithdrawals).map((w) =>
        movement(w, "FIAT_WITHDRAWAL", "OUT", w.amount, w.reference, null)
      ),
    ].sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
    return pageResult(
      rows,
      (r) => r.id,
      q,
      ({ seq: _s, ...r }) => ({
        ...r,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      })
    )
  }),
  ...triggerRoutes("WALLET"),
  ...depositRoutes("WALLET"),
]
