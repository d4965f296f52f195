import { invalidRequest } from "../errors"
import type { IdemRecord } from "../state"
import { UUID } from "../util"

// spec: POST /v1/checkout idempotency rules; Errors rules 2, 6, 8. Same key + same body returns the
// first result; a different body is 422 CONFLICT; a request still in flight answers 202; records
// live 24 h on the sandbox clock.

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

export function readIdempotencyKey(
  value: string | string[] | undefined,
  required: boolean
): string | null {
  const v = Array.isArray(value) ? value[0] : value
  if (v === undefined || v === "") {
    if (required) throw invalidRequest("Idempotency-Key header is required")
    return null
  }
  // spec: "UUID v4"; the sandbox accepts any UUID form so clients using other versions see a clear rule
  if (!UUID.test(v)) throw invalidRequest("Idempotency-Key must be a UUID v4")
  return v.toLowerCase()
}

export class IdempotencyStore {
  constructor(
    private readonly records: () => Record<string, IdemRecord>,
    private readonly now: () => number
  ) {}

  private sweep() {
    const recs = this.records()
    const cutoff = this.now() - IDEMPOTENCY_WINDOW_MS
    for (const [k, r] of Object.entries(recs))
      if (r.createdAt < cutoff) delete recs[k]
  }

  get(scope: string): IdemRecord | undefined {
    this.sweep()
    return this.records()[scope]
  }

  begin(scope: string, fingerprint: string) {
    this.records()[scope] = {
      fingerprint,
      state: "inflight",
      status: 0,
      body: null,
      createdAt: this.now(),
    }
  }

  finish(scope: string, status: number, body: unknown) {
    const r = this.records()[scope]
    if (r) Object.assign(r, { state: "done", status, body })
  }

  release(scope: string) {
    delete this.records()[scope]
  }
}
