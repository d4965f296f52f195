// spec: Limits, rate limits: per account over a rolling 60-second window; per-route limits sit
// inside the account ceiling (sandbox 100/min); the first limit reached gives 429 RATE_LIMITED.

export interface RateBucket {
  key: string
  limit: number
}

export class RateLimiter {
  private hits = new Map<string, number[]>()
  /** rateLimits: false — nothing is limited (heavy tests) */
  disabled = false
  constructor(
    public accountPerMinute: number | null,
    private readonly now: () => number,
    private readonly windowMs = 60_000
  ) {}

  /** Records the hit and returns true when every bucket has room; records nothing otherwise. */
  take(
    buckets: RateBucket[]
  ): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (this.disabled) return { ok: true }
    const now = this.now()
    const all =
      this.accountPerMinute === null
        ? buckets
        : [{ key: "account", limit: this.accountPerMinute }, ...buckets]
    for (const b of all) {
      const list = (this.hits.get(b.key) ?? []).filter(
        (t) => t > now - this.windowMs
      )
      this.hits.set(b.key, list)
      if (list.length >= b.limit)
        return {
          ok: false,
          retryAfterSeconds: Math.max(
            1,
            Math.ceil((list[0] + this.windowMs - now) / 1000)
          ),
        }
    }
    for (const b of all) this.hits.get(b.key)!.push(now)
    return { ok: true }
  }

  reset() {
    this.hits.clear()
  }
}
