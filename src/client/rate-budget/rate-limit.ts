/**
 * Client-side rate limiter (spec: Limits, rate-limit table). svc counts per account
 * over a rolling 60-second window; per-route limits sit inside the account ceiling,
 * so a request must fit both (where both apply, the smaller). A burst waits its
 * turn here instead of earning 429s.
 *
 * Sliding-window log: exact for the spec's "rolling 60-second window".
 */

type RouteLimit = { group: string; limit: number }

/** The account's ceiling, what was sent in the window, and whether the count is shared (RateLimiter.usage). */
export type RateUsage = {
  used: number
  limit: number
  windowMs: number
  shared: boolean
}

/**
 * An area's (wallet's, payouts') owner routes and deposit routes: a trigger address 20,
 * check-missed 30, redrive 60; "POST, PATCH, DELETE on wallet whitelist: 60, shared by
 * the three methods" (and the same on payouts').
 */
function areaLimits(
  area: "wallet" | "payouts",
  owner: string
): Record<string, RouteLimit> {
  const address = `/v1/${area}/${owner}/address`
  const whitelist = { group: `${area}.whitelist`, limit: 60 }
  return {
    [`POST ${address}`]: {
      group: `${area}.triggerAddresses.create`,
      limit: 20,
    },
    [`POST /v1/${area}/deposits/check-missed`]: {
      group: `${area}.deposits.checkMissed`,
      limit: 30,
    },
    [`POST /v1/${area}/deposits/{id}/redrive`]: {
      group: `${area}.deposits.redrive`,
      limit: 60,
    },
    [`POST ${address}/whitelist`]: whitelist,
    [`PATCH ${address}/whitelist/{senderId}`]: whitelist,
    [`DELETE ${address}/whitelist/{senderId}`]: whitelist,
  }
}

/** Per-route limits per minute, keyed by `METHOD template`; shared limits share a group name. */
export const ROUTE_RATE_LIMITS: Record<string, RouteLimit> = {
  "POST /v1/payouts": { group: "payouts.create", limit: 300 },
  "POST /v1/wallet/token/withdrawals": {
    group: "wallet.tokenWithdrawals.create",
    limit: 30,
  },
  "POST /v1/wallet/fiat/withdrawals": {
    group: "wallet.fiatWithdrawals.create",
    limit: 30,
  },
  "POST /v1/payouts/beneficiaries": {
    group: "payouts.beneficiaries.create",
    limit: 20,
  },
  ...areaLimits("wallet", "bank-accounts/{bankAccountId}"),
  ...areaLimits("payouts", "beneficiaries/{beneficiaryId}"),
  "POST /v1/checkout": { group: "checkout.create", limit: 120 },
  // "GET /v1/payouts/{id} and GET /v1/payouts/active-banks: 600, shared"
  "GET /v1/payouts/{id}": { group: "payouts.reads", limit: 600 },
  "GET /v1/payouts/active-banks": { group: "payouts.reads", limit: 600 },
  "GET /v1/payout/prefund/balance": {
    group: "payouts.prefund.balance",
    limit: 60,
  },
}

/**
 * Who goes first when the minute runs short (paid shoppers first).
 *
 * - `settle`: reads that settle money already taken or sent (a paid or possibly
 *   paid checkout, a payout or withdrawal follow-up). They may use the whole
 *   ceiling and, in this process, go before every other waiting call.
 * - `create`: a new checkout. It may use the ceiling only down to a reserve kept
 *   for settlements: one read for every checkout created in the window and not
 *   read since (the read that will settle it once it is paid; with a shared
 *   store, the deployment's: any server's read pays), and a share for the reads
 *   owed by older checkouts that can still be paid (svc's checkout is payable for 20 minutes): as many as there are,
 *   at least SETTLE_RESERVE_FLOOR_SHARE of the ceiling (reads for other
 *   processes' checkouts and payouts), at most SETTLE_RESERVE_SHARE. When only
 *   the reserve is left it is refused at once (RateBudgetWait: nothing sent,
 *   the shopper hears "try again"), never queued behind settlements. Its own
 *   route limit (120/min) is still waited for. (At 100/min a burst of new
 *   checkouts after a quiet spell stops at 47, and every one of them can still
 *   be read in the same minute; after a busy one, with 20 or more older
 *   checkouts unread, at 40.)
 * - `normal`: everything else (catalog, the jobs' lists, admin writes): the
 *   whole ceiling, after waiting settlements.
 * - `admin`: an admin's reads (the caller says so: SvcClient.forAdmin). They
 *   leave what a new checkout leaves (the settlements' reserve and the reads
 *   owed), and together use at most ADMIN_SHARE of the ceiling; past either
 *   they are refused at once (nothing sent) and the admin is told to try again,
 *   so an admin opening every svc page never takes a shopper's turn.
 */
