import { ed25519 } from "@noble/curves/ed25519"
import { p256 } from "@noble/curves/nist"
import { secp256k1 } from "@noble/curves/secp256k1"
import { sha256, sha512 } from "@noble/hashes/sha2"

import { unauthorized } from "../errors"
import type { KeyRecord } from "../state"
import { parseDictionary, type Item } from "./structured"

// RFC 9421 verification with @noble/curves and @noble/hashes: the client signs with node:crypto
// (OpenSSL), so a bug in one implementation cannot hide in the other (DESIGN: Invariants).
// No code is shared with the client, not even the structured-field parser.

export interface AuthRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  rawBody: Buffer
}

const header = (
  h: AuthRequest["headers"],
  name: string
): string | undefined => {
  const v = h[name]
  return Array.isArray(v) ? v.join(", ") : v
}

/** spec: Authentication, API key: `svc-api-key` (recommended) or `Authorization: Bearer`. */
export function findKey(req: AuthRequest, keys: KeyRecord[]): KeyRecord {
  let secret = header(req.headers, "svc-api-key")
  if (!secret) {
    const auth = header(req.headers, "authorization")
    const m = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null
    if (m) secret = m[1]
  }
  if (!secret) throw unauthorized("API key missing")
  if (!secret.startsWith("svc_pk_")) throw unauthorized("API key malformed")
  const key = keys.find((k) => k.apiKey === secret)
  if (!key || !key.active) throw unauthorized("API key unknown or inactive")
  return key
}

export const isPayoutPath = (path: string): boolean =>
  path === "/v1/payouts" ||
  path.startsWith("/v1/payouts/") ||
  path === "/v1/payout/prefund/balance"

/** Signatures seen, kept until they could no longer pass the freshness check. */
export class ReplayGuard {
  private seen = new Map<string, number>()
  has(sig: string): boolean {
    return this.seen.has(sig)
  }
  add(sig: string, expiresAtMs: number) {
    this.seen.set(sig, expiresAtMs)
    if (this.seen.size > 5000) {
      const now = Date.now()
      for (const [k, exp] of this.seen) if (exp < now) this.seen.delete(k)
    }
  }
}

/**
 * SubjectPublicKeyInfo DER prefixes of the three key types (RFC 8410 for Ed25519; RFC 5480 for
 * EC with an uncompressed point). The sandbox stores every key as node exports SPKI, so a key
 * is its prefix plus the raw public key; anything else is refused rather than half-parsed.
 */
const SPKI_PREFIX: Record<KeyRecord["algorithm"], string> = {
  ed25519: "302a300506032b6570032100",
  "ecdsa-p256-sha256": "3059301306072a8648ce3d020106082a8648ce3d030107034200",
  "ecdsa-secp256k1-sha256": "3056301006072a8648ce3d020106052b8104000a034200",
}
const RAW_LENGTH: Record<KeyRecord["algorithm"], number> = {
  ed25519: 32,
  "ecdsa-p256-sha256": 65,
  "ecdsa-secp256k1-sha256": 65,
}

const keyCache = new Map<string, Uint8Array>()
/** The raw public key (32 bytes, or the 65-byte uncompressed point) of a stored SPKI PEM. */
export function rawPublicKey(
  pem: string,
  algorithm: KeyRecord["algorithm"]
): Uint8Array {
  const cacheKey = `${algorithm}\n${pem}`
  let k = keyCache.get(cacheKey)
  if (!k) {
    const der = Buffer.from(
      pem.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, ""),
      "base64"
    )
    const prefix = Buffer.from(SPKI_PREFIX[algorithm], "hex")
    if (
      der.length !== prefix.length + RAW_LENGTH[algorithm] ||
      !der.subarray(0, prefix.length).equals(prefix)
    ) {
      throw new Error(`stored public key is not an ${algorithm} SPKI key`)
    }
    keyCache.set(cacheKey, (k = new Uint8Array(der.subarray(prefix.length))))
  }
  return k
}

/**
 * ed25519 per RFC 8032 (zip215 off: the strict rules OpenSSL applies; RFC 9421 3.3.6). ECDSA over
 * SHA-256 of the base, signature as raw r||s of 64 bytes (RFC 9421 3.3.4; secp256k1 the same way);
 * high-S is accepted, as RFC 9421 does not require low-S.
 */
