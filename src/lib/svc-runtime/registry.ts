import { createHash } from "node:crypto"
import { SvcClient } from "../../client"
import { observeSvcLine } from "../../client/telemetry"
import { SvcCatalog } from "./catalog"
import { CheckoutReads } from "./checkout-reads"
import { loadPrivateKey, type SvcProviderOptions } from "./options"
import { connectFailFastRedis, RedisRateBudget } from "./redis-rate-budget"
import { CheckoutLine, MemoryLine, RedisLine } from "./checkout-line"
import { chainIds, defaultAccountRateLimit, environmentOf } from "./environment"

type Logger = {
  info: (m: string) => void
  warn: (m: string) => void
  error: (m: string) => void
}

/**
 * The runtime of one svc account in one process: one client (so one rate
 * limiter and one clock-skew estimate), one catalog cache (token id, address,
 * banks) and one set of shared checkout reads (single flight). The three
 * providers, the webhook subscriber, the routes, the job and the watcher all
 * reach svc through it.
 */
export type SvcAccountRuntime = {
  client: SvcClient
  catalog: SvcCatalog
  reads: CheckoutReads
  /** shoppers waiting for a turn at the checkout budget (one line for the deployment on Redis) */
  line: CheckoutLine
}

const registry = new Map<string, SvcAccountRuntime>()

export function sharedSvcClient(
  o: SvcProviderOptions,
  logger?: Logger
): SvcAccountRuntime {
  const key = createHash("sha256")
    .update(
      [
        o.baseUrl,
        o.apiKey,
        o.keyId,
        o.algorithm,
        o.network ?? "",
        o.addressTo ?? "",
      ].join("\n")
    )
    .digest("hex")
  let entry = registry.get(key)
  if (!entry) {
    // several instances: one rate budget and one line for the deployment, in Redis
    const redis = o.redisUrl ? connectFailFastRedis(o.redisUrl) : undefined
    // the client's options under their names (the client keeps its own, its defaults where unset)
    const client = new SvcClient({
      ...o,
      privateKey: loadPrivateKey(o),
      sharedRateBudget: redis
        ? new RedisRateBudget(redis, o.apiKey)
        : undefined,
      logger,
    })
    const catalog = new SvcCatalog(client, {
      network: o.network,
      addressTo: o.addressTo,
      onNetworks: o.accountRateLimit
        ? undefined
        : ceilingFromEnvironment(client, logger),
    })
    const line = new CheckoutLine(
      redis ? new RedisLine(redis, o.apiKey) : new MemoryLine(),
      () => client.checkoutRoom(),
      o.checkoutLineMinutes,
      (m) => logger?.info(m)
    )
    observeSvcLine(() => line.state())
    entry = { client, catalog, reads: new CheckoutReads(client), line }
    registry.set(key, entry)
    logger?.info(
      o.accountRateLimit
        ? `svc: account rate ceiling ${o.accountRateLimit} calls/min (option accountRateLimit)`
        : `svc: account rate ceiling ${defaultAccountRateLimit("unknown")} calls/min until svc's environment is known (sandbox 100, production 1000; the option accountRateLimit overrides)`
    )
  }
  return entry
}

/**
 * With no `accountRateLimit` option, the ceiling follows svc's environment
 *: production accounts get 1000/min instead of a tenth of it.
 * Told each time the networks are read; logs only when the ceiling changes.
 */
export function ceilingFromEnvironment(
  client: Pick<SvcClient, "setAccountRateLimit">,
  logger?: Logger
): (res: unknown) => void {
  let current = defaultAccountRateLimit("unknown")
  return (res) => {
    const env = environmentOf(chainIds(res))
    const limit = defaultAccountRateLimit(env)
    if (limit === current) return
    client.setAccountRateLimit(limit)
    current = limit
    logger?.info(
      `svc: account rate ceiling ${limit} calls/min (svc environment: ${env}, from its networks; the option accountRateLimit overrides)`
    )
  }
}
