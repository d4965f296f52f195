import type { ZodError } from "@medusajs/framework/zod"

/** An error answered as the spec's `{code, message, requestId}` (spec: Errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }
}

export const unauthorized = (why: string) =>
  new ApiError(401, "UNAUTHORIZED", why)
export const notFound = (what = "resource") =>
  new ApiError(404, "NOT_FOUND", `${what} not found`)
export const invalidRequest = (message: string) =>
  new ApiError(400, "INVALID_REQUEST", message)
export const validationFailed = (message: string) =>
  new ApiError(400, "VALIDATION_FAILED", message)

/** spec: Errors rule 3: the message lists the invalid fields as `field: text`. */
export function fromZod(err: ZodError): ApiError {
  const parts = err.issues.map((i) => {
    const field = i.path.join(".")
    return field ? `${field}: ${i.message}` : i.message
  })
  return validationFailed(parts.join("; "))
}

/** Errors of the control API (not part of the svc contract). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string
  ) {
    super(message)
  }
}
