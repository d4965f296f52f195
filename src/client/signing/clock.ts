/**
 * The clock used for `created` (spec: Authentication, Freshness and reuse).
 *
 * 1. Skew: every svc response carries `Date`; when the local clock differs from it by
 *    more than ~2 s we keep an offset, so a slow clock does not turn the 30 s / 5 s
 *    window into 401s.
 * 2. Uniqueness: svc accepts a signature once, and `created` has 1 s resolution while
 *    ed25519 is deterministic (and an ECDSA signer may be RFC 6979 deterministic too):
 *    two identical requests in the same second would carry the same signature. The spec's parameters are only created,
 *    keyid and alg (no nonce), so the client never reuses a `created` for the same
 *    method + path + Content-Digest: it takes created+1, at most MAX_AHEAD_S ahead of
 *    the (corrected) clock, and otherwise waits for the next second. MAX_AHEAD_S = 2
 *    leaves room inside the 5 s future window for an uncorrected skew below 2 s.
 *    Several processes on one account (Medusa's servers and workers) send the same
 *    request too (a checkout asked again with its key): with `claim`, shared between
 *    them, each `created` is also claimed for the deployment, and a taken one skipped.
 */
export const SKEW_THRESHOLD_MS = 2000
export const MAX_AHEAD_S = 2

export class SigningClock {
  private offsetMs = 0
  private readonly lastCreated = new Map<string, number>()
  private lastPruneSec = 0

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((r) => setTimeout(r, ms)),
    /** Claims `created` for `key` across processes: false when another process took it (a store that fails: local uniqueness only). */
    private readonly claim?: (key: string, created: number) => Promise<boolean>
  ) {}

  /** Current offset (server minus local), 0 while within the threshold. */
  get offset(): number {
    return this.offsetMs
  }

  /** Corrected "now" in ms. */
  nowMs(): number {
    return this.now() + this.offsetMs
  }

  /**
   * Learn from a response `Date` header. The header has 1 s resolution, so the server
   * time is taken as the middle of that second. Returns the estimated server time.
   */
  observe(dateHeader: string | undefined): number | undefined {
    if (!dateHeader) return undefined
    const serverMs = Date.parse(dateHeader)
    if (Number.isNaN(serverMs)) return undefined
    const estimate = serverMs + 500
    const skew = estimate - this.now()
    this.offsetMs = Math.abs(skew) > SKEW_THRESHOLD_MS ? Math.round(skew) : 0
    return estimate
  }

  /** A `created` value (seconds) never used before for `key` (method + path + digest). */
  async nextCreated(key: string): Promise<number> {
    for (;;) {
      const nowSec = Math.floor(this.nowMs() / 1000)
      const last = this.lastCreated.get(key)
      // A `last` beyond the allowed lead comes from before a backwards clock correction:
      // it was signed on another timeline, so start afresh from the corrected clock.
      const usable =
        last !== undefined && last >= nowSec && last <= nowSec + MAX_AHEAD_S
      const created = usable ? last + 1 : nowSec
      if (created <= nowSec + MAX_AHEAD_S) {
        this.lastCreated.set(key, created)
        // Entries of past seconds are dead; sweep them at most once a second, so a
        // busy second costs one walk of the map, not one per request.
        if (this.lastCreated.size > 512 && nowSec > this.lastPruneSec)
          this.prune(nowSec)
        // taken by another process: the next second (the loop takes created + 1, or waits)
        if (this.claim && !(await this.claim(key, created).catch(() => true)))
          continue
        return created
      }
      await this.sleep((created - MAX_AHEAD_S) * 1000 - this.nowMs() + 1)
    }
  }

  private prune(nowSec: number): void {
    this.lastPruneSec = nowSec
    for (const [k, v] of this.lastCreated)
      if (v < nowSec) this.lastCreated.delete(k)
  }
}
