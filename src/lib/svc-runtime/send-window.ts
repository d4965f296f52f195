import type { SvcProviderOptions } from "./options"
import { CLIENT_DEFAULTS } from "../../client/options"

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
export function longestSendMs(
  o: Pick<SvcProviderOptions, "timeoutMs" | "maxRetries">
): number {
  const timeout = o.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs
  const retries = o.maxRetries ?? CLIENT_DEFAULTS.maxRetries
  return (
    timeout * (retries + 1) +
    retries * CLIENT_DEFAULTS.retryAfterCapMs +
    MARGIN_MS
  )
}
