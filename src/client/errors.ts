/**
 * Typed errors of the svc client (spec: Errors).
 *
 * `code` is the contract: branch on it, never on `message`. One subclass per
 * status family so callers can also use `instanceof`. Unknown codes are kept
 * verbatim (spec: "New codes may be added without a breaking change").
 */

/** Known error codes of the spec's Errors table, plus the client's own. */
export const SVC_ERROR_CODES = [
  "INVALID_REQUEST",
  "VALIDATION_FAILED",
  "CONFLICT",
  "INSUFFICIENT_BALANCE",
  "LIMIT_EXCEEDED",
  "UNKNOWN_BENEFICIARY",
  "BENEFICIARY_NAME_MISMATCH",
  "NAME_CHECK_UNAVAILABLE",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "FEATURE_DISABLED",
  "ACCOUNT_TERMINATED",
  "ACCOUNT_FROZEN",
  "ACCOUNT_SUSPENDED",
  "ACCOUNT_PENDING_VERIFICATION",
  "ACCOUNT_NOT_ACTIVE",
  "NOT_FOUND",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
] as const
export type KnownSvcErrorCode = (typeof SVC_ERROR_CODES)[number]

/** Codes the client produces itself (never sent by svc). */
export const CLIENT_ERROR_CODES = {
  /** 202 persisted after every retry (spec: POST /v1/checkout, Response 202). Client-side code. */
  IDEMPOTENCY_IN_PROGRESS: "IDEMPOTENCY_IN_PROGRESS",
  INVALID_INPUT: "INVALID_INPUT",
  CONNECTION_ERROR: "CONNECTION_ERROR",
  TIMEOUT: "TIMEOUT",
  INVALID_RESPONSE: "INVALID_RESPONSE",
  UNKNOWN_ERROR: "UNKNOWN_ERROR",
  /** The client's own limiter: the call's deadline came before its turn; nothing was sent (status 0). */
  RATE_BUDGET: "RATE_BUDGET",
} as const

export function isKnownSvcErrorCode(code: string): code is KnownSvcErrorCode {
  return SVC_ERROR_CODES.some((c) => c === code)
}

export interface FieldError {
  field: string
  message: string
}

export interface SvcErrorInit {
  code: string
  status: number
  message: string
  requestId?: string | null
  idempotencyKey?: string
  fields?: FieldError[]
  method?: string
  path?: string
  cause?: unknown
}

export class SvcError extends Error {
  override name = "SvcError"
  /** svc's `code` (or a client code such as INVALID_INPUT); branch on this. */
  readonly code: string
  /** HTTP status; 0 when no response was received. */
  readonly status: number
  /** svc's `requestId` (quote it when reporting a 5xx); null when none. */
  readonly requestId: string | null
  /** The Idempotency-Key the failed call used, on money-moving creates. */
  idempotencyKey?: string
  /** For VALIDATION_FAILED: the `field: text` entries of the message (spec: Errors rule 3). */
  readonly fields?: FieldError[]
  readonly method?: string
  readonly path?: string

  constructor(init: SvcErrorInit) {
    super(init.message)
    // ES2021 lib has no ErrorOptions; set `cause` by hand, non-enumerable like the native one.
    if (init.cause !== undefined)
      Object.defineProperty(this, "cause", {
        value: init.cause,
        enumerable: false,
      })
    this.code = init.code
    this.status = init.status
    this.requestId = init.requestId ?? null
    if (init.idempotencyKey !== undefined)
      this.idempotencyKey = init.idempotencyKey
    if (init.fields !== undefined) this.fields = init.fields
    if (init.method !== undefined) this.method = init.method
    if (init.path !== undefined) this.path = init.path
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      requestId: this.requestId,
      idempotencyKey: this.idempotencyKey,
      fields: this.fields,
      method: this.method,
      path: this.path,
    }
  }
}

