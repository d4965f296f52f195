import { MedusaError } from "@medusajs/framework/utils"

type Sv = { name?: string; code?: string; status?: number; message?: string; requestId?: string; field?: string }

/**
 * An outcome we cannot know: the request may or may not have been processed
 * (connection lost, timeout, 5xx, a 202 or 429 that outlived the retries).
 */
export function isUncertainFailure(e: unknown): boolean {
  const o = e as Sv
  if (!o || typeof o !== "object") return false
  if (o.name === "SvcConnectionError" || o.name === "SvcTimeoutError" || o.name === "SvcPendingError") return true
  const s = o.status
  return s === 202 || s === 429 || (typeof s === "number" && s >= 500)
}

/**
 * svc error -> MedusaError with a message a merchant can act on: the svc
 * `code`, HTTP status and `requestId` (to quote to svc), never a secret.
 */
export function toMedusaError(e: unknown, doing: string): MedusaError {
  if (e instanceof MedusaError) return e
  const o = (e ?? {}) as Sv
  const ref = o.requestId ? ` (svc requestId ${o.requestId})` : ""
  const code = o.code ? `${o.code}: ` : ""
  const msg = `${code}${o.message ?? String(e)}`
  if (o.name === "SvcInputError") return new MedusaError(MedusaError.Types.INVALID_DATA, `svc: ${msg}`)
  switch (o.status) {
    case 400:
      return new MedusaError(MedusaError.Types.INVALID_DATA, `svc refused the request while ${doing}: ${msg}${ref}`)
    case 401:
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `svc rejected the store's credentials while ${doing} (check apiKey, keyId, privateKey and algorithm, and the server clock)${ref}`
      )
    case 403:
      return new MedusaError(MedusaError.Types.NOT_ALLOWED, `svc does not allow this for the account while ${doing}: ${msg}${ref}`)
    case 404:
      return new MedusaError(MedusaError.Types.NOT_FOUND, `svc: not found while ${doing}${ref}`)
    case 422:
      return new MedusaError(MedusaError.Types.CONFLICT, `svc: idempotency conflict while ${doing}: ${msg}${ref}`)
    default:
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `svc is not answering properly while ${doing}; nothing was charged twice, please try again shortly: ${msg}${ref}`
      )
  }
}

/** svc status, code, message and requestId of an error, for logs and stored reasons (never a secret). */
export function errorText(e: unknown): string {
  if (e && typeof e === "object") {
    const o = e as { code?: string; status?: number; message?: string; requestId?: string }
    return [o.status, o.code, o.message, o.requestId ? `requestId ${o.requestId}` : ""].filter(Boolean).join(" ")
  }
  return String(e)
}
