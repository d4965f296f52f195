import {
  ACCOUNT_RATE_LIMIT_PRODUCTION,
  ACCOUNT_RATE_LIMIT_SANDBOX,
} from "../../client/rate-budget/rate-limit"

/** spec: Networks: the sandbox runs on test networks; production on mainnets. */
export const SANDBOX_CHAINS = new Set([11155111, 421614, 84532])
export const PRODUCTION_CHAINS = new Set([1, 42161, 8453])

export type SvcEnvironment = "sandbox" | "production" | "unknown"

/** The chain ids of a `GET /v1/wallet/networks` answer (an array or a wrapper: spec gap). */
export function chainIds(res: unknown): number[] {
  const arr = Array.isArray(res)
    ? res
    : ((res as { networks?: unknown; data?: unknown })?.networks ??
      (res as { data?: unknown })?.data)
  if (!Array.isArray(arr)) return []
  return arr
    .map((n) => Number((n as { chainId?: unknown })?.chainId))
    .filter((n) => Number.isInteger(n) && n > 0)
}

/** Which svc environment the networks belong to. */
export function environmentOf(ids: number[]): SvcEnvironment {
  if (ids.some((id) => SANDBOX_CHAINS.has(id))) return "sandbox"
  if (ids.some((id) => PRODUCTION_CHAINS.has(id))) return "production"
  return "unknown"
}

/**
 * The account ceiling (calls per minute) when the option `accountRateLimit` is
 * not set (spec: Limits): production 1000, sandbox 100; an environment that
 * cannot be told keeps the lower one.
 */
export function defaultAccountRateLimit(env: SvcEnvironment): number {
  return env === "production"
    ? ACCOUNT_RATE_LIMIT_PRODUCTION
    : ACCOUNT_RATE_LIMIT_SANDBOX
}
