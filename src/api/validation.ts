import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { parseInput } from "../plugin/core/admin-input"

/**
 * The input checks middlewares.ts declares for the plugin's routes: path ids,
 * then the body, then the query, before the handler runs, so before any svc
 * call or money moves. A bad input is a 400 (INVALID_DATA) "field: rule", the
 * first problem (src/plugin/core/admin-input.ts firstIssue).
 *
 * Not Medusa's validateAndTransformBody / validateAndTransformQuery: Medusa
 * formats the issues of its own zod (zod 4, bundled), while the plugin's
 * schemas are zod 3. Their errors are not recognised there and reach Medusa's
 * error handler as a bare ZodError: HTTP 500, "Validation error: Must be 1-100
 * at "limit"". Where Medusa does format (zod 4 issues), the rule is lost
 * ("Value for field 'limit' too big, expected at most: '100'"). These set
 * req.validatedBody and req.validatedQuery as Medusa's do; the query gets no
 * fields/pagination config (listConfig, queryConfig): the plugin's lists have
 * their own limit, offset and cursor, with their own defaults and bounds.
 * Nothing here is newer than Medusa 2.18 (the peer range's oldest): plain
 * middlewares and MedusaRequest's validatedBody / validatedQuery.
 */
type Middleware = ((req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => void) & { checks: Input }
type Input = "params" | "body" | "query"

/** A middleware that checks one input (`checks` names it, for the route table's test). */
const checking = (checks: Input, set: (req: MedusaRequest) => void): Middleware =>
  Object.assign(
    (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
      try {
        set(req)
      } catch (e) {
        return next(e)
      }
      next()
    },
    { checks }
  )

/** The body by its schema, or by the parse function of a plugin part that words some problems itself. */
export const validateBody = (schema: z.ZodType | ((body: unknown) => unknown)): Middleware =>
  checking("body", (req) => {
    req.validatedBody = typeof schema === "function" ? schema(req.body) : parseInput(schema, req.body)
  })

export const validateQuery = (schema: z.ZodType): Middleware =>
  checking("query", (req) => {
    req.validatedQuery = parseInput(schema, req.query) as Record<string, unknown>
  })

/**
 * Path ids are checked here too, so a route's every input is declared in one
 * place. The handler reads req.params itself (Express sets it per route), so a
 * params schema checks and never transforms.
 */
export const validateParams = (shape: Record<string, z.ZodString>): Middleware => {
  const schema = z.object(shape).passthrough()
  return checking("params", (req) => {
    parseInput(schema, req.params)
  })
}
