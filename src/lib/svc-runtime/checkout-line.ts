import type { Redis } from "ioredis"
import { createHash } from "node:crypto"

/**
 * The line of shoppers waiting for a turn at svc's checkout budget (issue 50):
 * when the account's budget has no room for a new checkout, a cart keeps its
 * place here instead of being told to try again, first come first served
 * across every server (one Redis line per svc account; without Redis, per
 * process). A cart holds one place; a cart not seen for `leaveMs` (no poll:
 * the tab was closed) loses it and costs nothing; the line holds at most
 * `max` carts, past which a shopper is told when to come back. The line
 * remembers how its last `DEPARTURES` carts went (their checkout made, or
 * left): the places ahead that will still be there when they are served.
 */
export type LinePlace = {
  /** 1 = first; 0 when the line is full and the cart is not in it */
  place: number
  /** carts in line, this one included */
  length: number
  /** the cart joined now (it was not in line) */
  joined: boolean
  /** of the carts that went from the line lately, the share whose checkout was made (1 with none yet) */
  share: number
}

/** How many of the carts gone from the line the share is taken over. */
const DEPARTURES = 100
const share = (served: number, gone: number) => (served + 1) / (gone + 1)

export interface LineStore {
  /** Joins `member` (or refreshes its place), after dropping the carts not seen for `leaveMs`. */
  visit(member: string, max: number, leaveMs: number): Promise<LinePlace>
  /** Leaves the line: its checkout was made (`served`), or the shopper cancelled. */
  leave(member: string, served: boolean): Promise<void>
  /** Carts in line now. */
  length(leaveMs: number): Promise<number>
}

/** The line of one process (no Redis). */
export class MemoryLine implements LineStore {
  /** cart → last seen (ms); a Map keeps the order carts joined in */
  private readonly seen = new Map<string, number>()
  /** how the last carts went, newest last: true when served */
  private readonly gone: boolean[] = []

  constructor(private readonly now: () => number = Date.now) {}

  private prune(leaveMs: number) {
    const gone = this.now() - leaveMs
    for (const [m, at] of this.seen) if (at < gone) this.drop(m, false)
  }

  private drop(member: string, served: boolean) {
    if (this.seen.delete(member)) this.gone.push(served)
    if (this.gone.length > DEPARTURES) this.gone.shift()
  }

  private share() {
    return share(this.gone.filter(Boolean).length, this.gone.length)
  }

  async visit(member: string, max: number, leaveMs: number) {
    this.prune(leaveMs)
    const joined = !this.seen.has(member)
    if (joined && this.seen.size >= max)
      return { place: 0, length: this.seen.size, joined: false, share: 1 }
    this.seen.set(member, this.now())
    return {
      place: [...this.seen.keys()].indexOf(member) + 1,
      length: this.seen.size,
      joined,
      share: this.share(),
    }
  }

  async leave(member: string, served: boolean) {
    this.drop(member, served)
  }

  async length(leaveMs: number) {
    this.prune(leaveMs)
    return this.seen.size
  }
}

/**
 * KEYS: the line (score: order of joining), last seen (score: ms), the joining counter,
 * how the last carts went ('1' served, '0' left; newest first). LEAVE: ARGV member,
 * served, the count kept: it leaves and how it went is kept, if it was in line.
 */
const LEAVE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  redis.call('LPUSH', KEYS[4], ARGV[2])
  redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[3]) - 1)
end
redis.call('ZREM', KEYS[2], ARGV[1])
`

/**
 * VISIT: ARGV member ('' to count only), max, leave ms, the count kept. With Redis's clock,
 * atomically: drop those not seen for leave ms (left), join or refresh, answer {place,
 * length, joined, served, gone} (the last two: how the last carts went).
 */
const VISIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local leave = tonumber(ARGV[3])
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - leave)
for _, m in ipairs(gone) do
  if redis.call('ZREM', KEYS[1], m) == 1 then redis.call('LPUSH', KEYS[4], '0') end
  redis.call('ZREM', KEYS[2], m)
end
redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[4]) - 1)
local went = redis.call('LRANGE', KEYS[4], 0, -1)
local served = 0
for _, w in ipairs(went) do if w == '1' then served = served + 1 end end
local member = ARGV[1]
if member == '' then return {0, redis.call('ZCARD', KEYS[1]), 0, served, #went} end
local joined = 0
if not redis.call('ZSCORE', KEYS[1], member) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
    return {0, redis.call('ZCARD', KEYS[1]), 0, served, #went}
  end
  redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[3]), member)
  joined = 1
end
redis.call('ZADD', KEYS[2], now, member)
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], leave * 4) end
redis.call('PEXPIRE', KEYS[4], leave * 40)
return {redis.call('ZRANK', KEYS[1], member) + 1, redis.call('ZCARD', KEYS[1]), joined, served, #went}
`

/** The line on Redis, shared by every server of one svc account (keys carry a hash of the API key and one hash tag). */
export class RedisLine implements LineStore {
  private readonly keys: string[]

  constructor(
    private readonly redis: Pick<Redis, "eval">,
    apiKey: string
  ) {
    const account = createHash("sha256").update(apiKey).digest("hex")
    const prefix = `svc:line:{${account.slice(0, 16)}}:`
    this.keys = ["order", "seen", "joined", "went"].map((k) => prefix + k)
  }