export type RatePriority = "settle" | "create" | "normal" | "admin"

const SETTLE_ROUTES = new Set([
  "GET /v1/checkout/{id}",
  "GET /v1/payouts/{id}",
  "GET /v1/wallet/fiat/withdrawals/{id}",
  "GET /v1/wallet/token/withdrawals/{id}",
])

export function ratePriorityOf(route: string): RatePriority {
  if (route === "POST /v1/checkout") return "create"
  return SETTLE_ROUTES.has(route) ? "settle" : "normal"
}

/** The share of the account ceiling an admin's reads may use in one window (at least one call). */
export const ADMIN_SHARE = 0.25

export function adminShare(accountLimit: number): number {
  return Math.max(1, Math.floor(accountLimit * ADMIN_SHARE))
}

/** The most new checkouts leave for reads owed by checkouts older than the window (at least one call). */
export const SETTLE_RESERVE_SHARE = 0.2
/** The least they leave for those reads (and other processes' checkouts, payouts' follow-ups). */
export const SETTLE_RESERVE_FLOOR_SHARE = 0.05
/** How long after its creation an svc checkout can be paid, and is owed a read (spec: POST /v1/checkout, 20 minutes). */
export const CHECKOUT_PAYABLE_MS = 20 * 60_000

/**
 * What new checkouts leave free of the ceiling for settlement reads besides one per checkout
 * of the window: `olderOwed` (reads owed by this process's older checkouts that can still be
 * paid), between the floor and the share; never the whole ceiling.
 */
export function settleReserve(accountLimit: number, olderOwed = 0): number {
  if (accountLimit <= 1) return 0
  const floor = Math.max(
    1,
    Math.floor(accountLimit * SETTLE_RESERVE_FLOOR_SHARE)
  )
  const share = Math.max(floor, Math.floor(accountLimit * SETTLE_RESERVE_SHARE))
  return Math.min(accountLimit - 1, Math.max(floor, Math.min(share, olderOwed)))
}

/** A call gave up waiting for the rate budget before its deadline: nothing was sent. */
export class RateBudgetWait extends Error {
  override name = "RateBudgetWait"
  constructor(readonly route: string) {
    super(
      `the account's rate budget for ${route} is used up for now; nothing was sent`
    )
  }
}

/** How long new checkouts pause after svc's own 429 without a Retry-After (its window is a rolling minute). */
export const SVC_REFUSED_PAUSE_MS = 10_000

/** The window of an admin's reads (its share of the ceiling); the shared store counts it under this name too. */
const ADMIN_WINDOW = "admin.reads"

/** How long the local budget stands in after the shared store failed, before it is tried again. */
const SHARED_RETRY_MS = 5_000

/** Account ceiling defaults (spec: Limits): sandbox 100/min, production 1000/min. */
export const ACCOUNT_RATE_LIMIT_SANDBOX = 100
export const ACCOUNT_RATE_LIMIT_PRODUCTION = 1000

class Window {
  /** Send times (ms), oldest first. */
  private readonly times: number[] = []
  private head = 0
  constructor(
    public limit: number,
    private readonly windowMs: number
  ) {}

