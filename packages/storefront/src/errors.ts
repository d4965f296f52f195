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

/** The store answered with an error: its message (Medusa's `message`, a sentence for the shopper from the provider) and the HTTP status. */
export class SvcStoreError extends Error {
  readonly status: number | undefined
  constructor(message: string, status?: number) {
    super(message)
    this.name = "SvcStoreError"
    this.status = status
  }
}

/** The message of anything the SDK threw (its FetchError carries Medusa's `message`). */
export function storeError(e: unknown, fallback: string): SvcStoreError {
  if (e instanceof SvcStoreError) return e
  const o = e as { message?: unknown; status?: unknown } | null
  const message = typeof o?.message === "string" && o.message ? o.message : fallback
  return new SvcStoreError(message, typeof o?.status === "number" ? o.status : undefined)
}