export class SvcBadRequestError extends SvcError {
  override name = "SvcBadRequestError"
}
export class SvcAuthenticationError extends SvcError {
  override name = "SvcAuthenticationError"
}
export class SvcPermissionError extends SvcError {
  override name = "SvcPermissionError"
}
export class SvcNotFoundError extends SvcError {
  override name = "SvcNotFoundError"
}
/** 422 CONFLICT: an Idempotency-Key reused with a different body (spec: Errors rule 2). */
export class SvcConflictError extends SvcError {
  override name = "SvcConflictError"
}
export class SvcRateLimitError extends SvcError {
  override name = "SvcRateLimitError"
}
export class SvcServerError extends SvcError {
  override name = "SvcServerError"
}
/** 503 SERVICE_UNAVAILABLE: nothing was processed; a later retry is safe (spec: Errors rule 5). */
export class SvcServiceUnavailableError extends SvcServerError {
  override name = "SvcServiceUnavailableError"
}
/** 202 after every retry: the first request for the key has not completed (spec: Errors rule 6). */
export class SvcPendingError extends SvcError {
  override name = "SvcPendingError"
}
/** No HTTP response: connection refused/reset, DNS, TLS. Status 0. */
export class SvcConnectionError extends SvcError {
  override name = "SvcConnectionError"
}
/** Connect, headers or body timeout. Status 0. */
export class SvcTimeoutError extends SvcConnectionError {
  override name = "SvcTimeoutError"
}
/** A 2xx response whose body does not match the spec's schema. */
export class SvcResponseValidationError extends SvcError {
  override name = "SvcResponseValidationError"
  readonly issues: { path: string; message: string }[]
  constructor(
    init: SvcErrorInit & { issues: { path: string; message: string }[] }
  ) {
    super(init)
    this.issues = init.issues
  }
}
/** Client-side validation failed before sending; nothing was sent. */
export class SvcInputError extends SvcError {
  override name = "SvcInputError"
  readonly field: string
  readonly rule: string
  constructor(field: string, rule: string) {
    super({
      code: CLIENT_ERROR_CODES.INVALID_INPUT,
      status: 0,
      message: `${field}: ${rule}`,
    })
    this.field = field
    this.rule = rule
  }
}

/** Code to use when a body carries none: the only code the Errors table has for that status (docs/client.md, Spec gaps decided here). */
function fallbackCode(status: number): string {
  if (status === 400) return "INVALID_REQUEST"
  if (status === 401) return "UNAUTHORIZED"
  if (status === 403) return "FORBIDDEN"
  if (status === 404) return "NOT_FOUND"
  if (status === 422) return "CONFLICT"
  if (status === 429) return "RATE_LIMITED"
  if (status === 503) return "SERVICE_UNAVAILABLE"
  if (status >= 500) return "INTERNAL_ERROR"
  return CLIENT_ERROR_CODES.UNKNOWN_ERROR
}

/**
 * Parse `field: text` entries from a VALIDATION_FAILED message (spec: Errors rule 3;
 * Payout known rule 6: body-level messages carry no leading field, so they are skipped).
 * Entries may be separated by newlines or semicolons.
 */
export function parseValidationFields(message: string): FieldError[] {
  const out: FieldError[] = []
  for (const segment of message.split(/\r?\n|;\s*/)) {
    const m = /^\s*(?:-\s*)?([A-Za-z_$][\w$.[\]-]*)\s*:\s*(.+?)\s*$/.exec(
      segment
    )
    if (m && m[1] !== undefined && m[2] !== undefined)
      out.push({ field: m[1], message: m[2] })
  }
  return out
}

export interface ErrorResponse {
  status: number
  body: unknown
  headerRequestId?: string | null
  idempotencyKey?: string
  method?: string
  path?: string
}

/** An object (arrays too), its keys readable. */
export const isObject = (v: unknown): v is Record<PropertyKey, unknown> =>
  typeof v === "object" && v !== null

/** Build the typed error for a non-2xx svc response (openai-node's APIError.generate, keyed by status family). */
export function svcErrorFromResponse(res: ErrorResponse): SvcError {
  const body = isObject(res.body) ? res.body : {}
  const code =
    typeof body.code === "string" && body.code.length > 0
      ? body.code
      : fallbackCode(res.status)
  const message =
    typeof body.message === "string" && body.message.length > 0
      ? body.message
      : `svc responded ${res.status}${typeof res.body === "string" && res.body ? `: ${res.body.slice(0, 200)}` : ""}`
  const requestId =
    typeof body.requestId === "string"
      ? body.requestId
      : (res.headerRequestId ?? null)
  const init: SvcErrorInit = {
    code,
    status: res.status,
    message,
    requestId,
    ...(res.idempotencyKey !== undefined
      ? { idempotencyKey: res.idempotencyKey }
      : {}),
    ...(res.method !== undefined ? { method: res.method } : {}),
    ...(res.path !== undefined ? { path: res.path } : {}),
    ...(code === "VALIDATION_FAILED"
      ? { fields: parseValidationFields(message) }
      : {}),
  }
  const s = res.status
  if (s === 400) return new SvcBadRequestError(init)
  if (s === 401) return new SvcAuthenticationError(init)
  if (s === 403) return new SvcPermissionError(init)
  if (s === 404) return new SvcNotFoundError(init)
  if (s === 422) return new SvcConflictError(init)
  if (s === 429) return new SvcRateLimitError(init)
  if (s === 503) return new SvcServiceUnavailableError(init)
  if (s >= 500) return new SvcServerError(init)
  return new SvcError(init)
}
