import { en, type SvcMessageKey } from "./i18n/en.js"
import type { SvcText } from "./i18n/text.js"

/**
 * A storefront input the kit refused before any call, naming the field
 * (`bank`, `bankType`, `buyerName`, `providerId`, `cart`) and the rule. The
 * message is a sentence a shopper can read, in the kit's language; `code` is
 * its stable key in the kit's catalogues (e.g. "bankOffline").
 */
export class SvcInputError extends Error {
  readonly field: string
  readonly code: SvcMessageKey | undefined
  constructor(field: string, message: string, code?: SvcMessageKey) {
    super(message)
    this.name = "SvcInputError"
    this.field = field
    this.code = code
  }
}

/**
 * The store answered with an error: its message (Medusa's `message`, a
 * sentence for the shopper from the provider) and the HTTP status. A 429 from
 * the plugin's storefront limits ("too many payment attempts for this cart;
 * try again in 14 minutes; nothing was charged") also says when to try again,
 * in seconds (`retryAfterSeconds`), so a storefront can wait or count down.
 * In English the message is the store's own; in another language the kit's
 * sentence for `code` (its key in the catalogues: "startFailed", "tooManyMinutes"…).
 */
export class SvcStoreError extends Error {
  readonly status: number | undefined
  readonly retryAfterSeconds: number | undefined
  readonly code: SvcMessageKey | undefined
  constructor(
    message: string,
    status?: number,
    retryAfterSeconds?: number,
    code?: SvcMessageKey
  ) {
    super(message)
    this.name = "SvcStoreError"
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
    this.code = code
  }
}

/** An SvcInputError with the catalogue's sentence for `code`. */
export function inputError(
  text: SvcText,
  field: string,
  code: SvcMessageKey,
  vars?: Record<string, string | number>
): SvcInputError {
  return new SvcInputError(field, text.t(code, vars), code)
}

/** "try again in 14 minutes" / "in 30 seconds" in the plugin's 429 words, in seconds. */
export function retryAfterOf(message: string): number | undefined {
  const m = /try again in (\d+) (second|minute)s?\b/.exec(message)
  if (!m) return undefined
  return Number(m[1]) * (m[2] === "minute" ? 60 : 1)
}

/**
 * What the SDK threw (its FetchError carries Medusa's `message`) as an SvcStoreError: the store's
 * sentence in English, else the catalogue's for `code` (a 429: "try again in n minutes").
 */
export function storeError(
  e: unknown,
  code: SvcMessageKey,
  text: SvcText
): SvcStoreError {
  if (e instanceof SvcStoreError) return e
  const o = e as { message?: unknown; status?: unknown } | null
  const said =
    typeof o?.message === "string" && o.message ? o.message : undefined
  const status = typeof o?.status === "number" ? o.status : undefined
  const retry = status === 429 && said ? retryAfterOf(said) : undefined
  if (retry !== undefined) {
    const minutes = retry >= 60 && retry % 60 === 0
    const key = minutes ? "tooManyMinutes" : "tooManySeconds"
    return new SvcStoreError(
      text.store(key, said, { n: minutes ? retry / 60 : retry }),
      status,
      retry,
      key
    )
  }
  // the store's one sentence when its svc account or svc cannot take a payment (the plugin's
  // `svc_unavailable`): the English catalogue's is the store's, so it is known in every language
  if (said === en.unavailable)
    return new SvcStoreError(
      text.t("unavailable"),
      status,
      undefined,
      "unavailable"
    )
  return new SvcStoreError(text.store(code, said), status, undefined, code)
}
