import { LRUCache } from "lru-cache"
import type { z } from "@medusajs/framework/zod"
import type {
  CallCore,
  RequestCore,
  RequestSpec,
  WithIdempotencyKey,
} from "../core"

/**
 * How long an admin's read of each of these routes is kept (ms): what an admin
 * page shows again and again (balances, networks, bank accounts, the prefund,
 * svc's health, bank lists) and changes slowly or only through the admin's
 * own writes. A write through the same view drops them all, so a page shows
 * its own change at once.
 */
export const ADMIN_READ_TTL_MS: Readonly<Record<string, number>> = {
  "/v1/wallet/balance": 15_000,
  "/v1/payout/prefund/balance": 15_000,
  "/v1/health": 15_000,
  "/v1/wallet/bank-accounts": 30_000,
  "/v1/wallet/address": 300_000,
  "/v1/wallet/networks": 300_000,
  "/v1/payouts/active-banks": 300_000,
  "/v1/checkout/banks": 300_000,
}

/**
 * The request core as an admin's page uses it (SvcClient.forAdmin): every
 * GET is an admin's read, ranked after shoppers' checkouts and settlement reads
 * by the rate budget (src/client/rate-budget/rate-limit.ts, priority "admin"), and the
 * reads of ADMIN_READ_TTL_MS are answered from a short-lived cache, one
 * request for concurrent askers (lru-cache's fetch). Writes go through as
 * they are.
 */
/** What an admin's views of one client keep (shared, so a write through either drops it for both). */
export type AdminReadCache = LRUCache<string, { value: unknown }, ReadContext>
type ReadContext = { core: RequestCore; spec: RequestSpec<z.ZodTypeAny> }

export function adminReadCache(): AdminReadCache {
  return new LRUCache<string, { value: unknown }, ReadContext>({
    max: 500,
    ttl: 15_000,
    fetchMethod: async (_key, _stale, { context }) => ({
      value: await context.core.request({ ...context.spec, caller: "admin" }),
    }),
  })
}

export class AdminReads implements CallCore {
  constructor(
    private readonly core: RequestCore,
    private readonly cache: AdminReadCache,
    /** false: every read is sent (still ranked as an admin's); a write still drops what the other view kept. */
    private readonly opts: { keep: boolean } = { keep: true }
  ) {}

  async request<S extends z.ZodTypeAny>(
    spec: RequestSpec<S>
  ): Promise<z.output<S>> {
    if (spec.method !== "GET") {
      this.cache.clear()
      return this.core.request(spec)
    }
    const ttl = this.opts.keep ? ADMIN_READ_TTL_MS[spec.route] : undefined
    if (ttl === undefined)
      return this.core.request({ ...spec, caller: "admin" })
    const key = JSON.stringify([
      spec.route,
      spec.params ?? null,
      spec.query ?? null,
    ])
    const hit = await this.cache.fetch(key, {
      context: { core: this.core, spec },
      ttl,
    })
    // cast: one cache holds every route's answer; the key names the route, whose schema (spec.response) parsed it
    return hit!.value as z.output<S>
  }

  create<S extends z.ZodTypeAny>(
    spec: RequestSpec<S>
  ): Promise<WithIdempotencyKey<z.output<S>>> {
    this.cache.clear()
    return this.core.create(spec)
  }
}
