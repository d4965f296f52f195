import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto"
import { unauthorized } from "./errors"
import type { KeyRecord } from "./state"
import { parseDictionary, type Item } from "./structured"

// RFC 9421 verification with node:crypto only; no code shared with the client (DESIGN: Invariants).

export interface AuthRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  rawBody: Buffer
}

const header = (h: AuthRequest["headers"], name: string): string | undefined => {
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
  path === "/v1/payouts" || path.startsWith("/v1/payouts/") || path === "/v1/payout/prefund/balance"

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

const keyCache = new Map<string, KeyObject>()
const publicKey = (pem: string): KeyObject => {
  let k = keyCache.get(pem)
  if (!k) keyCache.set(pem, (k = createPublicKey(pem)))
  return k
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
    const algo = alg === "sha-256" ? "sha256" : alg === "sha-512" ? "sha512" : null
    if (!algo) continue
    if (!Buffer.isBuffer(item.value)) throw unauthorized("Content-Digest malformed")
    if (!createHash(algo).update(body).digest().equals(item.value)) throw unauthorized("Content-Digest does not match the body")
    checked++
  }
  if (!checked) throw unauthorized("Content-Digest has no supported algorithm")
}

/**
 * spec: Authentication. Writes carry Signature-Input/Signature (label sig1) covering exactly
 * `@method @path content-digest content-type` with a body, `@method @path` without; params
 * created, keyid, alg. Freshness uses the real wall clock (advancing the sandbox clock must not break auth).
 */
export function verifySignature(req: AuthRequest, key: KeyRecord, replay: ReplayGuard, wallNowMs = Date.now()) {
  const sigInput = header(req.headers, "signature-input")
  const sigHeader = header(req.headers, "signature")
  if (!sigInput || !sigHeader) throw unauthorized("Signature and Signature-Input are required on writes")
  const hasBody = req.rawBody.length > 0
  const digest = header(req.headers, "content-digest")
  if (hasBody) {
    if (!digest) throw unauthorized("Content-Digest is required on a signed request with a body")
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
  if (!Array.isArray(input.value) || !Buffer.isBuffer(sigItem.value)) throw unauthorized("Signature-Input or Signature malformed")
  const components = input.value.map((c) => (typeof c === "string" ? c : "?"))
  const required = hasBody ? ["@method", "@path", "content-digest", "content-type"] : ["@method", "@path"]
  if (components.length !== required.length || required.some((c) => !components.includes(c)))
    throw unauthorized(`covered components must be exactly ${required.join(" ")}`)
  const { created, keyid, alg } = input.params
  if (typeof created !== "number" || !Number.isInteger(created)) throw unauthorized("signature parameter created missing")
  if (typeof keyid !== "string") throw unauthorized("signature parameter keyid missing")
  if (typeof alg !== "string") throw unauthorized("signature parameter alg missing")
  if (keyid !== key.keyId) throw unauthorized("keyid does not match the API key")
  if (alg !== key.algorithm) throw unauthorized("alg differs from the registered key's algorithm")
  const nowS = wallNowMs / 1000
  const [past, future] = isPayoutPath(req.path) ? [300, 300] : [30, 5]
  if (created < nowS - past || created > nowS + future) throw unauthorized("signature created outside the freshness window")
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
    const pk = publicKey(key.publicKeyPem)
    ok =
      key.algorithm === "ed25519"
        ? verify(null, base, pk, sigItem.value)
        : verify("sha256", base, { key: pk, dsaEncoding: "ieee-p1363" }, sigItem.value)
  } catch {
    ok = false
  }
  if (!ok) throw unauthorized("signature does not verify")
  replay.add(sigB64, (created + past + 60) * 1000)
}
