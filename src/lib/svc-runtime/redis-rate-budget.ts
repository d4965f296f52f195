import { Redis } from "ioredis"
import { createHash, randomBytes } from "node:crypto"
import type {
  OwedChange,
  SharedRateStore,
} from "../../client/rate-budget/rate-limit"

/**
 * The svc account's rate budget shared by every Medusa instance through Redis ("the whole deployment stays
 * under the account ceiling").
 *
 * svc counts per account over a rolling 60-second window (spec: Limits), so this is the same sliding-window
 * log the in-process limiter keeps, held in Redis sorted sets: one per window (the account ceiling, and the
 * route group when the route has its own limit). One Lua script prunes, counts and takes a slot in every
 * window atomically, with Redis's clock (instances' clocks may differ), so two instances can never both take
 * the last slot. Keys carry a hash of the API key (never the key) and one hash tag, so a Redis Cluster keeps
 * them on one node.
 *
 * It runs on the same Redis as Medusa's Redis modules (event bus, workflow engine, locking, cache); it is a
 * counter, not a coordinator: when Redis cannot be reached the client falls back to its own per-process budget
 * and logs it once (src/client/rate-budget/rate-limit.ts), and svc's 429 stays the last guard. It also claims each
 * signature's `created` for the deployment (claimCreated, src/client/signing/clock.ts).
 */
/**
 * The reads owed (a sorted set of the deployment's checkouts not read since
 * they were made, while they can be paid): those of the window, and older.
 * KEYS' last is its key. Whichever server reads a checkout pays a debt, so a
 * server that only creates does not keep a reserve for reads others made.
 */
const OWED = `
local function owed(now, window, payable)
  local debts = KEYS[#KEYS]
  redis.call('ZREMRANGEBYSCORE', debts, '-inf', now - payable)
  local recent = redis.call('ZCOUNT', debts, '(' .. (now - window), '+inf')
  return recent, redis.call('ZCARD', debts) - recent
end
`

const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local wait = 0
local blocked = {}
local n_windows = #KEYS - 1
for i = 1, n_windows do
  local k = KEYS[i]
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now - window)
  local limit = tonumber(ARGV[i + 4])
  local n = redis.call('ZCARD', k)
  if n >= limit then
    local w = window
    if limit > 0 then
      local frees = redis.call('ZRANGE', k, n - limit, n - limit, 'WITHSCORES')
      w = tonumber(frees[2]) + window - now + 1
    end
    if w > wait then wait = w end
    table.insert(blocked, i)
  end
end
${OWED}
if wait > 0 then
  local recent, older = owed(now, window, tonumber(ARGV[4]))
  return {0, wait, table.concat(blocked, ','), recent, older}
end
for i = 1, n_windows do
  redis.call('ZADD', KEYS[i], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[i], window + 1000)
end
local debts = KEYS[#KEYS]
if ARGV[3] == 'owe' then
  redis.call('ZADD', debts, now, ARGV[2])
  redis.call('PEXPIRE', debts, tonumber(ARGV[4]) + 1000)
elseif ARGV[3] == 'pay' then
  redis.call('ZREMRANGEBYSCORE', debts, '-inf', now - tonumber(ARGV[4]))
  redis.call('ZPOPMIN', debts)
end
local recent, older = owed(now, window, tonumber(ARGV[4]))
return {1, redis.call('ZCARD', KEYS[1]), recent, older}
`

/** KEYS: windows, then the reads owed; ARGV: window ms, payable ms. With Redis's clock: each window's count, then the reads owed. */
const COUNT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {}
for i = 1, #KEYS - 1 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - tonumber(ARGV[1]))
  out[i] = redis.call('ZCARD', KEYS[i])
end
${OWED}
local recent, older = owed(now, tonumber(ARGV[1]), tonumber(ARGV[2]))
table.insert(out, recent)
table.insert(out, older)
return out
`

/** KEYS: windows; ARGV: window ms, then each window's slots. Ms until each window's oldest `slots` sends leave it (-1: it holds fewer). */
const FREES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local out = {}
for i, k in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now - window)
  local n = tonumber(ARGV[i + 1])
  local e = redis.call('ZRANGE', k, n - 1, n - 1, 'WITHSCORES')
  out[i] = e[2] and math.max(0, tonumber(e[2]) + window - now) or -1