  private async run(member: string, max: number, leaveMs: number) {
    const r = await this.redis.eval(
      VISIT,
      4,
      ...this.keys,
      member,
      max,
      leaveMs,
      DEPARTURES
    )
    const [place, length, joined, served, gone] = Array.isArray(r) ? r : []
    return {
      place: Number(place ?? 0),
      length: Number(length ?? 0),
      joined: joined === 1,
      share: share(Number(served ?? 0), Number(gone ?? 0)),
    }
  }

  visit(member: string, max: number, leaveMs: number) {
    return this.run(member, max, leaveMs)
  }

  async leave(member: string, served: boolean) {
    await this.redis.eval(
      LEAVE,
      4,
      ...this.keys,
      member,
      served ? "1" : "0",
      DEPARTURES
    )
  }

  async length(leaveMs: number) {
    return (await this.run("", 0, leaveMs)).length
  }
}

/** A cart not seen for this long (its page asks every few seconds) has left the line. */
export const LEAVE_MS = 15_000

/** What a cart is told at the line. */
export type LineAnswer =
  | { status: "turn" }
  | { status: "waiting"; place: number; length: number; wait_seconds: number }
  | { status: "full"; length: number; retry_after_seconds: number }

/**
 * What the budget admits: new checkouts now, in a steady minute, and in how
 * many ms more will fit as its windows' sends leave them (SvcClient.checkoutRoom).
 */
export type CheckoutRoom = () => Promise<Room>
type Room = {
  now: number
  perMinute: number
  msUntil?: (places: number) => Promise<number | undefined>
}

/**
 * The line's rule: the first `room.now` carts in line have their turn (the
 * budget admits that many checkouts now); the others wait about their place
 * past the room at the budget's steady pace, for the share of the places
 * ahead that will still be there (others leave: LinePlace.share). A turn is not a slot: the
 * checkout itself takes one, and a cart whose create is refused keeps its
 * place until its checkout is made (`done`) or it leaves.
 */
export class CheckoutLine {
  /** stands in while the shared line cannot be reached (Redis down): this process's own */
  private readonly local = new MemoryLine()
  /** a shopper was told to wait, and the line was not seen empty since (this process's view) */
  private open = false

  constructor(
    private readonly store: LineStore,
    private readonly room: CheckoutRoom,
    /** the line holds this many minutes of the budget's pace */
    private readonly minutes: number,
    private readonly log: (message: string) => void = () => {}
  ) {}

  private async visitStore(cartId: string, max: number) {
    try {
      return await this.store.visit(cartId, max, LEAVE_MS)
    } catch {
      return this.local.visit(cartId, max, LEAVE_MS)
    }
  }

  /**
   * One log line when the line opens (a shopper is told to wait) and one when
   * it closes (seen empty: at a checkout made, or when the doctor or a metric
   * reader asks), never one per shopper. Per process: with Redis each server
   * logs what it sees of the one line.
   */
  private seen(length: number, room: Room) {
    const waits = length > room.now
    if (waits === this.open || (!waits && length > 0)) return
    this.open = waits
    this.log(
      waits
        ? `svc: the checkout line opened: ${length} shopper(s) in line, more than svc's checkout budget has room for now`
        : "svc: the checkout line closed: nobody is waiting"
    )
  }

  /**
   * Seconds until `places` more turns than the room now, for the `share` of
   * them still there then (none: 0): when the budget's windows free that many
   * (a sale's first minute frees in a burst a minute later, not at its pace),
   * else at the budget's steady pace.
   */
  private async wait(places: number, room: Room, share = 1) {
    if (places <= 0) return 0
    const turns = Math.ceil(places * share)
    const ms = await room.msUntil?.(turns).catch(() => undefined)
    if (ms !== undefined) return Math.ceil(ms / 1000)
    return Math.ceil((places * share * 60) / room.perMinute)
  }

  /** The cart's answer, and whether it joined the line now (a storefront client's share counts joins, not asks). */
  async visit(cartId: string): Promise<LineAnswer & { joined: boolean }> {
    const room = await this.room()
    const max = this.minutes * room.perMinute
    const { place, length, joined, share } = await this.visitStore(cartId, max)
    this.seen(length, room)
    if (!place)
      return {
        status: "full",
        joined,
        length,
        retry_after_seconds: Math.max(
          5,
          await this.wait(length - max + 1, room)
        ),
      }
    if (place <= room.now) return { status: "turn", joined }
    return {
      status: "waiting",
      joined,
      place,
      length,
      wait_seconds: await this.wait(place - room.now, room, share),
    }
  }

  /** The cart's checkout was made (`served`), or its shopper left: its place goes to the next. */
  async done(cartId: string, served = false): Promise<void> {
    await this.local.leave(cartId, served)
    await this.store.leave(cartId, served).catch(() => undefined)
    if (this.open) await this.state()
  }

  length(): Promise<number> {
    return this.store.length(LEAVE_MS).catch(() => this.local.length(LEAVE_MS))
  }

  /** The line now, without joining it (no svc call): carts in line, and the wait a shopper starting now would be told (0: a turn at once). */
  async state(): Promise<{ length: number; wait_seconds: number }> {
    const length = await this.length()
    const room = await this.room()
    this.seen(length, room)
    return {
      length,
      wait_seconds: await this.wait(length + 1 - room.now, room),
    }
  }
}
