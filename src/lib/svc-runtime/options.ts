import { readFileSync } from "node:fs"
import { z } from "@medusajs/framework/zod"
import { FPX_RETAIL_MAX_SEN } from "../../rules/fpx-rules"
import { SvcInputError } from "../../client/errors"
import { privateKeyObject } from "../../client/signing/signers"
import {
  SIGNATURE_ALGORITHMS,
  type SignatureAlgorithm,
} from "../../client/signing/signing"

/**
 * A whole number from `min` to `max`. Its messages: `int` for a fraction (zod's own when not
 * given), `low` and `high` out of range ("must be at least <min>", "must be at most <max>").
 */
const whole = (
  min: number,
  max: number,
  { int, low, high }: { int?: string; low?: string; high?: string } = {}
) =>
  z
    .number()
    .int(int)
    .min(min, low ?? `must be at least ${min}`)
    .max(max, high ?? `must be at most ${max}`)

const limitSchema = (points: number, seconds: number) =>
  z
    .object({
      points: whole(1, 10_000, { int: "must be a whole number" }),
      seconds: whole(1, 86_400, {
        int: "must be a whole number of seconds",
        high: "must be at most 86400 (a day)",
      }),
    })
    .strict()
    .prefault({ points, seconds })

/** A string option whose absence says "is required". */
const requiredString = () =>
  z.string({
    error: (i) => (i.input === undefined ? "is required" : undefined),
  })

/**
 * The provider option `storefrontLimits`. Defaults a real shopper never meets:
 * one checkout is a few sessions (a method, a bank changed three times, two
 * retries, Back from svc and pay again: about seven), spread over minutes.
 * - perAddress 15 a minute: a flood from one address makes at most 15 svc
 *   checkouts in a window (30 in the worst rolling minute: the windows are
 *   fixed, src/api/store/svc/shopper-limits); a few
 *   shoppers behind one NAT still fit.
 * - perCustomer 15 a minute: the same for a logged-in customer, whatever
 *   address they come from.
 * - perCart 10 in 20 minutes (the life of an svc checkout link): however often
 *   the bank or the amount changes, a cart makes at most 10 checkouts a link's
 *   lifetime.
 */
export const storefrontLimitsSchema = z
  .object({
    perAddress: limitSchema(15, 60),
    perCustomer: limitSchema(15, 60),
    perCart: limitSchema(10, 20 * 60),
    /**
     * How many proxies in front of Medusa to trust for the client's address,
     * as Express's `trust proxy` with a hop count: 0 (the default) uses the
     * connection's address and ignores X-Forwarded-For; 1 behind one load
     * balancer that appends the client's address to X-Forwarded-For; and so on.
     */
    trustProxy: whole(0, 10, {
      int: "must be a whole number of hops",
      low: "must be 0 (no proxy) or more",
    }).default(0),
  })
  .strict()
  .prefault({})

export type StorefrontLimitsOptions = z.infer<typeof storefrontLimitsSchema>

/**
 * Options of the svc payment providers, given in the host's medusa-config.ts
 * under the payment module's `providers`. Validated at boot (validateOptions),
 * so a wrong option stops the app before the first shopper meets it.
 */
