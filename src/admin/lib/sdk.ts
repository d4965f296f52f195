/**
 * The one client of the admin extensions: Medusa's JS SDK with the admin's
 * session cookie, as Medusa's admin docs set it up (src/admin/lib/sdk.ts).
 * A plugin's extensions are built before the store's admin, so the backend
 * URL is the store's `__BACKEND_URL__` (Medusa's plugin docs, and what
 * Medusa's own draft-order plugin reads), then VITE_BACKEND_URL, then "/".
 */
import Medusa from "@medusajs/js-sdk"

const backendUrl =
  (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__) ||
  import.meta.env.VITE_BACKEND_URL ||
  "/"

export const sdk = new Medusa({
  baseUrl: backendUrl,
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})

/** The message of anything thrown (the SDK's FetchError carries Medusa's `message`). */
export const errorText = (e: unknown): string =>
  e instanceof Error ? e.message : String(e)

/** The HTTP status of an SDK error; none when no answer came (network error, timeout). */
export const statusOf = (e: unknown): number | undefined => {
  const s = (e as { status?: unknown } | null)?.status
  return typeof s === "number" ? s : undefined
}

/** Medusa answered 4xx: the request was refused as it stands, nothing was made (not a lost answer). */
export const refused = (e: unknown): boolean => {
  const s = statusOf(e)
  return s !== undefined && s >= 400 && s < 500
}
