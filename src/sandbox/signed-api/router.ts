import type { Engine } from "../engine"
import type { Feature } from "../state"

export interface Ctx {
  engine: Engine
  params: Record<string, string>
  query: URLSearchParams
  /** the request's JSON body, as sent (withBody parses it) */
  body: unknown
  baseUrl: string
  requestId: string
}

export interface Result {
  status: number
  body: unknown
}

/** How a route is money-moving, for account status gating (spec: Authentication, account status gating). */
export type Gate = "inflow" | "outflow" | "whitelistPatch"

export interface RouteDef {
  method: "GET" | "POST" | "PATCH" | "DELETE"
  path: string
  auth: "K" | "K+S"
  idempotency?: "required" | "accepted"
  /** per-route rate limit (spec: Limits); routes sharing a limit share the key */
  rate?: { key: string; limit: number }
  gate?: Gate
  feature?: Feature
  area: "health" | "checkout" | "wallet" | "payout"
  handler: (ctx: Ctx) => Result
}

export interface Match {
  route: RouteDef
  params: Record<string, string>
}

export function matchRoute(
  routes: RouteDef[],
  method: string,
  path: string
): Match | "method" | null {
  const segs = path.split("/").filter(Boolean)
  let best: { m: Match; vars: number } | null = null
  let pathMatched = false
  for (const route of routes) {
    const tsegs = route.path.split("/").filter(Boolean)
    if (tsegs.length !== segs.length) continue
    const params: Record<string, string> = {}
    let vars = 0
    let ok = true
    for (let i = 0; i < tsegs.length; i++) {
      const t = tsegs[i]
      if (t.startsWith("{")) {
        params[t.slice(1, -1)] = decodeURIComponent(segs[i])
        vars++
      } else if (t !== segs[i]) {
        ok = false
        break
      }
    }
    if (!ok) continue
    pathMatched = true
    if (route.method !== method) continue
    // spec-notes: the fixed segment wins (/v1/checkout/banks over /v1/checkout/{id})
    if (!best || vars < best.vars) best = { m: { route, params }, vars }
  }
  if (best) return best.m
  return pathMatched ? "method" : null
}