export const svcProviderOptionsSchema = z
  .object({
    apiKey: requiredString().regex(
      /^svc_pk_\S+$/,
      "must be an svc API key starting with svc_pk_"
    ),
    keyId: requiredString().min(1, "must not be empty"),
    privateKey: z.string().min(1, "must not be empty").optional(),
    privateKeyPath: z.string().min(1, "must not be empty").optional(),
    algorithm: z
      .enum(["ed25519", "ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"], {
        error: "must be ed25519, ecdsa-p256-sha256 or ecdsa-secp256k1-sha256",
      })
      .default("ed25519"),
    baseUrl: requiredString()
      .url("must be an http(s) URL")
      .refine((v) => !/\/v1\/*$/i.test(urlOf(v)?.pathname ?? ""), {
        message:
          "must not end in /v1: the client adds /v1 to every path (give the address the sandbox prints before /v1, e.g. http://localhost:4010)",
      }),
    /** Receiving address; default: the account's own EVM deposit address. */
    addressTo: z
      .string()
      .regex(
        /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
        "must be an EVM address (0x + 40 hex) or a Solana address (base58)"
      )
      .optional(),
    /** Network (id or name) whose token is used; default: the first EVM network. */
    network: z.string().min(1).optional(),
    feeMode: z
      .enum(["DEDUCT_FROM_AMOUNT", "CHARGE_TO_PREFUND"], {
        error: "must be DEDUCT_FROM_AMOUNT or CHARGE_TO_PREFUND",
      })
      .default("DEDUCT_FROM_AMOUNT"),
    /** Where svc sends the shopper back; `{cart_id}`, `{session_id}`, `{order_id}` and `{payment_collection_id}` are replaced. */
    redirectUrl: requiredString().refine(
      (v) =>
        /^https?:$/.test(
          urlOf(
            v.replace(
              /\{(cart_id|session_id|order_id|payment_collection_id)\}/g,
              "x"
            )
          )?.protocol ?? ""
        ),
      {
        message:
          "must be an http(s) URL template, e.g. https://shop.example/checkout/return?cart_id={cart_id}",
      }
    ),
    titlePrefix: z
      .string()
      .min(1)
      .max(
        40,
        "must be at most 40 characters (the title also carries the payment reference)"
      )
      .default("Order"),
    description: z
      .string()
      .max(500, "must be at most 500 characters")
      .optional(),
    timeoutMs: z.number().int().positive().max(120_000).optional(),
    maxRetries: z.number().int().min(0).max(10).optional(),
    accountRateLimit: z.number().int().positive().optional(),
    /**
     * The rate budget's rolling window in ms (svc's is 60 s: a store leaves it). Tests against
     * the sandbox shrink it with the sandbox's own (`rateLimits.windowMs`), not to wait a minute.
     */
    rateLimitWindowMs: whole(1000, 60_000).optional(),
    /**
     * Creating a checkout is what a shopper waits on: each attempt gets at most
     * createAttemptTimeoutMs, and the whole creation (retries with the same key,
     * the title reconciliation, the replay) at most createDeadlineMs; past it the
     * shopper is told to try again (nothing is charged twice: the key is kept).
     */
    createAttemptTimeoutMs: whole(200, 60_000).default(2000),
    createDeadlineMs: whole(500, 120_000).default(4500),
    /** A payment that fails after its order was placed awaiting payment: cancel that order, or only flag it. */
    failedPaymentOrder: z
      .enum(["cancel", "flag"], { error: "must be cancel or flag" })
      .default("cancel"),
    /**
     * FPX's cap on one personal-banking (retail, bank type 01) payment, in sen
     * (PayNet: RM30,000; svc's own range does not state it). An FPX_DIRECT
     * checkout with a retail bank above it is refused before svc is called.
     */
    fpxRetailMaxSen: whole(100, 100_000_000, {
      int: "must be a whole number of sen",
      low: "must be at least 100 (RM1)",
      high: "must be at most 100000000 (RM1,000,000)",
    }).default(FPX_RETAIL_MAX_SEN),
    /**
     * Interval of the reconciliation job, in minutes. 0 turns the scheduled job off: for test apps that
     * run the reconciliation by hand (a job firing on its own at a five-minute boundary would race
     * them); a store needs it on, it is the backstop for lost webhooks, refund payouts and withdrawals.
     */
    reconcileEveryMinutes: whole(0, 1440, {
      low: "must be 0 (off) or 1-1440",
    }).default(5),
    /**
     * Interval of the watcher of sessions awaiting payment, in seconds (0: off).
     * While any svc session waits, it lists svc's checkouts by status, 100 a
     * page, so a payment whose webhook was lost becomes an order within seconds.
     */
    watchEverySeconds: whole(0, 300, {
      low: "must be 0 (off) or more",
    }).default(5),
    /**
     * The line of shoppers waiting for a turn at svc's checkout budget holds
     * this many minutes of it (src/lib/svc-runtime/checkout-line.ts); past it a
     * shopper is told when to come back.
     */
    checkoutLineMinutes: whole(1, 60, {}).default(3),
    /**
     * Several Medusa instances on one svc account: the Redis they share
     * (usually projectConfig.redisUrl). The account's rate budget is then
     * counted once for the whole deployment (src/lib/svc-runtime/redis-rate-budget.ts),
     * and each signature made once; without it each instance counts only its own calls (docs/deploy.md).
     */
    redisUrl: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
      .optional(),
    /**
     * Each storefront client's share of svc: svc payment sessions per client
     * address, per logged-in customer and per cart, refused with 429 before
     * anything reaches svc; and how many proxies to trust for the client's
     * address (src/api/store/svc/shopper-limits; docs/security.md).
     */
    storefrontLimits: storefrontLimitsSchema,
    /**
     * A secret in the webhook URL: with it, POST /hooks/svc (and
     * Medusa's /hooks/payment/svc-…) refuses any request without `?token=<it>`
     * before any work. Register `<backend>/hooks/svc?token=<it>` with svc
     * (Settings → svc connection shows the line). Generate one with
     * `openssl rand -hex 24`.
     */
    webhookToken: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{24,128}$/,
        "must be 24-128 characters of A-Z, a-z, 0-9, _ or - (e.g. openssl rand -hex 24)"
      )
      .optional(),
    /**
     * Request payment's lasting links (docs/payment-links.md): the days a link
     * stays valid (svc's own checkout links last 20 minutes; the store's link
     * makes a fresh one when opened), and the public address links start with
     * (default: the admin's absolute `backendUrl`, else MEDUSA_BACKEND_URL, else
     * the address the admin's request came to; a storefront may be given if it
     * passes `/svc/pay/…` on to Medusa).
     */
    paymentLinks: z
      .object({
        lifetimeDays: whole(1, 90, {
          int: "must be a whole number of days",
          low: "must be at least 1 (day)",
          high: "must be at most 90 (days)",
        }).default(7),
        baseUrl: z
          .string()
          .url("must be an http(s) URL, e.g. https://shop.example")
          .refine((v) => /^https?:\/\//i.test(v) && !/[?#]/.test(v), {
            message:
              "must be an http(s) URL with no query or fragment, e.g. https://shop.example",
          })
          .optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .refine((o) => o.privateKey || o.privateKeyPath, {
    path: ["privateKey"],
    message:
      "is required (or privateKeyPath): the signing key registered with svc",
  })

/** `url` parsed; null when it is not a URL. */
export function urlOf(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

export type SvcProviderOptions = z.infer<typeof svcProviderOptionsSchema>
export type PaymentLinksOptions = SvcProviderOptions["paymentLinks"]

const PREFIX = "Invalid medusa-payment-svc provider options"

/**
 * Validate options; the error names each wrong option and never echoes a secret.
 * Beyond the schema, the signing key is read (privateKeyPath) and parsed, and must
 * fit `algorithm`: a key that cannot sign would otherwise boot and fail every
 * payment with a 500.
 */
export function parseSvcProviderOptions(raw: unknown): SvcProviderOptions {
  const parsed = svcProviderOptionsSchema.safeParse(raw ?? {})
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = i.path.join(".") || "(options)"
      const msg =
        i.code === "unrecognized_keys"
          ? `unknown option(s): ${i.keys.join(", ")}`
          : i.message
      return `\`${key}\`: ${msg}`
    })
    throw new Error(`${PREFIX}: ${lines.join("; ")}`)
  }
  checkSigningKey(parsed.data)
  return parsed.data
}

/** The key parses and fits `algorithm`; otherwise the error says which algorithm it does fit, if any. */
function checkSigningKey(o: SvcProviderOptions): void {
  const text = loadPrivateKey(o)
  try {
    privateKeyObject(text, o.algorithm)
  } catch (e) {
    if (!(e instanceof SvcInputError)) throw e
    const fits = SIGNATURE_ALGORITHMS.filter(
      (a) => a !== o.algorithm && keyFits(text, a)
    )
    const [option, where] = o.privateKey
      ? ["privateKey", ""]
      : ["privateKeyPath", ` (file ${o.privateKeyPath})`]
    const rule =
      text.startsWith("-----BEGIN") && fits.length
        ? `the key${where} is an ${fits[0]} key, but \`algorithm\` is ${o.algorithm}: set algorithm: "${fits[0]}", or use the ${o.algorithm} key registered with svc`
        : `${e.rule}${where}`
    throw new Error(`${PREFIX}: \`${option}\`: ${rule}`)
  }
}

function keyFits(text: string, algorithm: SignatureAlgorithm): boolean {
  try {
    privateKeyObject(text, algorithm)
    return true
  } catch {
    return false
  }
}

const FILE_ERRORS: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "is a directory",
}

/**
 * The private key's text: given inline, or read from privateKeyPath. A PEM put in
 * an environment variable on one line with literal `\n` is accepted too.
 */
export function loadPrivateKey(o: SvcProviderOptions): string {
  if (o.privateKey)
    return o.privateKey.includes("\\n") && !o.privateKey.includes("\n")
      ? o.privateKey.replace(/\\n/g, "\n")
      : o.privateKey
  try {
    return readFileSync(o.privateKeyPath ?? "", "utf8").trim()
  } catch (e) {
    const code = e && typeof e === "object" && "code" in e ? e.code : undefined
    const why = FILE_ERRORS[String(code)] ?? "unreadable"
    throw new Error(
      `${PREFIX}: \`privateKeyPath\`: cannot read ${o.privateKeyPath} (${why}${code ? `, ${code}` : ""})`
    )
  }
}
