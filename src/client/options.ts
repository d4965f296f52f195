/** SvcClient options, validated with zod at construction; errors name the option, never its value. */
import { z } from "@medusajs/framework/zod"

import { isObject, SvcInputError } from "./errors"
import {
  ACCOUNT_RATE_LIMIT_SANDBOX,
  type SharedRateStore,
} from "./rate-budget/rate-limit"
import {
  SIGNATURE_ALGORITHMS,
  type SignatureAlgorithm,
} from "./signing/signing"

export interface SvcLogger {
  debug?(message: string, meta?: Record<string, unknown>): void
  info?(message: string, meta?: Record<string, unknown>): void
  warn?(message: string, meta?: Record<string, unknown>): void
  error?(message: string, meta?: Record<string, unknown>): void
}

export interface SvcRetryOptions {
  /** Backoff base (default 500 ms): attempt n waits random(0, min(cap, base * 2^n)). */
  baseMs?: number
  /** Backoff cap (default 8000 ms). */
  capMs?: number
  /** Largest Retry-After honoured (default 30 000 ms). */
  retryAfterCapMs?: number
}

export interface SvcClientOptions {
  /** e.g. `https://sandbox.example` (the `/v1` prefix is added by the client). */
  baseUrl: string
  /** API key secret (`svc_pk_…`); sent as `svc-api-key`. Never logged. */
  apiKey: string
  /** `keyid` of the registered signing public key. */
  keyId: string
  /** PKCS#8 PEM, SEC1 "EC PRIVATE KEY" PEM, or the raw 32-byte key as hex. Never logged. */
  privateKey: string
  algorithm: SignatureAlgorithm
  /** Connect, headers and body timeouts of each attempt (default 15 000 ms). */
  timeoutMs?: number
  /** Retries after the first attempt (default 2). */
  maxRetries?: number
  /** Account ceiling per minute (default 100, sandbox; use 1000 for production). */
  accountRateLimit?: number
  logger?: SvcLogger
  /** Backoff tuning (tests shrink it). */
  retry?: SvcRetryOptions
  /** Rate-limit window (default 60 000 ms, spec: rolling 60-second window); tests and benches shrink it. */
  rateLimitWindowMs?: number
  /**
   * A rate budget shared by every process that uses this account (the plugin
   * passes one on Redis when several Medusa instances run); without it the
   * budget is this client's own.
   */
  sharedRateBudget?: SharedRateStore
  /** Local clock, for tests of skew handling (default Date.now). */
  now?: () => number
}

/** The client's defaults where its options leave them unset (others derive time bounds from them). */
export const CLIENT_DEFAULTS = {
  timeoutMs: 15_000,
  maxRetries: 2,
  retryAfterCapMs: 30_000,
} as const

const nonEmpty = (name: string) =>
  z
    .string({ message: `${name}: must be a non-empty string` })
    .min(1, `${name}: must be a non-empty string`)
const positiveInt = (name: string) =>
  z
    .number({ message: `${name}: must be a positive integer` })
    .int(`${name}: must be a positive integer`)
    .positive(`${name}: must be a positive integer`)

const optionsSchema = z.object({
  baseUrl: z
    .string({ message: "baseUrl: must be an absolute http(s) URL" })
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === "http:" || u.protocol === "https:"
      } catch {
        return false
      }
    }, "baseUrl: must be an absolute http(s) URL"),
  apiKey: nonEmpty("apiKey"),
  keyId: nonEmpty("keyId"),
  privateKey: nonEmpty("privateKey"),
  algorithm: z.enum(SIGNATURE_ALGORITHMS, {
    message: `algorithm: must be one of ${SIGNATURE_ALGORITHMS.join(", ")}`,
  }),
  timeoutMs: positiveInt("timeoutMs").default(CLIENT_DEFAULTS.timeoutMs),
  maxRetries: z
    .number({ message: "maxRetries: must be an integer between 0 and 10" })
    .int("maxRetries: must be an integer between 0 and 10")
    .min(0, "maxRetries: must be an integer between 0 and 10")
    .max(10, "maxRetries: must be an integer between 0 and 10")
    .default(CLIENT_DEFAULTS.maxRetries),
  accountRateLimit: positiveInt("accountRateLimit").default(
    ACCOUNT_RATE_LIMIT_SANDBOX
  ),
  logger: z
    .custom<SvcLogger>(
      (v) => typeof v === "object" && v !== null,
      "logger: must be an object"
    )
    .optional(),
  retry: z
    .object({
      baseMs: z.number().nonnegative("retry.baseMs: must be >= 0").default(500),
      capMs: z.number().nonnegative("retry.capMs: must be >= 0").default(8000),
      retryAfterCapMs: z
        .number()
        .nonnegative("retry.retryAfterCapMs: must be >= 0")
        .default(CLIENT_DEFAULTS.retryAfterCapMs),
    })
    .prefault({}),
  rateLimitWindowMs: positiveInt("rateLimitWindowMs").default(60_000),
  sharedRateBudget: z
    .custom<SharedRateStore>(
      (v) => isObject(v) && typeof v.take === "function",
      "sharedRateBudget: must have a take() method"
    )
    .optional(),
  now: z
    .custom<() => number>(
      (v) => typeof v === "function",
      "now: must be a function"
    )
    .default(() => Date.now),
})
export type ResolvedOptions = z.output<typeof optionsSchema>

export function resolveOptions(input: unknown): ResolvedOptions {
  const r = optionsSchema.safeParse(input)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const field = issue?.path.join(".") || "options"
  // Messages are ours ("name: rule") or zod's generic ones; neither carries the value.
  const raw = issue?.message ?? "is invalid"
  const rule = raw.startsWith(`${field}: `) ? raw.slice(field.length + 2) : raw
  throw new SvcInputError(field, rule)
}
