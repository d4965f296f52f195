import { createHash } from "node:crypto"
import { SvcClient } from "../../../svc"
import { SvcCatalog } from "./catalog"
import { loadPrivateKey, type SvcProviderOptions } from "./options"

/**
 * The three providers (and the job and routes) of one svc account share one
 * client, so they share one rate limiter and one clock-skew estimate, and one
 * catalog cache (token id, address, banks).
 */
const registry = new Map<string, { client: SvcClient; catalog: SvcCatalog }>()

export function sharedSvcClient(
  o: SvcProviderOptions,
  logger?: { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }
): { client: SvcClient; catalog: SvcCatalog } {
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
      ...(logger ? { logger } : {}),
    } as ConstructorParameters<typeof SvcClient>[0])
    entry = { client, catalog: new SvcCatalog(client, { network: o.network, addressTo: o.addressTo }) }
    registry.set(key, entry)
  }
  return entry
}
