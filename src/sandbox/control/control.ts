import type { Engine } from "../engine"
import { ControlError } from "../errors"
import { CHECKOUT_LIFETIME_MS } from "../engine"
import type { CheckoutRec } from "../state"
import { messageOf, randomHex, uuid } from "../util"
import type { FaultInjector, FaultSpec } from "./faults"
import type { RateLimiter } from "../signed-api/rate-limit"
import type { CallCounter, CallStats } from "./stats"
import {
  FEATURES,
  type AccountStatus,
  type Feature,
  type FeeConfig,
  type LimitsConfig,
  type SandboxState,
} from "../state"
import type {
  DeliveryAttempt,
  WebhookConfig,
  WebhookDispatcher,
  WebhookFaultSpec,
} from "../webhooks"
import type { WalletOps, SimulateDepositOptions } from "../domain/wallet"
import type { PayoutOps } from "../domain/payouts"

export type CheckoutView = ReturnType<Engine["checkoutView"]>

export const ACCOUNT_STATUSES: AccountStatus[] = [
  "ACTIVE",
  "FROZEN",
  "SUSPENDED",
  "TERMINATED",
  "PENDING_VERIFICATION",
  "NOT_ACTIVE",
  "RESTRICTED",
]

export interface SandboxControl {
  /** CREATED → (PENDING for SVC_ACCOUNT) → PROCESSING → COMPLETED; stops at `stopAt` if given */
  pay(
    checkoutId: string,
    opts?: { stopAt?: "PENDING" | "PROCESSING" }
  ): CheckoutView
  complete(checkoutId: string): CheckoutView
  fail(checkoutId: string, reason?: string): CheckoutView
  /** no checkout.updated event (spec) */
  cancel(checkoutId: string): CheckoutView
  /** no checkout.updated event (spec) */
  reject(checkoutId: string): CheckoutView
  getCheckout(checkoutId: string): CheckoutView
  /**
   * `count` checkouts other shoppers already finished (a busy hour replayed):
   * SVC_ACCOUNT, 1000 sen, in `status` (default COMPLETED), created over the
   * last `overSeconds` (default 0: now), with no webhook. For tests of what
   * lists of checkouts cost.
   */
  seedCheckouts(opts: {
    count: number
    status?: "COMPLETED" | "FAILED"
    overSeconds?: number
  }): { created: number }
  /** moves the sandbox clock forward and runs everything that came due */
  advanceClock(seconds: number): { now: string }
  now(): string
  injectFault(spec: FaultSpec): void
  clearFaults(): void
  webhookFaults(spec: WebhookFaultSpec): void
  webhookLog(): DeliveryAttempt[]
  flushWebhooks(): Promise<void>
  setWebhooks(config: WebhookConfig): void
  setAccountStatus(status: AccountStatus): void
  setAccountType(type: "BUSINESS" | "INDIVIDUAL"): void
  setFeature(name: Feature, enabled: boolean): void
  setFees(fees: Partial<FeeConfig>): void
  setLimits(limits: Partial<LimitsConfig>): void
  setBankListAvailable(available: boolean): void
  setWalletBalance(sen: number): void
  setCheckoutPrefundBalance(sen: number): void
  setPrefundBalance(sen: number): void
  getPrefundBalance(): { available: string }
  /** a dashboard top-up of the payout prefund: completes ~10 s later on the sandbox clock; sen part 99 fails */
  topUpPrefund(sen: number): { id: string; amount: string; status: string }
  simulateDeposit(opts: SimulateDepositOptions): unknown
  /** completes a deposit left at PROCESSING by simulateDeposit({stopAt: "PROCESSING"}) */
  creditDeposit(depositId: string): unknown
  /** calls to the /v1 API per route template and per API key since the start or the last reset */
  stats(): CallStats
  resetStats(): void
  /** back to the seeded state; also clears faults, the webhook log, rate limit windows and call counts */
  reset(): void
  /** a deep copy of the whole sandbox state (for debugging and assertions) */
  state(): SandboxState
}

export interface ControlDeps {
  engine: Engine
  faults: FaultInjector
  webhooks: WebhookDispatcher
  limiter: RateLimiter
  wallet: WalletOps
  payouts: PayoutOps
  calls: CallCounter
  reset: () => void
}

export const nonNegInt = (sen: unknown, what: string): number => {
  if (typeof sen !== "number" || !Number.isInteger(sen) || sen < 0)
    throw new ControlError(
      400,
      "INVALID",
      `${what} must be a non-negative integer (sen)`
    )
  return sen
}

