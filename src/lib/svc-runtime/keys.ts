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
 * The checkout title: the spec's unique reconciliation handle (1-100 characters), and what the
 * shopper reads as the heading of svc's pay page. It is the store's prefix (option
 * `titlePrefix`, e.g. "Kedai Raya order") and a short payment reference:
 * `Order 7KQ2-M4XD-9PTA`. The reference is a MAC, keyed by a secret only this store holds,
 * over the checkout's Idempotency-Key (unique per checkout: the session, the attempt and the
 * request) and its money fields: a checkout read back from svc is tied to its ledger row by
 * the key and shown to carry the amount, token and address this store asked for.
 *
 * Checkouts made before this format carry `Order payses_… #2 3fa9c1d2` (the session, the
 * attempt and a MAC over them); they still verify (parseCheckoutTitle, verifiedSessionOf), and a
 * retry replays the title stored on its ledger row, never a new one, so svc sees the same body
 * under the same Idempotency-Key across an upgrade.
 */
export function checkoutTitle(args: { prefix: string; ref: string }): string {
  return `${args.prefix} ${args.ref}`.slice(0, 100)
}

/** Crockford's base32: no I, L, O or U, so a reference read aloud or typed is not misread. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

type Money = {
  amountSen: number
  tokenId: string
  addressTo: string
  type: string
}

/** An HMAC keyed by the store's secret for `label`, over `lead` and the checkout's money fields. */
function macOver(
  secret: string,
  label: string,
  lead: (string | number)[],
  f: Money
): Buffer {
  const key = createHash("sha256")
    .update(`medusa-payment-svc:${label}:${secret}`)
    .digest()
  const money = [
    f.amountSen,
    f.tokenId.toLowerCase(),
    f.addressTo.toLowerCase(),
  ]
  return createHmac("sha256", key)
    .update([...lead, ...money, f.type].join("|"))
    .digest()
}

/** The payment reference: 60 bits of an HMAC, 12 characters in three groups (`7KQ2-M4XD-9PTA`). */
export function checkoutRef(
  secret: string,
  f: Money & { idempotencyKey: string }
): string {
  const mac = macOver(secret, "title-ref", [f.idempotencyKey], f)
  let bits = 0n
  for (const b of mac.subarray(0, 8)) bits = (bits << 8n) | BigInt(b)
  let out = ""
  for (let i = 0; i < 12; i++)
    out += CROCKFORD[Number((bits >> BigInt(59 - 5 * i)) & 31n)]
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8)}`
}

const REF_RE =
  /(?:^|\s)([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})$/
const LEGACY_TITLE_RE = /(?:^|\s)(payses_[0-9A-Za-z]+) #(\d+) ([0-9a-f]{12})$/

export type ParsedTitle =
  { ref: string } | { sessionId: string; attempt: number; mac: string }

/** The reference of a title (`{ ref }`), or the session, attempt and MAC of a title made before references; null for neither. */
export function parseCheckoutTitle(title: string): ParsedTitle | null {
  const [, ref] = REF_RE.exec(title) ?? []
  if (ref) return { ref }
  const [, sessionId, attempt, mac] = LEGACY_TITLE_RE.exec(title) ?? []
  if (!sessionId || !mac) return null
  return { sessionId, attempt: Number(attempt), mac }
}

/** The MAC of a title made before references (kept to verify checkouts made by earlier versions). */
export function checkoutMac(
  secret: string,
  f: Money & { sessionId: string; attempt: number }
): string {
  return macOver(secret, "title-mac", [f.sessionId, f.attempt], f)
    .toString("hex")
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
 * Is this checkout (read from svc) one this store made? Its title's reference must be the MAC of
 * its ledger row's Idempotency-Key and of the checkout's own amount, token, address and type
 * (a legacy title: the MAC of the session and attempt it names). Returns the session the title
 * was made for (the row's, for a reference) and the attempt; null otherwise.
 */
export function verifiedSessionOf(
  secret: string,
  c: SvcCheckoutRead,
  row?: {
    idempotency_key: string
    payment_session_id: string
    attempt: number
    title: string
  } | null
): { sessionId: string; attempt: number } | null {
  const t = parseCheckoutTitle(c.title ?? "")
  if (!t) return null
  const money = {
    amountSen: Number(c.amount),
    tokenId: c.tokenId,
    addressTo: c.addressTo,
    type: c.type ?? "SVC_ACCOUNT",
  }
  if ("ref" in t) {
    // the row is found by checkout id; its title is the one this store sent for that key
    if (!row || row.title !== c.title) return null
    return checkoutRef(secret, {
      idempotencyKey: row.idempotency_key,
      ...money,
    }) === t.ref
      ? { sessionId: row.payment_session_id, attempt: Number(row.attempt) }
      : null
  }
  const mac = checkoutMac(secret, {
    sessionId: t.sessionId,
    attempt: t.attempt,
    ...money,
  })
  return mac === t.mac ? { sessionId: t.sessionId, attempt: t.attempt } : null
}