  private prune(now: number): void {
    // past the end, Infinity: nothing left to drop
    while ((this.times[this.head] ?? Infinity) <= now - this.windowMs)
      this.head++
    if (this.head > 1024) {
      this.times.splice(0, this.head)
      this.head = 0
    }
  }
  /** 0 when a slot is free now (keeping `reserve` slots free), else ms until the entry that frees one leaves the window. */
  waitMs(now: number, reserve = 0): number {
    this.prune(now)
    const room = this.limit - reserve
    const inWindow = this.times.length - this.head
    if (inWindow < room) return 0
    if (room <= 0) return this.windowMs
    return (
      // inWindow ≥ room > 0: the index is inside the window
      (this.times[this.head + (inWindow - room)] ?? now) +
      this.windowMs -
      now +
      1
    )
  }
  take(now: number): void {
    this.times.push(now)
  }
  /** Ms until the window's `k` oldest sends have left it; undefined when it holds fewer. */
  freesIn(now: number, k: number): number | undefined {
    this.prune(now)
    const t =
      k <= this.times.length - this.head
        ? this.times[this.head + k - 1]
        : undefined
    return t === undefined ? undefined : Math.max(0, t + this.windowMs - now)
  }
  /** Sends inside the current window. */
  used(now: number): number {
    this.prune(now)
    return this.times.length - this.head
  }
}

/**
 * A rate budget shared by every instance of a deployment (the plugin supplies
 * one on Redis: src/lib/svc-runtime/redis-rate-budget.ts). `take` must be atomic
 * across instances: it takes one slot in each named window, or none and says
 * how long until the first of them has room.
 */
export interface SharedRateStore {
  /**
   * `blocked`: the names of the windows that had no room (when the store can tell);
   * a creation is refused at once when the account window is among them.
   * `debt`: the read this send owes (a creation) or pays (a checkout read), kept for
   * the deployment; `owed` answers the reads owed after it (optional: without it each
   * process counts its own).
   */
  take(
    windows: { name: string; limit: number }[],
    windowMs: number,
    debt?: OwedChange
  ): Promise<
    (
      | { ok: true; used: number }
      | { ok: false; waitMs: number; blocked?: string[] }
    ) & { owed?: Owed }
  >
  /**
   * Claims a signature's `created` (seconds) for a request (method, path, body digest) across the
   * processes: false when another took it (svc accepts a signature once, and the same request
   * signed in the same second by two processes is the same signature). Optional (src/client/signing/clock.ts).
   */
  claimCreated?(requestKey: string, created: number): Promise<boolean>
  /** Ms until each named window's `slots` oldest sends have left it (undefined: it holds fewer). Optional. */
  freesIn?(
    wanted: { name: string; slots: number }[],
    windowMs: number
  ): Promise<(number | undefined)[]>
  /** Sends in each named window now, and the reads owed, across the processes (RateLimiter.checkoutRoom). Optional. */
  count?(
    names: string[],
    windowMs: number,
    payableMs?: number
  ): Promise<{ used: number[]; owed?: Owed }>
}

/**
 * New checkouts the budget admits now, in a steady minute, and in how many ms
 * `places` more than `now` will fit (undefined: further than the windows say).
 */
export type CheckoutRoom = {
  now: number
  perMinute: number
  msUntil?: (places: number) => Promise<number | undefined>
}

/** Checkouts made and not read since, while they can be paid: those of the window, and older. */
export type Owed = { inWindow: number; older: number }
/** What a send does to the reads owed: a creation owes one, a checkout read pays the oldest. */
export type OwedChange = { change: "owe" | "pay" | null; payableMs: number }

const owedChange = (route: string) =>
  route === "POST /v1/checkout"
    ? "owe"
    : route === "GET /v1/checkout/{id}"
      ? "pay"
      : null

