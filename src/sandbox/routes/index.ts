import type { RouteDef } from "../signed-api/router"
import { checkoutRoutes } from "./checkout"
import { healthRoutes } from "./health"
import { payoutRoutes } from "./payouts"
import { walletRoutes } from "./wallet"
import { walletCoreRoutes } from "./wallet-core"

export function allRoutes(): RouteDef[] {
  return [
    ...healthRoutes,
    ...checkoutRoutes,
    ...walletCoreRoutes,
    ...walletRoutes,
    ...payoutRoutes,
  ]
}
