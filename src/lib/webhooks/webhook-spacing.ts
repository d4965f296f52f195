/**
 * The webhook URLs are public, and an event for a checkout this store made and
 * has not settled costs one svc read (the body is never trusted). Without a
 * bound, anyone who knows one checkout id (a shopper sees their own) could
 * spend the account's rate budget (100 or 1,000 calls a minute for the whole
 * store) with forged events, and every shopper would hear "try again".
 *
 * So, per checkout and per process, webhook-triggered settlements start at
 * least `spacingMs` apart. Nothing is dropped: an event that comes within the
 * spacing waits for the next run, and every event that waits for the same run
 * shares it (a run that starts after an event arrived sees svc's status at
 * least as new as that event). svc itself sends one final event per checkout,
 * so a real payment is not slowed; duplicates and floods are.
 */
export class WebhookSpacing {
  private readonly lastStart = new Map<string, number>()
  private readonly next = new Map<string, Promise<unknown>>()
  /** The run of a key that has started and not finished: at most one per key. */
  private readonly running = new Map<string, Promise<unknown>>()

  constructor(private readonly spacingMs: number) {}

  /**
   * Runs `fn` for `key` when its turn comes: one run in flight per key, started
   * at least `spacingMs` after the previous one started; every caller that
   * arrives while a run waits for its turn shares that run's result.
   */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const queued = this.next.get(key)
    if (queued) return queued as Promise<T>
    const inflight = this.running.get(key)
    const p = (async () => {
      // one read in flight per key: a run that is still going is waited for, not doubled
      if (inflight) await inflight.catch(() => undefined)
      const due = (this.lastStart.get(key) ?? -Infinity) + this.spacingMs
      // always after `next.set` below: events of this tick share this run
      await Promise.resolve()
      // a timer may fire a millisecond or two before Date.now() reaches `due` (the event loop's
      // clock is read once per turn; a fresh clone's CI saw a run 298 ms after one spaced 300 ms):
      // waited again until it has
      for (let wait = due - Date.now(); wait > 0; wait = due - Date.now())
        await new Promise((r) => setTimeout(r, wait))
      this.next.delete(key)
      this.lastStart.set(key, Date.now())
      this.prune()
      const r = (async () => fn())()
      this.running.set(key, r)
      r.catch(() => undefined).finally(() => {
        if (this.running.get(key) === r) this.running.delete(key)
      })
      return r
    })()
    this.next.set(key, p)
    return p
  }

  /** Forget keys not seen for a while (bounded memory under a flood of ids). */
  private prune() {
    if (this.lastStart.size < 10_000) return
    const old = Date.now() - this.spacingMs
    for (const [k, at] of this.lastStart)
      if (at < old && !this.running.has(k)) this.lastStart.delete(k)
  }
}
