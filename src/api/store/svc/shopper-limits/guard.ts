import type { MedusaContainer } from "@medusajs/framework/types"
import { createHash } from "node:crypto"
import type { IncomingMessage } from "node:http"
import { findSvcProviderConfig } from "../../../../lib/svc-runtime/config"
import { connectFailFastRedis } from "../../../../lib/svc-runtime/redis-rate-budget"
import type { SvcProviderOptions } from "../../../../lib/svc-runtime/options"
import { clientAddress } from "./client-address"
import { RefusalCounts, RefusalLog, type RefusalReason } from "./refusals"
import {
  ShopperLimits,
  type ShopperLimitKind,
  type ShopperRefusal,
} from "./shopper-limits"

type Logger = { info: (m: string) => void; warn: (m: string) => void }
/** A store request: Medusa's auth (before the routes' middlewares) says who is logged in. */
type ClientRequest = IncomingMessage & {
  auth_context?: { actor_type?: string; actor_id?: string }
}
type ConfigModule = Parameters<typeof findSvcProviderConfig>[0] & {
  projectConfig?: { redisUrl?: string }
}

/**
 * The storefront guard of one svc account in this process: the shopper limits,
 * the quiet log of refusals and their counts for the doctor. Counted in Redis
 * when the store has one (the provider option `redisUrl`, else Medusa's
 * `projectConfig.redisUrl`), so every server of a deployment shares them.
 */
export class ShopperGuard {
  readonly limits: ShopperLimits
  readonly log: RefusalLog
  readonly counts: RefusalCounts
  constructor(
    options: SvcProviderOptions,
    redisUrl: string | undefined,
    logger: Logger
  ) {
    const ns = createHash("sha256")
      .update(`${options.baseUrl}\n${options.apiKey}`)
      .digest("hex")
      .slice(0, 16)
    const redis = redisUrl ? connectFailFastRedis(redisUrl) : undefined
    this.limits = new ShopperLimits(
      options.storefrontLimits,
      redis ? { redis } : { memory: true },
      ns
    )
    this.log = new RefusalLog(logger)
    this.counts = new RefusalCounts(redis, `svc:shopper:${ns}:refusals`)
  }

  address(req: IncomingMessage): string {
    return clientAddress(req, this.limits.options.trustProxy)
  }

  /**
   * One payment session asked by this client: the first of its limits it is
   * over (the address first, then the logged-in customer, when the store's
   * auth found one), or null.
   */
  async takeClient(req: ClientRequest): Promise<ShopperRefusal | null> {
    const auth = req.auth_context
    return (
      (await this.take("address", this.address(req))) ??
      (await this.take(
        "customer",
        auth?.actor_type === "customer" ? auth.actor_id : undefined
      ))
    )
  }

  /** One payment session counted for `key` (none: nothing counted), refused past its bound. */
  async take(
    kind: ShopperLimitKind,
    key: string | undefined
  ): Promise<ShopperRefusal | null> {
    if (!key) return null
    const r = await this.limits.take(kind, key)
    if (r) this.refused(kind, key, r.message)
    return r
  }

  /** Logged once a minute per client, counted for the doctor. */
  refused(reason: RefusalReason, client: string, words: string): void {
    this.counts.add(reason)
    this.log.refused(
      `${reason === "store_budget" ? "address" : reason} ${client}`,
      `${RULE_NAMES[reason]}: ${words}`
    )
  }
}

const RULE_NAMES: Record<RefusalReason, string> = {
  address: "storefrontLimits.perAddress",
  customer: "storefrontLimits.perCustomer",
  cart: "storefrontLimits.perCart",
  store_budget: "the store's svc rate budget",
}

const guards = new WeakMap<SvcProviderOptions, ShopperGuard>()

/** The guard of the store's svc account, or null when no svc provider is configured. */
export function shopperGuard(container: MedusaContainer): ShopperGuard | null {
  const configModule = container.resolve<ConfigModule>("configModule")
  const found = findSvcProviderConfig(configModule)
  if (!found) return null
  let g = guards.get(found.options)
  if (!g) {
    const logger = container.resolve<Logger>("logger")
    g = new ShopperGuard(
      found.options,
      found.options.redisUrl ?? configModule.projectConfig?.redisUrl,
      logger
    )
    guards.set(found.options, g)
  }
  return g
}
