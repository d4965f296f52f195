import { createHash } from "node:crypto"
import { SvcClient } from "../svc"
import { SvcCatalog } from "./catalog"
import { CheckoutReads } from "./checkout-reads"
import { loadPrivateKey, type SvcProviderOptions } from "../providers/svc/core/options"
import { connectRateBudget } from "./redis-rate-budget"

type Logger = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }

/**
 * The runtime of one svc account in one process: one client (so one rate
 * limiter and one clock-skew estimate), one catalog cache (token id, address,
 * banks) and one set of shared checkout reads (single flight). The three
 * providers, the webhook subscriber, the routes, the job and the watcher all
 * reach svc through it.
 */
export type SvcAccountRuntime = { client: SvcClient; catalog: SvcCatalog; reads: CheckoutReads }

const registry = new Map<string, SvcAccountRuntime>()

export function sharedSvcClient(o: SvcProviderOptions, logger?: Logger): SvcAccountRuntime {
  const key = createHash("sha256")
    .update([o.baseUrl, o.apiKey, o.keyId, o.algorithm, o.network ?? "", o.addressTo ?? ""].join("\n"))
    .digest("hex")
  let entry = registry.get(key)
  if (!entry) {
    const client = new SvcClient({
      baseUrl: o.baseUrl,
      apiKey: o.apiKey,
      keyId: o.keyId,
      privateKey: loadPrivateKey(o),
      algorithm: o.algorithm,
      ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
      ...(o.accountRateLimit ? { accountRateLimit: o.accountRateLimit } : {}),
      // several instances: one rate budget for the deployment, counted in Redis
      ...(o.redisUrl ? { sharedRateBudget: connectRateBudget(o.redisUrl, o.apiKey) } : {}),
      ...(logger ? { logger } : {}),
    } as ConstructorParameters<typeof SvcClient>[0])
    entry = {
      client,
      catalog: new SvcCatalog(client, { network: o.network, addressTo: o.addressTo }),
      reads: new CheckoutReads(client),
    }
    registry.set(key, entry)
  }
  return entry
}
