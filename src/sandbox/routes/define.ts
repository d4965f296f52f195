import type { Engine } from "../engine"
import { notFound } from "../errors"
import type { Ctx, Result, RouteDef } from "../signed-api/router"

type RouteFields = Omit<RouteDef, "method" | "path" | "auth">

/** A route; reads (GET) take the API key alone, writes the key and a signature (spec: Authentication). */
export function route(
  method: RouteDef["method"],
  path: string,
  fields: RouteFields
): RouteDef {
  return { method, path, auth: method === "GET" ? "K" : "K+S", ...fields }
}

/** A per-route rate limit of its own, keyed by method and path (spec: Limits). */
export const ownRate = (
  method: RouteDef["method"],
  path: string,
  limit: number
) => ({ key: `${method} ${path}`, limit })

/** GET of one record by the `{id}` path parameter: 404 naming `what` when `find` has none. */
export function showById<T>(
  what: string,
  find: (engine: Engine, id: string) => T | null | undefined,
  view: (engine: Engine, t: T) => unknown
) {
  return ({ engine, params }: Ctx): Result => {
    const t = find(engine, params.id)
    if (!t) throw notFound(what)
    return { status: 200, body: view(engine, t) }
  }
}