export function makeControl(d: ControlDeps): SandboxControl {
  const { engine } = d
  const view = (c: Parameters<Engine["checkoutView"]>[0]) =>
    engine.checkoutView(c)
  const wrap = <T>(fn: () => T): T => {
    try {
      return fn()
    } catch (e) {
      if (e instanceof ControlError) throw e
      throw new ControlError(400, "INVALID", messageOf(e))
    }
  }
  return {
    pay: (id, opts) => view(engine.pay(id, opts ?? {})),
    complete: (id) => view(engine.complete(id)),
    fail: (id, reason) => view(engine.fail(id, reason)),
    cancel: (id) => view(engine.cancel(id)),
    reject: (id) => view(engine.reject(id)),
    getCheckout: (id) => view(engine.getCheckout(id)),
    seedCheckouts: ({ count, status = "COMPLETED", overSeconds = 0 }) => {
      const n = nonNegInt(count, "count")
      const tokenId = engine.activeNetworks()[0].tokens[0].id
      const now = engine.now()
      for (let i = 0; i < n; i++) {
        const at = now - Math.floor((overSeconds * 1000 * (n - i)) / n)
        const c: CheckoutRec = {
          seq: engine.nextSeq(),
          checkoutId: uuid(),
          type: "SVC_ACCOUNT",
          status,
          amount: 1000,
          fee: 0,
          netAmount: 1000,
          feeMode: null,
          reservedFee: 0,
          addressTo: "0x" + "1".repeat(40),
          tokenId,
          title: `seeded ${i + 1}`,
          description: null,
          redirectUrl: "https://shop.example/return",
          txHash: status === "COMPLETED" ? "0x" + randomHex(32) : null,
          paidAt: status === "COMPLETED" ? at : null,
          expiresAt: at + CHECKOUT_LIFETIME_MS,
          createdAt: at,
          updatedAt: at,
          buyerName: null,
          bank: null,
          bankType: null,
          failureReason: status === "FAILED" ? "payment failed" : null,
          urlToken: randomHex(8),
        }
        engine.state.checkouts[c.checkoutId] = c
      }
      engine.changed()
      return { created: n }
    },
    advanceClock: (seconds) => {
      engine.advanceClock(seconds)
      return { now: new Date(engine.now()).toISOString() }
    },
    now: () => new Date(engine.now()).toISOString(),
    injectFault: (spec) => wrap(() => d.faults.add(spec)),
    // Clears request faults and webhook delivery faults alike.
    clearFaults: () => {
      d.faults.clear()
      d.webhooks.clearFaults()
    },
    webhookFaults: (spec) => wrap(() => d.webhooks.addFault(spec)),
    webhookLog: () => d.webhooks.log.map((a) => ({ ...a })),
    flushWebhooks: () => {
      engine.tick()
      return d.webhooks.flush()
    },
    setWebhooks: (config) => d.webhooks.setConfig(config),
    setAccountStatus: (status) => {
      if (!ACCOUNT_STATUSES.includes(status))
        throw new ControlError(
          400,
          "INVALID",
          `status must be one of ${ACCOUNT_STATUSES.join(", ")}`
        )
      engine.state.account.status = status
      engine.changed()
    },
    setAccountType: (type) => {
      if (type !== "BUSINESS" && type !== "INDIVIDUAL")
        throw new ControlError(
          400,
          "INVALID",
          "type must be BUSINESS or INDIVIDUAL"
        )
      engine.state.account.type = type
      engine.changed()
    },
    setFeature: (name, enabled) => {
      if (!FEATURES.includes(name))
        throw new ControlError(
          400,
          "INVALID",
          `feature must be one of ${FEATURES.join(", ")}`
        )
      engine.state.account.features[name] = Boolean(enabled)
      engine.changed()
    },
    setFees: (fees) => {
      Object.assign(engine.state.fees, fees)
      engine.changed()
    },
    setLimits: (limits) => {
      Object.assign(engine.state.limits, limits)
      engine.changed()
    },
    setBankListAvailable: (available) => {
      engine.state.bankListAvailable = Boolean(available)
    },
    setWalletBalance: (sen) => {
      engine.state.wallet.balanceSen = nonNegInt(sen, "sen")
      engine.changed()
    },
    setCheckoutPrefundBalance: (sen) => {
      engine.state.checkoutPrefundSen = nonNegInt(sen, "sen")
      engine.changed()
    },
    setPrefundBalance: (sen) => {
      engine.state.prefundSen = nonNegInt(sen, "sen")
      engine.changed()
    },
    getPrefundBalance: () => ({ available: String(engine.state.prefundSen) }),
    topUpPrefund: (sen) => d.payouts.topUp(nonNegInt(sen, "sen")),
    simulateDeposit: (opts) => d.wallet.simulateDeposit(opts),
    creditDeposit: (id) => d.wallet.creditDeposit(id),
    reset: () => {
      d.reset()
      d.faults.clear()
      d.webhooks.clearFaults()
      d.webhooks.log.length = 0
      d.limiter.reset()
      d.calls.reset()
    },
    stats: () => d.calls.snapshot(),
    resetStats: () => d.calls.reset(),
    state: () => structuredClone(engine.state),
  }
}
