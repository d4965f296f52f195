/**
 * A storefront input the kit refused before any call, naming the field
 * (`bank`, `bankType`, `buyerName`, `providerId`, `cart`) and the rule. The
 * message is a sentence a shopper can read.
 */
export class SvcInputError extends Error {
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.name = "SvcInputError"
    this.field = field
  }
}

/**
 * The store answered with an error: its message (Medusa's `message`, a
 * sentence for the shopper from the provider) and the HTTP status. A 429 from
 * the plugin's storefront limits ("too many payment attempts for this cart;
 * try again in 14 minutes; nothing was charged") also says when to try again,
 * in seconds (`retryAfterSeconds`), so a storefront can wait or count down.
 */
export class SvcStoreError extends Error {
  readonly status: number | undefined
  readonly retryAfterSeconds: number | undefined
  constructor(message: string, status?: number, retryAfterSeconds?: number) {
    super(message)
    this.name = "SvcStoreError"
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** "try again in 14 minutes" / "in 30 seconds" in the plugin's 429 words, in seconds. */
export function retryAfterOf(message: string): number | undefined {
  const m = /try again in (\d+) (second|minute)s?\b/.exec(message)
  if (!m) return undefined
  return Number(m[1]) * (m[2] === "minute" ? 60 : 1)
}

/** The message of anything the SDK threw (its FetchError carries Medusa's `message`). */
export function storeError(e: unknown, fallback: string): SvcStoreError {
  if (e instanceof SvcStoreError) return e
  const o = e as { message?: unknown; status?: unknown } | null
  const message = typeof o?.message === "string" && o.message ? o.message : fallback
  const status = typeof o?.status === "number" ? o.status : undefined
  return new SvcStoreError(message, status, status === 429 ? retryAfterOf(message) : undefined)
}
