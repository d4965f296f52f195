import pLimit from "p-limit"

/**
 * The webhook URLs are public, and an event for a checkout this store made and
 * has not settled costs one svc read (the body is never trusted). Without a
 * bound, anyone who knows one checkout id (a shopper sees their own) could
 * spend the account's rate budget (100 or 1,000 calls a minute for the whole
 * store) with forged events, and every shopper would hear "try again".
 *
 * So, per key (a checkout, payout, withdrawal or deposit) and per process,
 * webhook-triggered reads start at least `spacingMs` apart, one in flight (a
 * p-limit of 1 per key). Nothing is dropped: an event that comes while a run
 * waits for its turn shares that run (which starts after the event arrived, so
 * it sees svc's status at least as new as the event). svc itself sends one
 * final event per checkout, so a real payment is not slowed; duplicates and
 * floods are.
 */
export class WebhookSpacing {
  private readonly keys = new Map<
    string,
    { limit: pLimit.Limit; lastStart: number; next?: Promise<unknown> }
  >()

  constructor(private readonly spacingMs: number) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let k = this.keys.get(key)
    if (!k) this.keys.set(key, (k = { limit: pLimit(1), lastStart: -Infinity }))
    // the map holds runs of any result type; a key's callers share one fn's
    if (k.next) return k.next as Promise<T>
    const at = k
    const p = at.limit(async () => {
      // a timer may fire a millisecond or two early (the event loop reads its
      // clock once per turn): waited again until the spacing has passed
      for (let w = at.lastStart + this.spacingMs - Date.now(); w > 0;)
        w = await new Promise<number>((r) =>
          setTimeout(() => r(at.lastStart + this.spacingMs - Date.now()), w)
        )
      at.next = undefined
      at.lastStart = Date.now()
      this.prune()
      return fn()
    })
    at.next = p
    return p
  }

  /** Forget idle keys (bounded memory under a flood of ids). */
  private prune() {
    if (this.keys.size < 10_000) return
    const old = Date.now() - this.spacingMs
    for (const [key, k] of this.keys)
      if (k.lastStart < old && !k.next && !k.limit.activeCount)
        this.keys.delete(key)
  }
}
