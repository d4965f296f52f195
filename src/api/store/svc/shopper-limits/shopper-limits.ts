import type { Redis } from "ioredis"
import type { MedusaResponse } from "@medusajs/framework/http"
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible"
import type { StorefrontLimitsOptions } from "../../../../lib/svc-runtime/options"

/**
 * Each storefront client's share of svc: how many svc payment sessions one
 * client address, one logged-in customer and one cart may start, counted
 * before anything reaches svc (src/api/middlewares.ts, svcShopperLimits). The
 * store's svc rate budget (src/client/rate-budget/rate-limit.ts) protects svc's ceiling
 * for the whole store; these limits keep one client from spending that budget
 * for everybody else.
 *
 * Counted with rate-limiter-flexible: in Redis when the store has one (every
 * server of a deployment shares the counts; an in-memory limiter stands in
 * while Redis is unreachable, the library's insurance limiter), in this
 * process's memory otherwise. Its windows are fixed: a key's window starts
 * with its first request and lasts `seconds`, so a client that times its
 * bursts to the edges of two windows can get up to twice `points` in one
 * rolling window (the defaults below are set with that in mind).
 */
/** The `code` of a 429 from the shopper limits (the storefront kit knows it). */
export const SVC_TOO_MANY_ATTEMPTS_CODE = "svc_too_many_attempts"

export type ShopperLimitKind = "address" | "customer" | "cart"

export type ShopperRefusal = {
  kind: ShopperLimitKind
  retryAfterSeconds: number
  message: string
}

/** 429 with Retry-After and words that say what to do; nothing reached svc. */
export function tooManyAttempts(res: MedusaResponse, r: ShopperRefusal): true {
  res.setHeader("Retry-After", String(r.retryAfterSeconds))
  res.status(429).json({
    type: "too_many_requests",
    code: SVC_TOO_MANY_ATTEMPTS_CODE,
    reason: r.kind,
    retry_after: r.retryAfterSeconds,
    message: r.message,
  })
  return true
}

/** Where the counts live: Redis (several servers) or this process. */
export type ShopperLimitsStore = { redis: Redis } | { memory: true }

/** "12 seconds", "1 minute", "14 minutes": rounded up, as a shopper reads it. */
export function waitWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? "" : "s"}`
}

const WHO: Record<ShopperLimitKind, string> = {
  address: "from this connection",
  customer: "for this account",
  cart: "for this cart",
}

export function refusalMessage(
  kind: ShopperLimitKind,
  retryAfterSeconds: number
): string {
  return `too many payment attempts ${WHO[kind]}; try again in ${waitWords(retryAfterSeconds)}; nothing was charged`
}

/** How long the first counts after a start wait for Redis to connect before counting on their own. */
const CONNECT_GRACE_MS = 3_000

export class ShopperLimits {
  private readonly limiters: Record<ShopperLimitKind, RateLimiterAbstract>
  /**
   * Settled once Redis is connected, or after CONNECT_GRACE_MS: the first counts after a
   * server starts wait for the connection rather than time out (500 ms a command) into
   * this server's own count, which would give a client a second share on a busy machine.
   */
  private readonly connected: Promise<void>

  constructor(
    readonly options: StorefrontLimitsOptions,
    store: ShopperLimitsStore,
    /** Distinguishes stores sharing one Redis (a hash of the svc account, never the key). */
    namespace: string
  ) {
    const make = (
      kind: ShopperLimitKind,
      l: { points: number; seconds: number }
    ): RateLimiterAbstract => {
      const base = {
        points: l.points,
        duration: l.seconds,
        keyPrefix: `svc:shopper:${namespace}:${kind}`,
      }
      if ("memory" in store) return new RateLimiterMemory(base)
      return new RateLimiterRedis({
        ...base,
        storeClient: store.redis,
        // Redis unreachable: each server counts on its own until it is back (never refuses everybody, never lets everybody through)
        insuranceLimiter: new RateLimiterMemory(base),
        rejectIfRedisNotReady: true,
      })
    }
    const redis = "redis" in store ? store.redis : undefined
    this.connected =
      !redis || redis.status === "ready"
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            setTimeout(resolve, CONNECT_GRACE_MS).unref()
            redis.once("ready", () => resolve())
          })
    this.limiters = {
      address: make("address", options.perAddress),
      customer: make("customer", options.perCustomer),
      cart: make("cart", options.perCart),
    }
  }

  /**
   * Count one payment session for `key` of `kind`. Refused: how long to wait
   * and the words for the shopper. Every attempt counts, refused ones too (a
   * client that keeps trying keeps its window full).
   */
  async take(
    kind: ShopperLimitKind,
    key: string
  ): Promise<ShopperRefusal | null> {
    await this.connected
    try {
      await this.limiters[kind].consume(key)
      return null
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e
      const retryAfterSeconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000))
      return {
        kind,
        retryAfterSeconds,
        message: refusalMessage(kind, retryAfterSeconds),
      }
    }
  }
}
