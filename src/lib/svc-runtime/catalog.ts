import { LRUCache } from "lru-cache"
import { networkList } from "./environment"
import type { SvcClient } from "../../client"

type Bank = {
  code: string
  name: string
  displayName: string
  logoUrl: string
  type: string
  active: boolean
}

/**
 * A value read from svc and kept `ttl` ms (0: for good), through lru-cache's
 * fetch: one read at a time, every caller that asks meanwhile gets its answer
 * (or its error, which is not kept). A burst of shoppers on a cold cache costs
 * one svc call per value, not one each.
 */
function kept<T extends object | string>(ttl: number, read: () => Promise<T>) {
  const cache = new LRUCache<"v", T>({ max: 1, ttl, fetchMethod: read })
  return () => cache.forceFetch("v")
}

const HOUR_MS = 60 * 60 * 1000

/**
 * Values read from svc at runtime and cached: the token id (spec: never
 * hard-coded; read from GET /v1/wallet/networks), the receiving address (the
 * account's own EVM deposit address unless configured), and the FPX bank list
 * (svc caches it about an hour; so do we).
 */
export class SvcCatalog {
  readonly tokenId = kept(HOUR_MS, () => this.readTokenId())
  readonly addressTo = kept(0, async () => {
    if (this.opts.addressTo) return this.opts.addressTo
    const a = await this.client.wallet.address()
    if (!a.evmAddress)
      throw new Error(
        "svc returned no EVM deposit address (GET /v1/wallet/address)"
      )
    return a.evmAddress
  })
  readonly fpxBanks = kept(
    HOUR_MS,
    async (): Promise<Bank[]> => (await this.client.checkout.banks()).banks
  )

  constructor(
    private readonly client: SvcClient,
    private readonly opts: {
      network?: string
      addressTo?: string
      /** Told the networks svc answered with (e.g. to tell sandbox from production). */
      onNetworks?: (res: unknown) => void
    }
  ) {}

  private async readTokenId(): Promise<string> {
    const res: unknown = await this.client.wallet.networks()
    this.opts.onNetworks?.(res)
    const networks = normaliseNetworks(res)
    const wanted = this.opts.network?.toLowerCase()
    const net = wanted
      ? networks.find(
          (n) =>
            n.id.toLowerCase() === wanted || n.name.toLowerCase() === wanted
        )
      : (networks.find((n) => n.type === "EVM" && n.tokens.length > 0) ??
        networks.find((n) => n.tokens.length > 0))
    if (!net) {
      throw new Error(
        wanted
          ? `svc has no active network "${this.opts.network}" (option \`network\`); active: ${networks.map((n) => n.name).join(", ") || "none"}`
          : "svc returned no active network with a token (GET /v1/wallet/networks)"
      )
    }
    const tokenId = net.tokens[0]?.id
    if (!tokenId)
      throw new Error(`svc network "${net.name}" has no active token`)
    return tokenId
  }
}
type Network = {
  id: string
  name: string
  type: string
  tokens: { id: string }[]
}

/** spec gap: the networks response shape is "networks with id, name, type, tokens"; accept an array or a wrapper. */
function normaliseNetworks(res: unknown): Network[] {
  return networkList(res)
    .filter((n): n is Record<string, unknown> => !!n && typeof n === "object")
    .map((n) => ({
      id: String(n.id ?? ""),
      name: String(n.name ?? ""),
      type: String(n.type ?? ""),
      tokens: (Array.isArray(n.tokens) ? n.tokens : []).flatMap((t: unknown) =>
        t && typeof t === "object" && "id" in t && typeof t.id === "string"
          ? [{ id: t.id }]
          : []
      ),
    }))
}
