/**
 * What the store refused its shoppers, said quietly: a flood must not flood
 * the log, and a merchant must still see it.
 *
 * - RefusalLog: the first refusal of a client (an address, a customer, a
 *   cart) in a minute is logged at once; the ones after it in that minute are
 *   counted and told in one line when the minute ends.
 * - RefusalCounts: refusals per reason in minute buckets, in Redis when the
 *   store has one (every server's refusals together) or in memory; the
 *   connection doctor shows the last hour's.
 */
import type { Redis } from "ioredis"
import { countRefusal } from "../../../../client/telemetry"

export const REFUSAL_REASONS = [
  "address",
  "customer",
  "cart",
  "store_budget",
] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

type Logger = { warn: (m: string) => void }

const MINUTE_MS = 60_000

/** Clients followed at once; beyond it, the rest are counted together (a flood from many addresses stays one line). */
const MAX_CLIENTS = 2_000

export class RefusalLog {
  private readonly minute = new Map<string, { count: number; what: string }>()
  private others = 0
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = MINUTE_MS
  ) {}

  /** `client`: who was refused ("address 127.0.0.2"); `what`: the rule and its words. */
  refused(client: string, what: string): void {
    const seen = this.minute.get(client)
    if (seen) {
      seen.count++
      return
    }
    if (this.minute.size >= MAX_CLIENTS) {
      this.others++
      this.arm()
      return
    }
    this.minute.set(client, { count: 0, what })
    this.logger.warn(
      `svc: refused a payment session (${client}): ${what}; more from this client in the next minute are counted, not logged`
    )
    this.arm()
  }

  private arm(): void {
    if (this.timer) return
    this.timer = setTimeout(() => this.flush(), this.intervalMs)
    this.timer.unref?.()
  }

  /** The minute's summary: one line per client refused again, one for the clients past MAX_CLIENTS. */
  flush(): void {
    this.timer = undefined
    for (const [client, { count, what }] of this.minute) {
      if (count > 0)
        this.logger.warn(
          `svc: refused ${count} more payment session${count === 1 ? "" : "s"} (${client}) in the last minute: ${what}`
        )
    }
    if (this.others > 0)
      this.logger.warn(
        `svc: refused ${this.others} payment sessions of other clients in the last minute (more than ${MAX_CLIENTS} clients were refused)`
      )
    this.minute.clear()
    this.others = 0
  }
}

export class RefusalCounts {
  private readonly memory = new Map<number, Record<string, number>>()

  constructor(
    /** ioredis, or none (this process's counts). */
    private readonly redis: Pick<Redis, "multi" | "pipeline"> | undefined,
    private readonly prefix: string,
    private readonly now: () => number = Date.now
  ) {}

  add(reason: RefusalReason): void {
    countRefusal(reason)
    const minute = Math.floor(this.now() / MINUTE_MS)
    const bucket = this.memory.get(minute) ?? {}
    bucket[reason] = (bucket[reason] ?? 0) + 1
    this.memory.set(minute, bucket)
    for (const m of this.memory.keys())
      if (m <= minute - 60) this.memory.delete(m)
    if (!this.redis) return
    const key = `${this.prefix}:${minute}`
    const tx = this.redis.multi()
    tx.hincrby(key, reason, 1)
    tx.pexpire(key, 2 * 60 * MINUTE_MS)
    // a count lost while Redis is down is a count, not a payment: this process's memory still has it
    tx.exec().catch(() => undefined)
  }

  /**
   * Refusals per reason in the last 60 minutes: every server's (Redis), or
   * this process's when there is no Redis or it does not answer (`shared` says which).
   */
  async lastHour(): Promise<{
    counts: Record<RefusalReason, number>
    shared: boolean
  }> {
    const minute = Math.floor(this.now() / MINUTE_MS)
    const sum = (buckets: (Record<string, unknown> | undefined)[]) => {
      const counts = { address: 0, customer: 0, cart: 0, store_budget: 0 }
      for (const b of buckets)
        for (const r of REFUSAL_REASONS) counts[r] += Number(b?.[r] ?? 0) || 0
      return counts
    }
    if (this.redis) {
      try {
        const p = this.redis.pipeline()
        for (let m = minute - 59; m <= minute; m++)
          p.hgetall(`${this.prefix}:${m}`)
        const rows = (await p.exec()) ?? []
        const buckets = rows.map(([err, row]) =>
          err ? undefined : (row as Record<string, unknown>)
        )
        return { counts: sum(buckets), shared: true }
      } catch {
        // Redis did not answer: this process's counts
      }
    }
    const recent = [...this.memory].filter(([m]) => m > minute - 60)
    return { counts: sum(recent.map(([, b]) => b)), shared: false }
  }
}
