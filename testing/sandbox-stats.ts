// The sandbox's call counts read over its control API (docs/sandbox.md, Call counts), so a test
// can assert how many svc calls a flow spent, whether the sandbox runs in this process or not.
import { fetch } from "undici"
import type { CallStats, RouteCounts, RouteName } from "../src/sandbox"

export type { CallStats, RouteName }

async function controlCall(
  sandboxBaseUrl: string,
  method: "GET" | "DELETE"
): Promise<unknown> {
  const url = `${sandboxBaseUrl.replace(/\/+$/, "")}/_sandbox/stats`
  const res = await fetch(url, { method })
  const text = await res.text()
  if (!res.ok)
    throw new Error(
      `${method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`
    )
  return JSON.parse(text)
}

/** `GET /_sandbox/stats`: calls per route template and per (masked) API key since the last reset. */
export async function readStats(sandboxBaseUrl: string): Promise<CallStats> {
  return (await controlCall(sandboxBaseUrl, "GET")) as CallStats
}

/** `DELETE /_sandbox/stats`: counts start again from zero. */
export async function resetStats(sandboxBaseUrl: string): Promise<void> {
  await controlCall(sandboxBaseUrl, "DELETE")
}

/** Calls to one route, e.g. `callsTo(stats, "GET /v1/checkout/{id}")`; 0 for a route never called. */
export function callsTo(stats: RouteCounts, route: RouteName): number {
  return stats.byRoute[route] ?? 0
}
