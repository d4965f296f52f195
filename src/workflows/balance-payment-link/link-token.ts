import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { z } from "@medusajs/framework/zod"

/**
 * The token of a lasting payment link (docs/payment-links.md): base64url of
 * `{"l": link id, "o": order id, "e": expiry in Unix seconds}`, a dot, and the
 * HMAC-SHA256 of that text with the store's own secret (32 random bytes kept in
 * svc_setting: another store's token never verifies). Pure: no I/O, so a bad
 * token is judged before the database or svc is asked anything but the secret.
 */

/** Longer than any token this store makes (about 170 characters): refused before any work. */
export const MAX_TOKEN_LENGTH = 300

export type LinkTokenPayload = {
  linkId: string
  orderId: string
  expiresAt: Date
}

/** Why a token is refused: malformed (or too long), not signed by this store, past its expiry. */
export type TokenRefusal = "malformed" | "signature" | "expired"

export type TokenVerdict =
  | { ok: true; payload: LinkTokenPayload }
  | { ok: false; reason: TokenRefusal; payload?: LinkTokenPayload }

/** A new secret: 32 random bytes, base64url (43 characters). */
export function generateLinkSecret(): string {
  return randomBytes(32).toString("base64url")
}

const mac = (secret: string, body: string) =>
  createHmac("sha256", Buffer.from(secret, "base64url")).update(body).digest()

export function signLinkToken(secret: string, p: LinkTokenPayload): string {
  const body = Buffer.from(
    JSON.stringify({
      l: p.linkId,
      o: p.orderId,
      e: Math.floor(p.expiresAt.getTime() / 1000),
    })
  ).toString("base64url")
  return `${body}.${mac(secret, body).toString("base64url")}`
}

const TOKEN = /^([A-Za-z0-9_-]{10,240})\.([A-Za-z0-9_-]{43})$/
const ID = /^[a-z]+_[0-9A-Za-z]{10,40}$/
const PAYLOAD = z.object({
  l: z.string().regex(ID),
  o: z.string().regex(ID),
  e: z.number().refine(Number.isSafeInteger),
})

/**
 * The signature is checked first (constant time), the payload read only once
 * it is this store's; then the expiry against `now`. An expired token says
 * whose it was (the page can still say "expired" rather than "not valid").
 */
export function verifyLinkToken(
  secret: string,
  token: unknown,
  now = Date.now()
): TokenVerdict {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH)
    return { ok: false, reason: "malformed" }
  const m = TOKEN.exec(token)
  if (!m) return { ok: false, reason: "malformed" }
  const given = Buffer.from(m[2]!, "base64url")
  const expected = mac(secret, m[1]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "signature" }
  let raw: unknown
  try {
    raw = JSON.parse(Buffer.from(m[1]!, "base64url").toString("utf8"))
  } catch {
    return { ok: false, reason: "malformed" }
  }
  const read = PAYLOAD.safeParse(raw)
  if (!read.success) return { ok: false, reason: "malformed" }
  const { l, o, e } = read.data
  const payload = { linkId: l, orderId: o, expiresAt: new Date(e * 1000) }
  if (payload.expiresAt.getTime() <= now)
    return { ok: false, reason: "expired", payload }
  return { ok: true, payload }
}
