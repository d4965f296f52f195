/** The sandbox's control API over HTTP: the shopper paying on svc's page, and the call counter. */
import { call, HttpError } from "./store-api"

/** The shopper pays on svc's hosted page (CREATED → PROCESSING → COMPLETED, one checkout.updated each). */
export async function payCheckout(
  sandboxUrl: string,
  checkoutId: string
): Promise<void> {
  await call(
    "POST",
    `${sandboxUrl}/_sandbox/checkouts/${encodeURIComponent(checkoutId)}/pay`,
    {}
  )
}

export interface SandboxStats {
  total: number
  byRoute: Record<string, number>
}

/** GET /_sandbox/stats; null while the sandbox has no call counter (404). */
export async function readStats(
  sandboxUrl: string
): Promise<SandboxStats | null> {
  try {
    return (await call<SandboxStats>("GET", `${sandboxUrl}/_sandbox/stats`))
      .json
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null
    throw e
  }
}

export async function resetStats(sandboxUrl: string): Promise<boolean> {
  try {
    await call("DELETE", `${sandboxUrl}/_sandbox/stats`)
    return true
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return false
    throw e
  }
}

/** Calls per paid order, and the routes, as one line for a table; "n/a" without a counter. */
export function describeCalls(
  stats: SandboxStats | null,
  paidOrders: number
): { perOrder: string; routes: string } {
  if (!stats) return { perOrder: "n/a (no /_sandbox/stats)", routes: "" }
  const routes = Object.entries(stats.byRoute)
    .sort((a, b) => b[1] - a[1])
    .map(([r, n]) => `${r} ${n}`)
    .join(", ")
  return {
    perOrder: paidOrders
      ? (stats.total / paidOrders).toFixed(2)
      : "n/a (no orders)",
    routes,
  }
}
