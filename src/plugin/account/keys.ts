import { createHash, createHmac } from "node:crypto"

/**
 * The Idempotency-Key of a checkout is derived from what Medusa has already
 * committed before it calls the provider (the payment session id) and from the
 * request itself (attempt, type, amount, buyer fields). It is therefore
 * "persisted before the request" by construction: after a crash or a timeout
 * the same inputs give the same key, and svc answers with the same checkout
 * (spec: Idempotency rules 1, 2, 4). A new amount or a new attempt gives a new
 * key, so a corrected request never collides with the old one (rule 3, 5).
 *
 * The bytes are a SHA-256 digest shaped as a UUID v4 (version and variant bits
 * set), which is what svc validates.
 */
export function deriveIdempotencyKey(parts: (string | number)[]): string {
  const h = createHash("sha256").update(JSON.stringify(parts)).digest()
  h[6] = (h[6] & 0x0f) | 0x40
  h[8] = (h[8] & 0x3f) | 0x80
  const hex = h.subarray(0, 16).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/**
 * The checkout title: the spec's unique reconciliation handle. It carries the
 * payment session id, the attempt, and a MAC over the money fields keyed by a
 * secret only this store holds, so a checkout read back from svc can be tied to
 * its session and shown to carry the amount, token and address this store asked
 * for: `Order payses_01H… #2 3fa9c1d2`.
 */
export function checkoutTitle(args: {
  prefix: string
  sessionId: string
  attempt: number
  mac: string
}): string {
  return `${args.prefix} ${args.sessionId} #${args.attempt} ${args.mac}`.slice(0, 100)
}

const TITLE_RE = /(?:^|\s)(payses_[0-9A-Za-z]+) #(\d+) ([0-9a-f]{12})$/

export function parseCheckoutTitle(
  title: string
): { sessionId: string; attempt: number; mac: string } | null {
  const m = TITLE_RE.exec(title)
  if (!m) return null
  return { sessionId: m[1], attempt: Number(m[2]), mac: m[3] }
}

export function checkoutMac(
  secret: string,
  f: { sessionId: string; attempt: number; amountSen: number; tokenId: string; addressTo: string; type: string }
): string {
  const key = createHash("sha256").update(`medusa-payment-svc:title-mac:${secret}`).digest()
  return createHmac("sha256", key)
    .update([f.sessionId, f.attempt, f.amountSen, f.tokenId.toLowerCase(), f.addressTo.toLowerCase(), f.type].join("|"))
    .digest("hex")
    .slice(0, 12)
}

/** A checkout as read from svc (GET /v1/checkout/{id}); only the fields the plugin relies on. */
export type SvcCheckoutRead = {
  checkoutId: string
  type?: string
  status: string
  amount: string
  addressTo: string
  tokenId: string
  title: string
  txHash?: string | null
  paidAt?: string | null
  expiresAt: string
}

/**
 * Is this checkout (read from svc) one this store made? Returns its session id
 * when the title parses and its MAC matches the checkout's amount, token,
 * address and type; null otherwise.
 */
export function verifiedSessionOf(secret: string, c: SvcCheckoutRead): { sessionId: string; attempt: number } | null {
  const t = parseCheckoutTitle(c.title ?? "")
  if (!t) return null
  const mac = checkoutMac(secret, {
    sessionId: t.sessionId,
    attempt: t.attempt,
    amountSen: Number(c.amount),
    tokenId: c.tokenId,
    addressTo: c.addressTo,
    type: c.type ?? "SVC_ACCOUNT",
  })
  return mac === t.mac ? { sessionId: t.sessionId, attempt: t.attempt } : null
}
