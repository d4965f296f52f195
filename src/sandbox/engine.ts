import { ControlError } from "./errors"
import {
  FINAL_CHECKOUT,
  type CheckoutRec,
  type CheckoutStatus,
  type Network,
  type SandboxState,
  type Task,
  type Token,
} from "./state"
import {
  iso,
  randomEvmTxHash,
  randomSolSignature,
  SOL_ADDRESS,
  uuid,
} from "./util"
import type { WebhookDispatcher } from "./webhooks"
import type { WalletOps } from "./domain/wallet"
import type { PayoutOps } from "./domain/payouts"

export const CHECKOUT_LIFETIME_MS = 20 * 60 * 1000

type Runner = (ref: string, at: number) => void

/**
 * The sandbox's state machine: state, the sandbox clock (wall clock + an offset that
 * `advanceClock` moves forward), the timed tasks that run off that clock, and event emission.
 */
export class Engine {
  private runners = new Map<string, Runner>()
  private ticking = false
  onChange: () => void = () => {}
  wallet!: WalletOps
  payouts!: PayoutOps

  constructor(
    public state: SandboxState,
    readonly webhooks: WebhookDispatcher
  ) {
    this.on("checkout.expire", (id, at) => {
      const c = this.state.checkouts[id]
      if (c && !FINAL_CHECKOUT.includes(c.status))
        this.setCheckoutStatus(c, "FAILED", at, "expired")
    })
  }

  now(): number {
    return Date.now() + this.state.clockOffsetMs
  }

  on(kind: string, runner: Runner) {
    this.runners.set(kind, runner)
  }

  schedule(kind: string, ref: string, at: number) {
    const task: Task = { id: uuid(), kind, ref, at }
    this.state.tasks.push(task)
  }

  /** Runs every task due on the sandbox clock, earliest first (tasks may schedule more). */
  tick() {
    if (this.ticking) return
    this.ticking = true
    try {
      for (let guard = 0; guard < 100_000; guard++) {
        const now = this.now()
        let next: Task | undefined
        for (const t of this.state.tasks)
          if (t.at <= now && (!next || t.at < next.at)) next = t
        if (!next) break
        const task = next
        this.state.tasks = this.state.tasks.filter((t) => t !== task)
        this.runners.get(task.kind)?.(task.ref, task.at)
        this.changed()
      }
    } finally {
      this.ticking = false
    }
  }

  advanceClock(seconds: number) {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new ControlError(
        400,
        "INVALID",
        "seconds must be a non-negative number"
      )
    this.state.clockOffsetMs += Math.round(seconds * 1000)
    this.tick()
    this.changed()
  }

  changed() {
    this.onChange()
  }

  nextSeq(): number {
    return ++this.state.seq
  }

  emit(type: string, data: unknown, at = this.now()) {
    this.webhooks.emit(type, data, at)
  }

  // ---- networks and tokens -------------------------------------------------------------

  activeNetworks(): Network[] {
    return this.state.networks
      .filter((n) => n.active)
      .map((n) => ({ ...n, tokens: n.tokens.filter((t) => t.active) }))
  }

  findToken(tokenId: string): { network: Network; token: Token } | null {
    for (const network of this.state.networks)
      for (const token of network.tokens)
        if (token.id === tokenId) return { network, token }
    return null
  }

  activeToken(tokenId: string): { network: Network; token: Token } | null {
    const f = this.findToken(tokenId)
    return f && f.network.active && f.token.active ? f : null
  }

  // ---- checkout --------------------------------------------------------------------------

  checkoutView(c: CheckoutRec) {
    const t = this.findToken(c.tokenId)
    return {
      checkoutId: c.checkoutId,
      type: c.type,
      status: c.status,
      amount: String(c.amount),
      fee: String(c.fee),
      netAmount: String(c.netAmount),
      addressTo: c.addressTo,
      tokenId: c.tokenId,
      token: {
        id: c.tokenId,
        name: t?.token.name ?? "svc Ringgit",
        symbol: t?.token.symbol ?? "MYRC",
      },
      title: c.title,
      description: c.description,
      redirectUrl: c.redirectUrl,
      txHash: c.txHash,
      paidAt: c.paidAt === null ? null : iso(c.paidAt),
      expiresAt: iso(c.expiresAt),
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
    }
  }

