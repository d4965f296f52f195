import type { CallCore } from "../core"
import { healthSchema, type Health } from "../schemas/health"

export class HealthResource {
  constructor(private readonly core: CallCore) {}
  /** GET /v1/health: the account behind the API key. */
  get(): Promise<Health> {
    return this.core.request({
      method: "GET",
      route: "/v1/health",
      schema: healthSchema,
    })
  }
}
