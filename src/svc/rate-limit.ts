/**
 * Client-side rate limiter (spec: Limits, rate-limit table). svc counts per account
 * over a rolling 60-second window; per-route limits sit inside the account ceiling,
 * so a request must fit both (SPEC-NOTES: the smaller applies). A burst waits its
 * turn here instead of earning 429s.
 *
 * Sliding-window log: exact for the spec's "rolling 60-second window".
 */

/** Per-route limits per minute, keyed by `METHOD template`; shared limits share a group name. */
export const ROUTE_RATE_LIMITS: Record<string, { group: string; limit: number }> = {
  "POST /v1/payouts": { group: "payouts.create", limit: 300 },
  "POST /v1/wallet/token/withdrawals": { group: "wallet.tokenWithdrawals.create", limit: 30 },
  "POST /v1/wallet/fiat/withdrawals": { group: "wallet.fiatWithdrawals.create", limit: 30 },
  "POST /v1/payouts/beneficiaries": { group: "payouts.beneficiaries.create", limit: 20 },
  "POST /v1/wallet/bank-accounts/{bankAccountId}/address": { group: "wallet.triggerAddresses.create", limit: 20 },
  "POST /v1/payouts/beneficiaries/{beneficiaryId}/address": { group: "payouts.triggerAddresses.create", limit: 20 },
  "POST /v1/wallet/deposits/check-missed": { group: "wallet.deposits.checkMissed", limit: 30 },
  "POST /v1/payouts/deposits/check-missed": { group: "payouts.deposits.checkMissed", limit: 30 },
  "POST /v1/wallet/deposits/{id}/redrive": { group: "wallet.deposits.redrive", limit: 60 },
  "POST /v1/payouts/deposits/{id}/redrive": { group: "payouts.deposits.redrive", limit: 60 },
  // "POST, PATCH, DELETE on wallet whitelist: 60, shared by the three methods"
  "POST /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist": { group: "wallet.whitelist", limit: 60 },
  "PATCH /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist/{senderId}": { group: "wallet.whitelist", limit: 60 },
  "DELETE /v1/wallet/bank-accounts/{bankAccountId}/address/whitelist/{senderId}": { group: "wallet.whitelist", limit: 60 },
  "POST /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist": { group: "payouts.whitelist", limit: 60 },
  "PATCH /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist/{senderId}": { group: "payouts.whitelist", limit: 60 },
  "DELETE /v1/payouts/beneficiaries/{beneficiaryId}/address/whitelist/{senderId}": { group: "payouts.whitelist", limit: 60 },
  "POST /v1/checkout": { group: "checkout.create", limit: 120 },
  // "GET /v1/payouts/{id} and GET /v1/payouts/active-banks: 600, shared"
  "GET /v1/payouts/{id}": { group: "payouts.reads", limit: 600 },
  "GET /v1/payouts/active-banks": { group: "payouts.reads", limit: 600 },
  "GET /v1/payout/prefund/balance": { group: "payouts.prefund.balance", limit: 60 },
}

/** A call gave up waiting for the rate budget before its deadline: nothing was sent. */
export class RateBudgetWait extends Error {
  override name = "RateBudgetWait"
  constructor(readonly route: string) {
    super(`the account's rate budget for ${route} is used up for now; nothing was sent`)
  }
}

/** Account ceiling defaults (spec: Limits): sandbox 100/min, production 1000/min. */
export const ACCOUNT_RATE_LIMIT_SANDBOX = 100
export const ACCOUNT_RATE_LIMIT_PRODUCTION = 1000

class Window {
  /** Send times (ms), oldest first. */
  private readonly times: number[] = []
  private head = 0
  constructor(
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private prune(now: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= now - this.windowMs) this.head++
    if (this.head > 1024) {
      this.times.splice(0, this.head)
      this.head = 0
    }
  }
  /** 0 when a slot is free now, else ms until the oldest entry leaves the window. */
  waitMs(now: number): number {
    this.prune(now)
    if (this.times.length - this.head < this.limit) return 0
    return (this.times[this.head] as number) + this.windowMs - now + 1
  }
  take(now: number): void {
    this.times.push(now)
  }
  /** Sends inside the current window. */
  used(now: number): number {
    this.prune(now)
    return this.times.length - this.head
  }
}

export interface RateLimiterOptions {
  accountLimit: number
  /** 60 000 in production use; tests shrink it. */
  windowMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export class RateLimiter {
  private readonly account: Window
  private readonly groups = new Map<string, Window>()
  /** One FIFO chain per route group: callers of a route are served in order. */
  private readonly chains = new Map<string, Promise<void>>()
  private readonly windowMs: number
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>

  constructor(opts: RateLimiterOptions) {
    this.windowMs = opts.windowMs ?? 60_000
    this.account = new Window(opts.accountLimit, this.windowMs)
    this.now = opts.now ?? Date.now
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)))
  }

  /** The account ceiling and how much of it this client used in the last window. */
  usage(): { used: number; limit: number; windowMs: number } {
    return { used: this.account.used(this.now()), limit: this.account.limit, windowMs: this.windowMs }
  }

  /**
   * Wait until a request to `route` (`METHOD template`) fits both its route limit and the account ceiling.
   * With `deadlineAt` (ms, this limiter's clock): rejects with RateBudgetWait as soon as
   * that time passes while still waiting; nothing was sent and the turn is given up.
   */
  acquire(route: string, deadlineAt: number = Number.POSITIVE_INFINITY): Promise<void> {
    const spec = ROUTE_RATE_LIMITS[route]
    const key = spec?.group ?? "account"
    let win: Window | undefined
    if (spec) {
      win = this.groups.get(spec.group)
      if (!win) this.groups.set(spec.group, (win = new Window(spec.limit, this.windowMs)))
    }
    // Fast path: nothing queued and room now. Keeps the common case synchronous-cheap.
    if (!this.chains.has(key) && this.tryTake(win)) return Promise.resolve()
    const turn = { cancelled: false }
    const prev = this.chains.get(key) ?? Promise.resolve()
    const next = prev.then(() => this.waitFor(win, turn))
    const tail = next.finally(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key)
    })
    this.chains.set(key, tail)
    if (deadlineAt === Number.POSITIVE_INFINITY) return next
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        turn.cancelled = true
        reject(new RateBudgetWait(route))
      }, Math.max(0, deadlineAt - this.now()))
      next.then(
        () => {
          clearTimeout(timer)
          if (!turn.cancelled) resolve()
        },
        (e) => {
          clearTimeout(timer)
          reject(e)
        },
      )
    })
  }

  private tryTake(win: Window | undefined): boolean {
    const now = this.now()
    if (this.account.waitMs(now) > 0 || (win && win.waitMs(now) > 0)) return false
    this.account.take(now)
    win?.take(now)
    return true
  }

  private async waitFor(win: Window | undefined, turn: { cancelled: boolean }): Promise<void> {
    for (;;) {
      if (turn.cancelled) return // the caller gave up: the turn passes to the next in line
      const now = this.now()
      const wait = Math.max(this.account.waitMs(now), win ? win.waitMs(now) : 0)
      if (wait <= 0) {
        this.account.take(now)
        win?.take(now)
        return
      }
      await this.sleep(wait)
    }
  }
}