  getCheckout(id: string): CheckoutRec {
    this.tick()
    const c = this.state.checkouts[id]
    if (!c) throw new ControlError(404, "NOT_FOUND", `checkout ${id} not found`)
    return c
  }

  /** Moves a checkout and emits checkout.updated, except into CANCELLED or REJECTED (spec: Events). */
  setCheckoutStatus(
    c: CheckoutRec,
    to: CheckoutStatus,
    at = this.now(),
    reason: string | null = null
  ) {
    if (c.status === to) return
    c.status = to
    c.updatedAt = at
    if (to === "COMPLETED") {
      c.paidAt = at
      c.txHash =
        SOL_ADDRESS.test(c.addressTo) && !c.addressTo.startsWith("0x")
          ? randomSolSignature()
          : randomEvmTxHash()
      c.reservedFee = 0 // the reserved CHARGE_TO_PREFUND fee is consumed
      const w = this.state.wallet
      if (
        c.addressTo.toLowerCase() === w.evmAddress.toLowerCase() ||
        c.addressTo === w.solAddress
      )
        w.balanceSen += c.netAmount
    }
    if (to === "FAILED" || to === "CANCELLED" || to === "REJECTED") {
      c.failureReason = reason
      this.state.checkoutPrefundSen += c.reservedFee // an unpaid checkout gives its reserved fee back
      c.reservedFee = 0
    }
    if (to !== "CANCELLED" && to !== "REJECTED")
      this.emit("checkout.updated", this.checkoutView(c), at)
    this.changed()
  }

  private requireOpen(
    c: CheckoutRec,
    allowed: CheckoutStatus[],
    action: string
  ) {
    if (!allowed.includes(c.status))
      throw new ControlError(
        409,
        "INVALID_STATE",
        `cannot ${action} checkout ${c.checkoutId} in status ${c.status}`
      )
  }

  /** CREATED → (PENDING for SVC_ACCOUNT) → PROCESSING → COMPLETED, stopping at `stopAt` if given. */
  pay(
    id: string,
    opts: { stopAt?: "PENDING" | "PROCESSING" } = {}
  ): CheckoutRec {
    const c = this.getCheckout(id)
    this.requireOpen(c, ["CREATED", "PENDING", "PROCESSING"], "pay")
    if (opts.stopAt === "PENDING" && c.type !== "SVC_ACCOUNT")
      throw new ControlError(
        400,
        "INVALID",
        "stopAt PENDING applies to SVC_ACCOUNT checkouts only"
      )
    if (c.status === "CREATED" && c.type === "SVC_ACCOUNT")
      this.setCheckoutStatus(c, "PENDING")
    if (opts.stopAt === "PENDING") return c
    if (c.status === "CREATED" || c.status === "PENDING")
      this.setCheckoutStatus(c, "PROCESSING")
    if (opts.stopAt === "PROCESSING") return c
    this.setCheckoutStatus(c, "COMPLETED")
    return c
  }

  complete(id: string): CheckoutRec {
    const c = this.getCheckout(id)
    this.requireOpen(c, ["CREATED", "PENDING", "PROCESSING"], "complete")
    return this.pay(id)
  }

  fail(id: string, reason?: string): CheckoutRec {
    const c = this.getCheckout(id)
    this.requireOpen(c, ["CREATED", "PENDING", "PROCESSING"], "fail")
    this.setCheckoutStatus(c, "FAILED", this.now(), reason ?? "payment failed")
    return c
  }

  cancel(id: string): CheckoutRec {
    const c = this.getCheckout(id)
    this.requireOpen(c, ["CREATED", "PENDING"], "cancel")
    this.setCheckoutStatus(c, "CANCELLED", this.now(), "cancelled")
    return c
  }

  reject(id: string): CheckoutRec {
    const c = this.getCheckout(id)
    // spec gap: transitions into REJECTED are not shown; the sandbox allows it from any unpaid status
    this.requireOpen(c, ["CREATED", "PENDING", "PROCESSING"], "reject")
    this.setCheckoutStatus(
      c,
      "REJECTED",
      this.now(),
      "rejected by the payment provider"
    )
    return c
  }
}
