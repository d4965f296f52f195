/**
 * Public API of the svc client (`medusa-payment-svc/client`). Imports nothing from Medusa.
 */
export { SvcClient } from "./client"
export type { SvcClientOptions, SvcLogger, SvcRetryOptions } from "./options"
export type { CallTimeLimits, WithIdempotencyKey } from "./core"
export type { IdempotencyOptions } from "./resources/checkout"
export * from "./errors"
export * from "./amounts"
export {
  contentDigest,
  signatureBase,
  signatureParamsValue,
  signRequest,
  createSigningKey,
  privateKeyBytes,
  SIGNATURE_ALGORITHMS,
  SIGNATURE_LABEL,
  BODY_COMPONENTS,
  BODYLESS_COMPONENTS,
} from "./signing/signing"
export type {
  SignatureAlgorithm,
  SignatureParams,
  SignableMessage,
  SigningKey,
  SignRequestInput,
  SignedHeaders,
} from "./signing/signing"
export {
  ROUTE_RATE_LIMITS,
  ACCOUNT_RATE_LIMIT_SANDBOX,
  ACCOUNT_RATE_LIMIT_PRODUCTION,
} from "./rate-budget/rate-limit"
export * from "./schemas"
