// Call counts of the signed /v1 API, per route template and per API key, so tests and benches can
// assert how many svc calls a flow spends (the call budget). A request is counted when it
// matches a route, before auth, rate limits and faults: a call svc rejects is still a call the
// client made and paid for in latency and in the account's rate budget.

import type { IncomingHttpHeaders } from "node:http"

/** `"GET /v1/checkout/{id}"`: the route's method and path template, spelled as in the spec. */
export type RouteName = string

export interface RouteCounts {
  total: number
  /** only routes called at least once; an absent route was called 0 times */
  byRoute: Record<RouteName, number>
}

export interface CallStats extends RouteCounts {
  /** per API key as sent (masked, see `maskApiKey`); `"(none)"` for requests without a key */
  byApiKey: Record<string, RouteCounts>
  /** /v1 requests that matched no route (404); not part of `total` */
  unmatched: number
  /**
   * Requests refused with 429 because the account's rate limits were reached
   * (counted in `total`; injected 429 faults are not counted here): a client that
   * keeps to the ceiling, alone or as several instances, keeps this at 0.
   */
  rateLimited: number
}

export const NO_API_KEY = "(none)"

/**
 * First 6 characters + "…" + last 4. Every svc key starts with `svc_pk`, so the first 6 alone
 * would not tell keys apart; the last 4 do without revealing the key.
 */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 10) return `${apiKey.slice(0, 6)}…`
  return `${apiKey.slice(0, 6)}…${apiKey.slice(-4)}`
}

/** The key as the client sent it (`svc-api-key` or `Authorization: Bearer`), whether valid or not. */
export function sentApiKey(headers: IncomingHttpHeaders): string | null {
  const first = (v: string | string[] | undefined) =>
    Array.isArray(v) ? v[0] : v
  const direct = first(headers["svc-api-key"])
  if (direct) return direct
  const m = /^Bearer\s+(\S+)$/i.exec(first(headers.authorization) ?? "")
  return m ? m[1] : null
}

const sorted = (counts: Map<RouteName, number>): Record<RouteName, number> =>
  Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)))

export class CallCounter {
  private byRoute = new Map<RouteName, number>()
  private byKey = new Map<string, Map<RouteName, number>>()
  private unmatched = 0
  private rateLimited = 0

  countRateLimited() {
    this.rateLimited++
  }

  count(method: string, template: string, apiKey: string | null) {
    const route = `${method.toUpperCase()} ${template}`
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1)
    const key = apiKey ? maskApiKey(apiKey) : NO_API_KEY
    let perKey = this.byKey.get(key)
    if (!perKey) this.byKey.set(key, (perKey = new Map()))
    perKey.set(route, (perKey.get(route) ?? 0) + 1)
  }

  countUnmatched() {
    this.unmatched++
  }

  snapshot(): CallStats {
    const total = (m: Map<RouteName, number>) =>
      [...m.values()].reduce((a, b) => a + b, 0)
    const byApiKey: Record<string, RouteCounts> = {}
    for (const [key, m] of [...this.byKey].sort(([a], [b]) =>
      a.localeCompare(b)
    ))
      byApiKey[key] = { total: total(m), byRoute: sorted(m) }
    return {
      total: total(this.byRoute),
      byRoute: sorted(this.byRoute),
      byApiKey,
      unmatched: this.unmatched,
      rateLimited: this.rateLimited,
    }
  }

  reset() {
    this.byRoute.clear()
    this.byKey.clear()
    this.unmatched = 0
    this.rateLimited = 0
  }
}
