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

  constructor(private readonly spacingMs: number) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const queued = this.next.get(key)
    if (queued) return queued as Promise<T>
    const wait = Math.max(0, (this.lastStart.get(key) ?? -Infinity) + this.spacingMs - Date.now())
    const p = (async () => {
      // always after `next.set` below: events of this tick share this run
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      else await Promise.resolve()
      this.next.delete(key)
      this.lastStart.set(key, Date.now())
      this.prune()
      return fn()
    })()
    this.next.set(key, p)
    return p
  }

  /** Forget checkouts not seen for a while (bounded memory under a flood of ids). */
  private prune() {
    if (this.lastStart.size < 10_000) return
    const old = Date.now() - this.spacingMs
    for (const [k, at] of this.lastStart) if (at < old) this.lastStart.delete(k)
  }
}
