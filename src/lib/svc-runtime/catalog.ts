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

/** A value read less than an hour ago. */
const fresh = <T extends { at: number }>(kept?: T): kept is T =>
  !!kept && Date.now() - kept.at < 60 * 60 * 1000

/**
 * Values read from svc at runtime and cached: the token id (spec: never
 * hard-coded; read from GET /v1/wallet/networks), the receiving address (the
 * account's own EVM deposit address unless configured), and the FPX bank list
 * (svc caches it about an hour; so do we).
 */
export class SvcCatalog {
  private token?: { tokenId: string; at: number }
  private address?: string
  private banks?: { list: Bank[]; at: number }
  /** Reads in flight, by what they read: a burst of shoppers on a cold cache costs one svc call per value, not one each. */
  private readonly inflight = new Map<string, Promise<unknown>>()

  constructor(
    private readonly client: SvcClient,
    private readonly opts: {
      network?: string
      addressTo?: string
      /** Told the networks svc answered with (e.g. to tell sandbox from production). */
      onNetworks?: (res: unknown) => void
    }
  ) {}

  /** One read at a time per value; every caller that asks meanwhile gets its answer (or its error). */
  private once<T>(what: string, read: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(what)
    // each key's promise is its own read's (one key, one T)
    if (running) return running as Promise<T>
    const p = read().finally(() => this.inflight.delete(what))
    this.inflight.set(what, p)
    return p
  }

  async tokenId(): Promise<string> {
    if (fresh(this.token)) return this.token.tokenId
    return this.once("token", () => this.readTokenId())
  }

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
    this.token = { tokenId, at: Date.now() }
    return tokenId
  }

  async addressTo(): Promise<string> {
    if (this.opts.addressTo) return this.opts.addressTo
    if (this.address) return this.address
    return this.once("address", async () => {
      const a = await this.client.wallet.address()
      if (!a.evmAddress)
        throw new Error(
          "svc returned no EVM deposit address (GET /v1/wallet/address)"
        )
      this.address = a.evmAddress
      return a.evmAddress
    })
  }

  async fpxBanks(force = false): Promise<Bank[]> {
    if (!force && fresh(this.banks)) return this.banks.list
    return this.once("banks", async () => {
      const res = await this.client.checkout.banks()
      this.banks = { list: res.banks, at: Date.now() }
      return res.banks
    })
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