end
return out
`

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex")
type RedisLike = Pick<Redis, "eval" | "set" | "quit">

export class RedisRateBudget implements SharedRateStore {
  private seq = 0
  private readonly prefix: string
  private readonly owedKey: string
  private readonly member = randomBytes(6).toString("hex")

  constructor(
    private readonly redis: RedisLike,
    /** The account's API key: only its hash is used. */
    apiKey: string
  ) {
    const account = sha256(apiKey).slice(0, 16)
    this.prefix = `svc:rate:{${account}}:`
    this.owedKey = `${this.prefix}owed`
  }

  async take(
    windows: { name: string; limit: number }[],
    windowMs: number,
    debt: OwedChange = { change: null, payableMs: windowMs }
  ) {
    const keys = [...windows.map((w) => this.prefix + w.name), this.owedKey]
    const id = `${this.member}:${++this.seq}`
    const r = await this.redis.eval(
      TAKE,
      keys.length,
      ...keys,
      windowMs,
      id,
      debt.change ?? "",
      debt.payableMs,
      ...windows.map((w) => w.limit)
    )
    // [1, used, owed] or [0, wait ms, the full windows' indexes, owed]
    const a = Array.isArray(r) ? r.map((x) => String(x)) : []
    const owedAt = (i: number) => ({
      inWindow: Number(a[i] ?? 0),
      older: Number(a[i + 1] ?? 0),
    })
    if (a[0] === "1")
      return { ok: true as const, used: Number(a[1]), owed: owedAt(2) }
    // which windows were full (1-based indexes), so a creation can tell the account ceiling from its route limit
    const blocked = (a[2] ?? "")
      .split(",")
      .filter(Boolean)
      .map((i) => windows[Number(i) - 1]?.name)
      .filter((n): n is string => !!n)
    return {
      ok: false as const,
      waitMs: Number(a[1]),
      blocked,
      owed: owedAt(3),
    }
  }

  async count(names: string[], windowMs: number, payableMs = windowMs) {
    const keys = [...names.map((n) => this.prefix + n), this.owedKey]
    const r = await this.redis.eval(
      COUNT,
      keys.length,
      ...keys,
      windowMs,
      payableMs
    )
    const a = Array.isArray(r) ? r.map(Number) : []
    return {
      used: names.map((_, i) => a[i] ?? 0),
      owed: { inWindow: a[names.length] ?? 0, older: a[names.length + 1] ?? 0 },
    }
  }

  async freesIn(wanted: { name: string; slots: number }[], windowMs: number) {
    const keys = wanted.map((w) => this.prefix + w.name)
    const r = await this.redis.eval(
      FREES,
      keys.length,
      ...keys,
      windowMs,
      ...wanted.map((w) => w.slots)
    )
    const a = Array.isArray(r) ? r.map(Number) : []
    return wanted.map((_, i) => ((a[i] ?? -1) < 0 ? undefined : a[i]))
  }

  /** A signature's `created` for a request, claimed for the deployment past svc's longest freshness window (payouts: 300 s). */
  claimCreated = async (request: string, created: number) =>
    (await this.redis.set(
      `${this.prefix}sig:${sha256(request).slice(0, 24)}:${created}`,
      this.member,
      "EX",
      310,
      "NX"
    )) === "OK"

  close(): Promise<unknown> {
    return this.redis.quit()
  }
}

/**
 * A Redis connection for the budget that fails fast: each command waits at most 500 ms (queued while
 * connecting, so the first calls after boot are not refused), then the local budget stands in for a few
 * seconds before Redis is tried again (src/client/rate-budget/rate-limit.ts).
 */
export function connectRateBudget(
  redisUrl: string,
  apiKey: string
): RedisRateBudget {
  return new RedisRateBudget(connectFailFastRedis(redisUrl), apiKey)
}

/**
 * An ioredis connection (the client Medusa's own Redis modules use, a dependency of theirs and of this plugin)
 * whose commands wait at most 500 ms and are queued while it connects; errors are left to the caller's
 * fallback (the local rate budget, the shopper limits' in-memory counts), and ioredis reconnects by itself.
 */
export function connectFailFastRedis(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    commandTimeout: 500,
    connectTimeout: 2000,
    lazyConnect: false,
  })
  redis.on("error", () => {
    // reported by the caller's fallback, once per outage
  })
  return redis
}
