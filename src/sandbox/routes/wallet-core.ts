import { notFound, validationFailed } from "../errors"
import type { RouteDef } from "../signed-api/router"
import { walletRead } from "./define"
import type { Network } from "../state"
import { UUID } from "../util"

export function networkView(n: Network) {
  return {
    id: n.id,
    name: n.name,
    type: n.type,
    chainId: n.chainId,
    tokens: n.tokens
      .filter((t) => t.active)
      .map((t) => ({
        id: t.id,
        name: t.name,
        symbol: t.symbol,
        decimals: t.decimals,
      })),
  }
}

export const walletCoreRoutes: RouteDef[] = [
  // sandbox decision: always an array; `id` or `tokenId` narrows it to the one network (404 if none)
  walletRead("/v1/wallet/networks", ({ engine, query }) => {
    const id = query.get("id")
    const tokenId = query.get("tokenId")
    const issues: string[] = []
    if (id !== null && !UUID.test(id))
      issues.push("id: must be a network id (UUID)")
    if (tokenId !== null && !UUID.test(tokenId))
      issues.push("tokenId: must be a UUID")
    if (issues.length) throw validationFailed(issues.join("; "))
    let list = engine.activeNetworks()
    if (id !== null) list = list.filter((n) => n.id === id)
    if (tokenId !== null)
      list = list.filter((n) => n.tokens.some((t) => t.id === tokenId))
    if ((id !== null || tokenId !== null) && !list.length)
      throw notFound("network")
    return { status: 200, body: list.map(networkView) }
  }),
  walletRead("/v1/wallet/address", ({ engine }) => ({
    status: 200,
    body: {
      evmAddress: engine.state.wallet.evmAddress,
      solAddress: engine.state.wallet.solAddress,
    },
  })),
  walletRead("/v1/wallet/balance", ({ engine }) => ({
    status: 200,
    body: {
      walletBalance: String(engine.state.wallet.balanceSen),
      pendingWithdrawal: String(engine.state.wallet.pendingWithdrawalSen),
    },
  })),
]
