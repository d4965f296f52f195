// Every input of the plugin's admin routes is checked by the route table in middlewares.ts, before
// the handler runs, with a 400 "field: rule"; the handlers read only what was checked.
import { readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { MedusaError } from "@medusajs/framework/utils"
import { allowedSenderAdd, listQuery, svcId } from "../../plugin/admin-tools/input"
import { svcRouteInputs } from "../middlewares"
import { validateBody, validateParams, validateQuery } from "../validation"

const ADMIN = join(__dirname, "../admin/svc")

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? routeFiles(p) : n === "route.ts" ? [p] : []
  })
}

/** What a middleware answers: the error it passes on, or the request as it leaves it. */
function run(mw: (req: any, res: any, next: (e?: unknown) => void) => void, req: Record<string, unknown>) {
  let error: unknown
  mw(req, {}, (e) => (error = e))
  return { error: error as MedusaError | undefined, req: req as any }
}

describe("the route table (src/api/middlewares.ts)", () => {
  const routes = routeFiles(ADMIN).map((file) => {
    const matcher = `/admin/svc/${relative(ADMIN, file).replace(/\/?route\.ts$/, "").replace(/\[(\w+)\]/g, ":$1")}`
    return { matcher, module: require(file) as Record<string, unknown> }
  })

  it.each(routes.flatMap(({ matcher, module }) => ["GET", "POST", "DELETE"].filter((m) => typeof module[m] === "function").map((m) => [m, matcher, module[m] as () => void] as const)))(
    "%s %s: path ids first, then each input its handler reads, and no other",
    (method, matcher, handler) => {
      const checks = svcRouteInputs
        .filter((r) => r.matcher === matcher && (r.methods as string[]).includes(method))
        .flatMap((r) => (r.middlewares ?? []).map((m) => (m as { checks?: string }).checks))
      const reads = String(handler)
      expect(checks).toEqual([
        ...(matcher.includes(":") ? ["params"] : []),
        ...(/validatedBody/.test(reads) ? ["body"] : []),
        ...(/validatedQuery/.test(reads) ? ["query"] : []),
      ])
    }
  )

  it("has no entry without a route", () => {
    const known = new Set(routes.flatMap(({ matcher, module }) => Object.keys(module).map((m) => `${m} ${matcher}`)))
    for (const r of svcRouteInputs) for (const m of r.methods as string[]) expect(known).toContain(`${m} ${r.matcher}`)
  })
})

describe("input checks", () => {
  it("a body: 400 'field: rule' before the handler, or the parsed body in req.validatedBody", () => {
    const bad = run(validateBody(allowedSenderAdd), { body: { address: "0x12" } })
    expect(bad.error).toBeInstanceOf(MedusaError)
    expect(bad.error).toMatchObject({ type: MedusaError.Types.INVALID_DATA, message: "address: must be an EVM address: 0x followed by 40 hexadecimal characters" })
    const ok = run(validateBody(allowedSenderAdd), { body: { address: ` 0x${"a".repeat(40)} ` } })
    expect(ok.error).toBeUndefined()
    expect(ok.req.validatedBody).toEqual({ address: `0x${"a".repeat(40)}` })
    expect(run(validateBody(allowedSenderAdd), {}).error?.message).toBe("address: is required")
  })

  it("a query: the plugin's own limit and offset, defaults and bounds", () => {
    expect(run(validateQuery(listQuery), { query: {} }).req.validatedQuery).toEqual({ limit: 25, offset: 0 })
    expect(run(validateQuery(listQuery), { query: { limit: "500" } }).error?.message).toBe("limit: must be 1-100")
    expect(run(validateQuery(listQuery), { query: { offset: "-1" } }).error?.message).toBe("offset: must not be negative")
  })

  it("a field the route does not take is refused, named", () => {
    expect(run(validateQuery(listQuery), { query: { limit: "5", fields: "*" } }).error?.message).toMatch(/Unrecognized key.*fields/)
  })

  it("path ids: checked, never changed", () => {
    const params = { id: "6f1c2d3e-4a5b-4c6d-8e7f-8a9b0c1d2e3f", sender_id: "nope" }
    const r = run(validateParams({ id: svcId("a beneficiary"), sender_id: svcId("an allowed sender") }), { params })
    expect(r.error?.message).toBe("sender_id: must be the svc id of an allowed sender (a UUID)")
    expect(r.req.params).toBe(params)
  })
})