function verifyBase(
  algorithm: KeyRecord["algorithm"],
  base: Uint8Array,
  sig: Uint8Array,
  pub: Uint8Array
): boolean {
  if (algorithm === "ed25519")
    return ed25519.verify(sig, base, pub, { zip215: false })
  if (sig.length !== 64) return false
  const curve = algorithm === "ecdsa-p256-sha256" ? p256 : secp256k1
  return curve.verify(sig, sha256(base), pub, {
    lowS: false,
    format: "compact",
  })
}

function verifyDigest(value: string, body: Buffer) {
  let dict: Map<string, Item>
  try {
    dict = parseDictionary(value)
  } catch {
    throw unauthorized("Content-Digest malformed")
  }
  let checked = 0
  for (const [alg, item] of dict) {
    const hash = alg === "sha-256" ? sha256 : alg === "sha-512" ? sha512 : null
    if (!hash) continue
    if (!Buffer.isBuffer(item.value))
      throw unauthorized("Content-Digest malformed")
    if (!item.value.equals(hash(body)))
      throw unauthorized("Content-Digest does not match the body")
    checked++
  }
  if (!checked) throw unauthorized("Content-Digest has no supported algorithm")
}

/**
 * spec: Authentication. Writes carry Signature-Input/Signature (label sig1) covering exactly
 * `@method @path content-digest content-type` with a body, `@method @path` without; params
 * created, keyid, alg. Freshness uses the real wall clock (advancing the sandbox clock must not break auth).
 */
export function verifySignature(
  req: AuthRequest,
  key: KeyRecord,
  replay: ReplayGuard,
  wallNowMs = Date.now()
) {
  const sigInput = header(req.headers, "signature-input")
  const sigHeader = header(req.headers, "signature")
  if (!sigInput || !sigHeader)
    throw unauthorized("Signature and Signature-Input are required on writes")
  const hasBody = req.rawBody.length > 0
  const digest = header(req.headers, "content-digest")
  if (hasBody) {
    if (!digest)
      throw unauthorized(
        "Content-Digest is required on a signed request with a body"
      )
    verifyDigest(digest, req.rawBody)
  }
  let inputs: Map<string, Item>, sigs: Map<string, Item>
  try {
    inputs = parseDictionary(sigInput)
    sigs = parseDictionary(sigHeader)
  } catch {
    throw unauthorized("Signature-Input or Signature malformed")
  }
  const input = inputs.get("sig1")
  const sigItem = sigs.get("sig1")
  if (!input || !sigItem) throw unauthorized("signature label sig1 missing")
  if (!Array.isArray(input.value) || !Buffer.isBuffer(sigItem.value))
    throw unauthorized("Signature-Input or Signature malformed")
  const components = input.value.map((c) => (typeof c === "string" ? c : "?"))
  const required = hasBody
    ? ["@method", "@path", "content-digest", "content-type"]
    : ["@method", "@path"]
  if (
    components.length !== required.length ||
    required.some((c) => !components.includes(c))
  )
    throw unauthorized(
      `covered components must be exactly ${required.join(" ")}`
    )
  const { created, keyid, alg } = input.params
  if (typeof created !== "number" || !Number.isInteger(created))
    throw unauthorized("signature parameter created missing")
  if (typeof keyid !== "string")
    throw unauthorized("signature parameter keyid missing")
  if (typeof alg !== "string")
    throw unauthorized("signature parameter alg missing")
  if (keyid !== key.keyId)
    throw unauthorized("keyid does not match the API key")
  if (alg !== key.algorithm)
    throw unauthorized("alg differs from the registered key's algorithm")
  const nowS = wallNowMs / 1000
  const [past, future] = isPayoutPath(req.path) ? [300, 300] : [30, 5]
  if (created < nowS - past || created > nowS + future)
    throw unauthorized("signature created outside the freshness window")
  const sigB64 = sigItem.value.toString("base64")
  if (replay.has(sigB64)) throw unauthorized("signature already used")

  const lines: string[] = []
  for (const c of components) {
    let v: string | undefined
    if (c === "@method") v = req.method.toUpperCase()
    else if (c === "@path") v = req.path
    else v = header(req.headers, c)?.trim()
    if (v === undefined) throw unauthorized(`covered header ${c} missing`)
    lines.push(`"${c}": ${v}`)
  }
  lines.push(`"@signature-params": ${input.raw}`)
  const base = Buffer.from(lines.join("\n"))
  let ok = false
  try {
    ok = verifyBase(
      key.algorithm,
      base,
      sigItem.value,
      rawPublicKey(key.publicKeyPem, key.algorithm)
    )
  } catch {
    ok = false
  }
  if (!ok) throw unauthorized("signature does not verify")
  replay.add(sigB64, (created + past + 60) * 1000)
}