export interface RateLimiterOptions {
  accountLimit: number
  /** Shared across instances; without it the budget is this process's own. */
  shared?: SharedRateStore
  /** Told once per outage when the shared store fails and the local budget stands in. */
  onSharedError?: (e: unknown) => void
  /** 60 000 in production use; tests shrink it. */
  windowMs?: number
  /** How long a checkout is owed a read (CHECKOUT_PAYABLE_MS in production use; tests shrink it). */
  payableMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export class RateLimiter {
  private readonly account: Window
  private readonly groups = new Map<string, Window>()
  /** One FIFO chain per route group (settlement reads have their own): callers of a route are served in order. */
  private readonly chains = new Map<string, Promise<void>>()
  private readonly windowMs: number
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly shared: SharedRateStore | undefined
  private readonly onSharedError: ((e: unknown) => void) | undefined
  /** The deployment-wide count the shared store gave with the last slot taken. */
  private lastShared: { used: number; at: number } | undefined
  private sharedDown = false
  /** While the shared store is down, it is tried again only after this time (ms, this limiter's clock). */
  private sharedRetryAt = 0
  /** Settlement reads of this process waiting for a slot; other calls let them go first. */
  private settleWaiting = 0
  private settleIdle:
    { promise: Promise<void>; resolve: () => void } | undefined
  /** No new checkout before this time (ms, this limiter's clock): svc refused one (refusedBySvc). */
  private createsPausedUntil = 0
  /** The deployment's reads owed, as the shared store last answered (its take or count). */
  private sharedOwed: (Owed & { at: number }) | undefined
  /** When each checkout this process created and has not read since was created, while it can be paid (oldest first). */
  private readonly unread: number[] = []
  private readonly payableMs: number

  constructor(opts: RateLimiterOptions) {
    this.shared = opts.shared
    this.onSharedError = opts.onSharedError
    this.windowMs = opts.windowMs ?? 60_000
    this.payableMs = Math.max(
      this.windowMs,
      opts.payableMs ?? CHECKOUT_PAYABLE_MS
    )
    this.account = new Window(opts.accountLimit, this.windowMs)
    this.now = opts.now ?? Date.now
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)))
  }

  /** The account ceiling and how much of it this client used in the last window. */
  usage(): RateUsage {
    const now = this.now()
    const local = this.account.used(now)
    if (!this.shared)
      return {
        used: local,
        limit: this.account.limit,
        windowMs: this.windowMs,
        shared: false,
      }
    // Shared: the count the store reported with this process's last slot, if it is recent; at least our own.
    const fresh =
      this.lastShared && now - this.lastShared.at < this.windowMs
        ? this.lastShared.used
        : 0
    return {
      used: Math.max(local, fresh),
      limit: this.account.limit,
      windowMs: this.windowMs,
      shared: true,
    }
  }

  /**
   * New checkouts the budget admits now, and how many it admits in a steady
   * minute: each takes a slot and leaves its settling read owed (two of the
   * ceiling), above the settlements' floor, within the route's own limit (for
   * the line of shoppers waiting for a turn). With a shared store that counts,
   * the deployment's sends now: this process's last take does not see what
   * other servers sent since, and two servers would grant the same room.
   */
  async checkoutRoom(): Promise<CheckoutRoom> {
    const { limit } = this.account
    const route = ROUTE_RATE_LIMITS["POST /v1/checkout"]!
    const shared = this.sharedDown ? undefined : this.shared
    const counted = await shared
      ?.count?.(["account", route.group], this.windowMs, this.payableMs)
      .catch(() => undefined)
    if (counted?.owed) this.sharedOwed = { ...counted.owed, at: this.now() }
    const routeUsed =
      counted?.used[1] ?? this.groups.get(route.group)?.used(this.now()) ?? 0
    const used = counted?.used[0] ?? this.usage().used
    const accountLeft = limit - used - this.reserveOf("create")
    const routeLeft = route.limit - routeUsed
    const pausedMs = this.pausedFor("POST /v1/checkout")
      ? this.createsPausedUntil - this.now()
      : 0
    const now = pausedMs
      ? 0
      : Math.max(0, Math.min(routeLeft, Math.ceil(accountLeft / 2)))
    // the sends that must leave the windows before `places` more fit: two
    // of the ceiling each (the checkout and its read), one of the route's
    const msUntil = async (places: number) => {
      const frees = await this.freesIn(
        [
          { name: "account", slots: 2 * (now + places) - 1 - accountLeft },
          { name: route.group, slots: now + places - routeLeft },
        ],
        counted ? shared : undefined
      )
      return frees === undefined ? undefined : Math.max(pausedMs, frees)
    }
    return {
      now,
      perMinute: Math.max(
        1,
        Math.min(route.limit, Math.floor((limit - settleReserve(limit)) / 2))
      ),
      msUntil,
    }
  }

  /**
   * Ms until each window has freed its `slots` (its oldest sends leave it), the
   * longest; undefined when a window holds fewer sends than that (the wait is
   * then past what the windows can say).
   */
  private async freesIn(
    wanted: { name: string; slots: number }[],
    shared: SharedRateStore | undefined
  ): Promise<number | undefined> {
    const need = wanted.filter((w) => w.slots > 0)
    if (!need.length) return 0
    const now = this.now()
    const ms = shared?.freesIn
      ? await shared.freesIn(need, this.windowMs).catch(() => undefined)
      : need.map((w) =>
          (w.name === "account"
            ? this.account
            : this.groups.get(w.name)
          )?.freesIn(now, w.slots)
        )
    if (!ms || ms.some((m) => m === undefined)) return undefined
    return Math.max(0, ...ms.map(Number))
  }

  /**
   * svc refused a new checkout (429) though the budget had room: something
   * else spends the account too (another app, another store). Until svc's
   * Retry-After (else SVC_REFUSED_PAUSE_MS) no new checkout is sent and the
   * room is 0, so shoppers wait in line rather than each earning a 429.
   */
  refusedBySvc(route: string, retryAfterMs: number | undefined): void {
    if (ratePriorityOf(route) !== "create") return
    const until = this.now() + (retryAfterMs ?? SVC_REFUSED_PAUSE_MS)
    this.createsPausedUntil = Math.max(this.createsPausedUntil, until)
  }

  /** A first attempt at `route` is not sent now: new checkouts pause after svc's 429 (a retry of one is svc's to answer). */
  pausedFor(route: string): boolean {
    return (
      ratePriorityOf(route) === "create" && this.now() < this.createsPausedUntil
    )
  }

  /** A new account ceiling (svc's environment became known); sends already counted stay counted. */
  setAccountLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`accountLimit must be a positive integer (got ${limit})`)
    this.account.limit = limit
  }

  /**
   * Wait until a request to `route` (`METHOD template`) fits both its route limit and the account ceiling.
   * With `deadlineAt` (ms, this limiter's clock): rejects with RateBudgetWait as soon as
   * that time passes while still waiting; nothing was sent and the turn is given up.
   * A new checkout (priority `create`) is refused at once when only the settlements'
   * reserve of the ceiling is left (ratePriorityOf); an admin's read (`caller`
   * "admin") too, or when the admin's share is spent.
   */
  acquire(
    route: string,
    deadlineAt: number = Number.POSITIVE_INFINITY,
    caller?: "admin"
  ): Promise<void> {
    const spec = ROUTE_RATE_LIMITS[route]
    const priority: RatePriority =
      caller === "admin" ? "admin" : ratePriorityOf(route)
    const key =
      priority === "admin"
        ? "admin"
        : (spec?.group ?? (priority === "settle" ? "settle" : "account"))
    const groups: { name: string; limit: number }[] = spec
      ? [{ name: spec.group, limit: spec.limit }]
      : []
    if (priority === "admin")
      groups.push({ name: ADMIN_WINDOW, limit: adminShare(this.account.limit) })
    const wins = groups.map((g) => this.window(g.name, g.limit))
    const call = { route, priority, reserve: this.reserveOf(priority), groups }
    // Fast path: nothing queued and room now. Keeps the common case synchronous-cheap.
    if (
      !this.shared &&
      !this.chains.has(key) &&
      (priority === "settle" || this.settleWaiting === 0)
    ) {
      if (this.tryTake(wins, call.reserve)) {
        this.taken(route)
        return Promise.resolve()
      }
      if (this.refusedAtOnce(call, wins))
        return Promise.reject(new RateBudgetWait(route))
    }
    const turn = { cancelled: false }
    // a refused caller ahead must not refuse the ones behind it
    const prev = (this.chains.get(key) ?? Promise.resolve()).catch(
      () => undefined
    )
    // a settlement read counts as waiting from the moment it queues (not only once its turn in the chain comes)
    if (priority === "settle") this.settleWaiting++
    const next = prev
      .then(() =>
        this.shared
          ? this.waitForShared(this.shared, wins, turn, call)
          : this.waitFor(wins, turn, call)
      )
      .then(() => {
        if (!turn.cancelled) this.taken(route)
      })
      .finally(() => {
        if (priority === "settle") this.leaveSettle()
      })
    const tail = next.finally(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key)
    })
    tail.catch(() => undefined)
    this.chains.set(key, tail)
    if (deadlineAt === Number.POSITIVE_INFINITY) return next
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          turn.cancelled = true
          reject(new RateBudgetWait(route))
        },
        Math.max(0, deadlineAt - this.now())
      )
      next.then(
        () => {
          clearTimeout(timer)
          if (!turn.cancelled) resolve()
        },
        (e) => {
          clearTimeout(timer)
          reject(e)
        }
      )
    })
  }

  /** The window of a route group (or the admin's share), made on first use; its limit follows the ceiling. */
  private window(name: string, limit: number): Window {
    let w = this.groups.get(name)
    if (!w) this.groups.set(name, (w = new Window(limit, this.windowMs)))
    w.limit = limit
    return w
  }

  /**
   * What a call must leave free of the account ceiling: an admin's read leaves the settlements'
   * reserve, and a creation that too and the read it will itself be owed.
   */
  private reserveOf(priority: RatePriority): number {
    // (a ceiling of one call leaves nothing: the creation may take it)
    if (priority === "create")
      return Math.min(this.account.limit - 1, this.createReserve() + 1)
    return priority === "admin" ? this.createReserve() : 0
  }

  /**
   * A creation or an admin's read that has no room now is refused rather than queued:
   * a creation when the account ceiling (less the reserve) is full, an admin's read
   * also when the admin's share is spent.
   */
  private refusedAtOnce(
    call: { priority: RatePriority; reserve: number },
    wins: Window[]
  ): boolean {
    if (call.priority !== "create" && call.priority !== "admin") return false
    const now = this.now()
    if (this.account.waitMs(now, call.reserve) > 0) return true
    return (
      call.priority === "admin" &&
      wins.some((w) => w === this.groups.get(ADMIN_WINDOW) && w.waitMs(now) > 0)
    )
  }

  /**
   * The shared budget: one atomic take across instances per try. This process's
   * callers still queue in order (the chain), so one process sends one try at a
   * time per route group. If the store fails, the local budget stands in (svc's
   * own 429 and the client's retry on it remain the last guard).
   */
  private async waitForShared(
    shared: SharedRateStore,
    wins: Window[],
    turn: { cancelled: boolean },
    call: {
      route: string
      priority: RatePriority
      reserve: number
      groups: { name: string; limit: number }[]
    }
  ): Promise<void> {
    const windows = [
      { name: "account", limit: this.account.limit - call.reserve },
      ...call.groups,
    ]
    for (;;) {
      if (turn.cancelled) return
      if (call.priority !== "settle") await this.afterSettlements(turn)
      if (turn.cancelled) return
      call.reserve = this.reserveOf(call.priority)
      if (this.sharedDown && this.now() < this.sharedRetryAt)
        return await this.waitFor(wins, turn, call)
      let r: Awaited<ReturnType<SharedRateStore["take"]>>
      try {
        windows[0]!.limit = this.account.limit - call.reserve
        r = await shared.take(windows, this.windowMs, {
          change: owedChange(call.route),
          payableMs: this.payableMs,
        })
        this.sharedDown = false
        if (r.owed) this.sharedOwed = { ...r.owed, at: this.now() }
      } catch (e) {
        if (!this.sharedDown) this.onSharedError?.(e)
        this.sharedDown = true
        this.sharedRetryAt = this.now() + SHARED_RETRY_MS
        return await this.waitFor(wins, turn, call)
      }
      if (r.ok) {
        const now = this.now()
        this.account.take(now)
        for (const w of wins) w.take(now)
        this.lastShared = { used: r.used, at: now }
        return
      }
      // a creation never queues for the settlements' reserve, nor an admin's read for it or its share
      // (a store that cannot say which window was full: refused too)
      if (
        call.priority === "create" &&
        (!r.blocked || r.blocked.includes("account"))
      )
        throw new RateBudgetWait(call.route)
      if (
        call.priority === "admin" &&
        (!r.blocked ||
          r.blocked.includes("account") ||
          r.blocked.includes(ADMIN_WINDOW))
      )
        throw new RateBudgetWait(call.route)
      if (turn.cancelled) return
      await this.sleep(Math.max(1, r.waitMs))
    }
  }

  /**
   * What a new checkout must leave free: one read for each checkout created in the window and
   * not read since, and the share for older unread checkouts that can still be paid
   * (settleReserve); at most the whole ceiling.
   */
  private createReserve(): number {
    const now = this.now()
    // the deployment's, as the shared store last said (any server's read pays a debt)
    const shared = this.sharedOwed
    if (shared && !this.sharedDown && now - shared.at < this.windowMs)
      return Math.min(
        this.account.limit,
        shared.inWindow + settleReserve(this.account.limit, shared.older)
      )
    // empty, Infinity: nothing to drop
    while ((this.unread[0] ?? Infinity) <= now - this.payableMs)
      this.unread.shift()
    // the entries of the window are the newest: count them from the end
    let inWindow = 0
    for (
      let i = this.unread.length - 1;
      i >= 0 && (this.unread[i] ?? 0) > now - this.windowMs;
      i--
    )
      inWindow++
    return Math.min(
      this.account.limit,
      inWindow +
        settleReserve(this.account.limit, this.unread.length - inWindow)
    )
  }

  /** A slot was taken: a checkout created now is owed a read; a checkout read pays the oldest debt (this process's count, for when the shared store is down). */
  private taken(route: string): void {
    if (route === "POST /v1/checkout") this.unread.push(this.now())
    else if (route === "GET /v1/checkout/{id}") this.unread.shift()
  }

  private tryTake(wins: Window[], reserve = 0): boolean {
    const now = this.now()
    if (
      this.account.waitMs(now, reserve) > 0 ||
      wins.some((w) => w.waitMs(now) > 0)
    )
      return false
    this.account.take(now)
    for (const w of wins) w.take(now)
    return true
  }

  private async waitFor(
    wins: Window[],
    turn: { cancelled: boolean },
    call: { route: string; priority: RatePriority; reserve: number }
  ): Promise<void> {
    for (;;) {
      if (turn.cancelled) return // the caller gave up: the turn passes to the next in line
      if (call.priority !== "settle") await this.afterSettlements(turn)
      if (turn.cancelled) return
      call.reserve = this.reserveOf(call.priority)
      const now = this.now()
      const accountWait = this.account.waitMs(now, call.reserve)
      if (this.refusedAtOnce(call, wins)) throw new RateBudgetWait(call.route)
      const wait = Math.max(accountWait, ...wins.map((w) => w.waitMs(now)))
      if (wait <= 0) {
        this.account.take(now)
        for (const w of wins) w.take(now)
        return
      }
      await this.sleep(wait)
    }
  }

  private leaveSettle(): void {
    this.settleWaiting--
    if (this.settleWaiting === 0 && this.settleIdle) {
      const idle = this.settleIdle
      this.settleIdle = undefined
      idle.resolve()
    }
  }

  /** Wait while settlement reads of this process wait for a slot (they go first). */
  private async afterSettlements(turn: { cancelled: boolean }): Promise<void> {
    while (this.settleWaiting > 0 && !turn.cancelled) {
      if (!this.settleIdle) {
        let resolve!: () => void
        const promise = new Promise<void>((r) => (resolve = r))
        this.settleIdle = { promise, resolve }
      }
      // re-checked at least once a second, so a cancelled turn is given up promptly
      await Promise.race([this.settleIdle.promise, this.sleep(1000)])
    }
  }
}
