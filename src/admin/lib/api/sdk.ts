/**
 * The one client of the admin extensions: Medusa's JS SDK with the admin's
 * session cookie, as Medusa's admin docs set it up (src/admin/lib/sdk.ts there),
 * and svcFetch for the plugin's own routes, which keeps a refusal's code.
 * A plugin's extensions are built before the store's admin, so the backend
 * URL is the store's `__BACKEND_URL__` (Medusa's plugin docs, and what
 * Medusa's own draft-order plugin reads), then VITE_BACKEND_URL, then "/".
 */
import Medusa, { FetchError } from "@medusajs/js-sdk"
import type { Said } from "../../../lib/texts"

const backendUrl =
  (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__) ||
  import.meta.env.VITE_BACKEND_URL ||
  "/"

export const sdk = new Medusa({
  baseUrl: backendUrl,
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})

/**
 * A refusal of one of the plugin's routes: Medusa's `message` and the body's
 * sentence code and values beside it (`message_code`, `message_params`,
 * src/api/svc-error-handler.ts), which the SDK's FetchError does not keep.
 */
export class SvcRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly params: Said["params"] | null
  ) {
    super(message)
  }
}

type SvcInit = {
  method?: "GET" | "POST" | "DELETE"
  body?: object
  query?: Record<string, string | number | boolean>
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** A request to one of the plugin's routes, as the SDK sends it (the session cookie, JSON); a refusal is an SvcRequestError. */
export async function svcSend(path: string, init: SvcInit = {}) {
  const base = new URL(backendUrl, window.location.origin)
  const url = new URL(
    `${base.pathname.replace(/\/$/, "")}/${path.replace(/^\//, "")}`,
    base.origin
  )
  for (const [k, v] of Object.entries(init.query ?? {}))
    url.searchParams.set(k, String(v))
  const r = await fetch(url, {
    method: init.method ?? "GET",
    credentials: "include",
    signal: init.signal,
    headers: {
      accept: "application/json",
      ...(init.body && { "content-type": "application/json" }),
      ...init.headers,
    },
    ...(init.body && { body: JSON.stringify(init.body) }),
  })
  if (r.status < 300) return r
  const body: {
    message?: string
    message_code?: string
    message_params?: Said["params"]
  } = await r.json().catch(() => ({}))
  throw new SvcRequestError(
    body.message ?? r.statusText,
    r.status,
    body.message_code ?? null,
    body.message_params ?? null
  )
}

/** A JSON answer of one of the plugin's routes. */
export const svcFetch = async <T>(path: string, init?: SvcInit): Promise<T> =>
  (await svcSend(path, init)).json()

/** The message of anything thrown (the SDK's FetchError carries Medusa's `message`). */
export const errorText = (e: unknown): string =>
  e instanceof Error ? e.message : String(e)

/** The HTTP status of a refusal; none when no answer came (network error, timeout). */
export const statusOf = (e: unknown): number | undefined =>
  e instanceof SvcRequestError || e instanceof FetchError ? e.status : undefined

/** Medusa answered 4xx: the request was refused as it stands, nothing was made (not a lost answer). */
export const refused = (e: unknown): boolean => {
  const s = statusOf(e)
  return s !== undefined && s >= 400 && s < 500
}
