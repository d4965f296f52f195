// Request faults injected through the control API: the next `count` requests matching `route`
// (`"POST /v1/checkout"`, a method + path template, or `"*"`) answer with the fault.

export type FaultKind = "500" | "503" | "429" | "202" | "hang"

export interface FaultSpec {
  route: string
  count?: number
  kind: FaultKind
  retryAfterSeconds?: number
  /** 500 and hang only: process the request (state changes, idempotency record stored), then answer 500 / nothing */
  afterProcessing?: boolean
}

interface ActiveFault extends Required<
  Pick<FaultSpec, "route" | "kind" | "count">
> {
  retryAfterSeconds?: number
  afterProcessing: boolean
}

export class FaultInjector {
  private faults: ActiveFault[] = []

  add(spec: FaultSpec) {
    const kinds: FaultKind[] = ["500", "503", "429", "202", "hang"]
    if (!kinds.includes(spec.kind))
      throw new Error(`kind must be one of ${kinds.join(", ")}`)
    if (!spec.route) throw new Error("route is required")
    this.faults.push({
      route: spec.route.trim().replace(/\s+/g, " "),
      kind: spec.kind,
      count: spec.count ?? 1,
      retryAfterSeconds: spec.retryAfterSeconds,
      afterProcessing:
        Boolean(spec.afterProcessing) &&
        (spec.kind === "500" || spec.kind === "hang"),
    })
  }

  take(method: string, template: string): ActiveFault | null {
    const route = `${method.toUpperCase()} ${template}`
    const f = this.faults.find(
      (x) => x.count > 0 && (x.route === "*" || x.route === route)
    )
    if (!f) return null
    f.count--
    this.faults = this.faults.filter((x) => x.count > 0)
    return f
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  clear() {
    this.faults = []
  }
}
