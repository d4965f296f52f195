import { inputError, storeError } from "./errors.js"
import { svcText, type SvcTextOptions } from "./i18n/text.js"
import type { StoreSdk } from "./sdk.js"

/**
 * The cart's place in the line for svc's checkout budget (`POST
 * /store/svc/carts/:id/line`) while it has no turn: `waiting` (ask again
 * within a few seconds, or the place is lost after 15 s) or `full` (the line
 * holds no more carts; ask again after `retry_after_seconds`).
 */
export type SvcLineWait =
  | { status: "waiting"; place: number; length: number; wait_seconds: number }
  | { status: "full"; retry_after_seconds: number }

/** The language, and how a caller follows the line: `onWait` at each answer, `signal` to leave it. */
export type SvcLineOptions = SvcTextOptions & {
  onWait?: (wait: SvcLineWait) => void
  signal?: AbortSignal
}

/** Seconds between two asks while waiting: well inside the 15 s a place is kept. */
const POLL_SECONDS = 4

const path = (cartId: string) =>
  `/store/svc/carts/${encodeURIComponent(cartId)}/line`

/** Asks the store once for the cart's turn (no svc call); other refusals throw `SvcStoreError`. */
export async function askSvcLine(
  sdk: StoreSdk,
  cartId: string,
  opts: SvcLineOptions = {}
): Promise<{ status: "turn" } | SvcLineWait> {
  try {
    return await sdk.client.fetch<{ status: "turn" } | SvcLineWait>(
      path(cartId),
      { method: "POST", signal: opts.signal }
    )
  } catch (e) {
    // the SDK keeps only the message of a 429: the full line's says when to come back
    const full = /come back in (\d+) s\b/.exec(
      e instanceof Error ? e.message : ""
    )
    if (full) return { status: "full", retry_after_seconds: Number(full[1]) }
    throw storeError(e, "startFailed", svcText(opts))
  }
}

/** Leaves the line (Cancel): the place goes to the next cart. Never throws (an unasked place goes by itself after 15 s). */
export async function leaveSvcLine(
  sdk: StoreSdk,
  cartId: string
): Promise<void> {
  await sdk.client.fetch(path(cartId), { method: "DELETE" }).catch(() => {})
}

/** Seconds until the next ask: Retry-After when full, else a few (less when the turn is nearer). */
export function nextAskSeconds(w: SvcLineWait): number {
  if (w.status === "full") return Math.max(1, w.retry_after_seconds)
  return Math.min(POLL_SECONDS, Math.max(2, w.wait_seconds))
}

/**
 * Resolves at the cart's turn, with the times it was told to wait (0: a turn
 * at once): asks the line, and while the cart waits tells `onWait` and asks
 * again (`nextAskSeconds`). Aborting `signal` leaves the line and rejects
 * with the signal's reason.
 */
export async function waitForSvcTurn(
  sdk: StoreSdk,
  cartId: string,
  opts: SvcLineOptions = {}
): Promise<number> {
  if (!cartId) throw inputError(svcText(opts), "cart", "noCart")
  const { signal } = opts
  try {
    for (let waits = 0; ; waits++) {
      signal?.throwIfAborted()
      const answer = await askSvcLine(sdk, cartId, opts)
      if (answer.status === "turn") return waits
      opts.onWait?.(answer)
      await new Promise<void>((resolve, reject) => {
        const stop = () => {
          clearTimeout(timer)
          reject(signal?.reason)
        }
        const timer = setTimeout(
          () => {
            signal?.removeEventListener("abort", stop)
            resolve()
          },
          nextAskSeconds(answer) * 1000
        )
        signal?.addEventListener("abort", stop, { once: true })
      })
    }
  } catch (e) {
    if (!signal?.aborted) throw e
    await leaveSvcLine(sdk, cartId)
    throw signal.reason
  }
}

/**
 * What a shopper reads of a wait, in the kit's language: "You are 37th in
 * line, about 40 seconds." (the place an ordinal, the wait rounded up to 5
 * seconds, or to minutes from 90 s), or when the full line is asked again.
 */
export function svcLineText(w: SvcLineWait, opts: SvcTextOptions = {}): string {
  const text = svcText(opts)
  const s = w.status === "full" ? w.retry_after_seconds : w.wait_seconds
  const minutes = Math.ceil(s / 60)
  const wait =
    s < 90
      ? text.t("waitSeconds", { n: Math.max(5, Math.ceil(s / 5) * 5) })
      : text.t(minutes === 1 ? "waitMinute" : "waitMinutes", { n: minutes })
  if (w.status === "full") return text.t("lineFull", { wait })
  let form = "other"
  try {
    form = new Intl.PluralRules(text.locale, { type: "ordinal" }).select(
      w.place
    )
  } catch {
    // a store's own language tag Intl does not know: the catalogue's other form
  }
  const key =
    form === "one"
      ? "placeOne"
      : form === "two"
        ? "placeTwo"
        : form === "few"
          ? "placeFew"
          : "placeOther"
  const place = text.t(key, { n: w.place })
  return text.t("lineWaiting", { place, wait })
}
