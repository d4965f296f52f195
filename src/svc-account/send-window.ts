import type { SvcProviderOptions } from "../providers/svc/core/options"

/** The client's defaults (src/svc/options.ts) for what the provider options leave unset. */
const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_MAX_RETRIES = 2
const RETRY_AFTER_CAP_MS = 30_000
const MARGIN_MS = 10_000

/**
 * The longest a money-moving send (`POST /v1/payouts`, `POST
 * /v1/wallet/fiat/withdrawals`) can take in a live process: every attempt's
 * timeout, the longest wait between attempts, and a margin. A request still
 * marked as being sent after this long was left by a process that died
 * mid-send (nobody else touches it), so the sweep finishes it with the same
 * Idempotency-Key at once, instead of after a fixed 10 minutes: the admin sees
 * the true state within a couple of minutes of a crash.
 */
export function longestSendMs(o: Pick<SvcProviderOptions, "timeoutMs" | "maxRetries">): number {
  const timeout = o.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const retries = o.maxRetries ?? DEFAULT_MAX_RETRIES
  return timeout * (retries + 1) + retries * RETRY_AFTER_CAP_MS + MARGIN_MS
}
