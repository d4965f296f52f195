import {
  ACCOUNT_RATE_LIMIT_PRODUCTION,
  ACCOUNT_RATE_LIMIT_SANDBOX,
} from "../../client/rate-budget/rate-limit"

/** spec: Networks: the sandbox runs on test networks; production on mainnets. */
export const SANDBOX_CHAINS = new Set([11155111, 421614, 84532])
export const PRODUCTION_CHAINS = new Set([1, 42161, 8453])

export type SvcEnvironment = "sandbox" | "production" | "unknown"

/** The networks of a `GET /v1/wallet/networks` answer (an array or a wrapper `{networks}` or `{data}`: spec gap). */
export function networkList(res: unknown): unknown[] {
  const wrapped =
    res && typeof res === "object" && !Array.isArray(res)
      ? (("networks" in res ? res.networks : undefined) ??
        ("data" in res ? res.data : undefined))
      : res
  return Array.isArray(wrapped) ? wrapped : []
}

/** The chain ids of a `GET /v1/wallet/networks` answer. */
export function chainIds(res: unknown): number[] {
  return networkList(res)
    .map((n) =>
      Number(n && typeof n === "object" && "chainId" in n ? n.chainId : NaN)
    )
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
