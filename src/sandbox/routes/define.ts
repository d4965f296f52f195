import type { z } from "@medusajs/framework/zod"
import type { Engine } from "../engine"
import { fromZod, notFound } from "../errors"
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

/** A read (GET) of the wallet area, behind the wallet feature. */
export const walletRead = (path: string, handler: RouteDef["handler"]) =>
  route("GET", path, { area: "wallet", feature: "wallet", handler })

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

/**
 * A handler of a route with a JSON body: `handler` gets the body as `schema` gives
 * it; one that does not parse is a 400 naming its fields (spec: Errors).
 */
export function withBody<S extends z.ZodType>(
  schema: S,
  handler: (ctx: Ctx, body: z.output<S>) => Result
): RouteDef["handler"] {
  return (ctx) => {
    const r = schema.safeParse(ctx.body ?? {})
    if (!r.success) throw fromZod(r.error)
    return handler(ctx, r.data)
  }
}
