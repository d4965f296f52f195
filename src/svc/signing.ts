/**
 * RFC 9421 HTTP Message Signatures and RFC 9530 Content-Digest for svc
 * (spec: Authentication). Pure helpers, exported so tests can reproduce the RFC vectors.
 *
 * Structured fields (Signature-Input, Signature, Content-Digest) are serialized
 * with `structured-headers`, never pasted by hand.
 */
import { createPrivateKey } from "node:crypto"
import { ed25519 } from "@noble/curves/ed25519"
import { p256 } from "@noble/curves/nist"
import { secp256k1 } from "@noble/curves/secp256k1"
import { bytesToNumberLE, concatBytes, numberToBytesLE } from "@noble/curves/abstract/utils"
import { sha256, sha512 } from "@noble/hashes/sha2"
import { serializeDictionary, serializeInnerList, type Item, type Parameters } from "structured-headers"

import { SvcInputError } from "./errors"

export const SIGNATURE_ALGORITHMS = ["ed25519", "ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"] as const
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number]

/** Label used by svc (spec: Authentication, "Signature shape (label `sig1`)"). */
export const SIGNATURE_LABEL = "sig1"
/** Covered components for a request with a JSON body. */
export const BODY_COMPONENTS = ["@method", "@path", "content-digest", "content-type"] as const
/** Covered components for a bodyless write (DELETE, redrive, trigger-address POST). */
export const BODYLESS_COMPONENTS = ["@method", "@path"] as const

const encoder = new TextEncoder()

function toBytes(input: Uint8Array | string): Uint8Array {
  return typeof input === "string" ? encoder.encode(input) : input
}

/** RFC 9530 Content-Digest field value, e.g. `sha-256=:X48E9q...:`. */
export function contentDigest(body: Uint8Array | string, algorithm: "sha-256" | "sha-512" = "sha-256"): string {
  const bytes = toBytes(body)
  const digest = algorithm === "sha-256" ? sha256(bytes) : sha512(bytes)
  return serializeDictionary({ [algorithm]: [toArrayBuffer(digest), new Map()] })
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

/** Signature parameters in the order they are serialized. svc uses created, keyid, alg. */
export interface SignatureParams {
  created: number
  keyid: string
  alg?: string
}

/** The parts of a message that derived components and fields are read from. */
export interface SignableMessage {
  method?: string
  /** Target path, without query (`@path`). */
  path?: string
  /** `?a=b`, including the leading `?` (`@query`). */
  query?: string
  authority?: string
  status?: number
  /** Lowercase field names; several values are joined with ", " (RFC 9421 section 2.1). */
  headers: Record<string, string | string[]>
}

function serializeParams(params: SignatureParams): Parameters {
  const out: Parameters = new Map()
  out.set("created", params.created)
  out.set("keyid", params.keyid)
  if (params.alg !== undefined) out.set("alg", params.alg)
  return out
}

/** The `@signature-params` value: `("@method" "@path");created=…;keyid="…";alg="…"`. */
export function signatureParamsValue(components: readonly string[], params: SignatureParams): string {
  const items: Item[] = components.map((c) => [c, new Map()])
  return serializeInnerList([items, serializeParams(params)])
}

function componentValue(name: string, msg: SignableMessage): string {
  switch (name) {
    case "@method":
      return (msg.method ?? "").toUpperCase()
    case "@path":
      return msg.path ?? ""
    case "@query":
      return msg.query ?? "?"
    case "@authority":
      return (msg.authority ?? "").toLowerCase()
    case "@status":
      return String(msg.status ?? "")
    default: {
      if (name.startsWith("@")) throw new Error(`unsupported derived component ${name}`)
      const v = msg.headers[name.toLowerCase()]
      if (v === undefined) throw new Error(`component ${name} is missing from the message`)
      // RFC 9421 2.1: strip leading/trailing whitespace, join multiple values with ", ".
      return (Array.isArray(v) ? v : [v]).map((x) => x.trim()).join(", ")
    }
  }
}

/** RFC 9421 section 2.5 signature base. */
export function signatureBase(msg: SignableMessage, components: readonly string[], params: SignatureParams): string {
  const lines = components.map((c) => `"${c}": ${componentValue(c, msg)}`)
  lines.push(`"@signature-params": ${signatureParamsValue(components, params)}`)
  return lines.join("\n")
}

// ---------------------------------------------------------------- keys

export interface SigningKey {
  readonly algorithm: SignatureAlgorithm
  readonly publicKey: Uint8Array
  sign(data: Uint8Array): Uint8Array
}

const JWK_CURVE: Record<SignatureAlgorithm, string> = {
  ed25519: "Ed25519",
  "ecdsa-p256-sha256": "P-256",
  "ecdsa-secp256k1-sha256": "secp256k1",
}

function keyError(rule: string): SvcInputError {
  // Never echo the key itself (brief: secrets never in errors).
  return new SvcInputError("privateKey", rule)
}

/** Raw 32-byte secret from a PKCS#8 / SEC1 PEM, or hex (optionally 0x), or base64. */
export function privateKeyBytes(input: string, algorithm: SignatureAlgorithm): Uint8Array {
  const text = input.trim()
  if (text.startsWith("-----BEGIN")) {
    let jwk: { kty?: string; crv?: string; d?: string }
    try {
      // node:crypto only parses the PEM/ASN.1 here; signing is done with @noble/curves.
      jwk = createPrivateKey({ key: text, format: "pem" }).export({ format: "jwk" }) as typeof jwk
    } catch {
      throw keyError("must be a PKCS#8 or SEC1 PEM private key")
    }
    if (jwk.crv !== JWK_CURVE[algorithm] || typeof jwk.d !== "string") {
      throw keyError(`PEM key type does not match algorithm ${algorithm}`)
    }
    return new Uint8Array(Buffer.from(jwk.d, "base64url"))
  }
  const hex = text.replace(/^0x/i, "")
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return new Uint8Array(Buffer.from(hex, "hex"))
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const b = Buffer.from(text, "base64")
    if (b.length === 32) return new Uint8Array(b)
  }
  throw keyError("must be a PKCS#8 PEM, a SEC1 PEM, or the raw 32-byte key as hex")
}

/**
 * Ed25519 signer that derives the expanded key once. `ed25519.sign` re-derives the
 * public key (a second scalar multiplication) on every call; this follows RFC 8032
 * 5.1.6 exactly with the cached expansion, so output is byte-identical (tested).
 */
function ed25519Signer(seed: Uint8Array): SigningKey {
  const ext = ed25519.utils.getExtendedPublicKey(seed)
  const n = ed25519.CURVE.n
  const mod = (x: bigint): bigint => {
    const r = x % n
    return r < 0n ? r + n : r
  }
  return {
    algorithm: "ed25519",
    publicKey: ext.pointBytes,
    sign(data) {
      const r = mod(bytesToNumberLE(sha512(concatBytes(ext.prefix, data))))
      const R = ed25519.ExtendedPoint.BASE.multiply(r).toRawBytes()
      const k = mod(bytesToNumberLE(sha512(concatBytes(R, ext.pointBytes, data))))
      const s = mod(r + k * ext.scalar)
      return concatBytes(R, numberToBytesLE(s, 32))
    },
  }
}

/** ECDSA: SHA-256 prehash, raw r||s (64 bytes), low-S (spec: Authentication; brief). */
function ecdsaSigner(algorithm: SignatureAlgorithm, curve: typeof p256 | typeof secp256k1, secret: Uint8Array): SigningKey {
  let publicKey: Uint8Array
  try {
    publicKey = curve.getPublicKey(secret, false)
  } catch {
    throw keyError(`is not a valid ${algorithm} private key`)
  }
  return {
    algorithm,
    publicKey,
    sign(data) {
      return curve.sign(sha256(data), secret, { lowS: true }).toCompactRawBytes()
    },
  }
}

export function createSigningKey(privateKey: string, algorithm: SignatureAlgorithm): SigningKey {
  const secret = privateKeyBytes(privateKey, algorithm)
  if (algorithm === "ed25519") return ed25519Signer(secret)
  if (algorithm === "ecdsa-p256-sha256") return ecdsaSigner(algorithm, p256, secret)
  return ecdsaSigner(algorithm, secp256k1, secret)
}

// ---------------------------------------------------------------- request signing

export interface SignRequestInput {
  method: string
  path: string
  /** Exact bytes sent, or undefined for a bodyless request. */
  body?: Uint8Array
  contentType?: string
  /** Content-Digest of `body` when the caller already computed it (saves a hash). */
  digest?: string
  keyid: string
  created: number
  key: SigningKey
  label?: string
}

export interface SignedHeaders {
  "content-digest"?: string
  "signature-input": string
  signature: string
}

/**
 * Sign one request attempt. With a body: `("@method" "@path" "content-digest" "content-type")`;
 * without: `("@method" "@path")` and no Content-Digest (spec: Authentication, SPEC-NOTES).
 */
export function signRequest(input: SignRequestInput): SignedHeaders {
  const label = input.label ?? SIGNATURE_LABEL
  const params: SignatureParams = { created: input.created, keyid: input.keyid, alg: input.key.algorithm }
  const headers: Record<string, string> = {}
  let components: readonly string[] = BODYLESS_COMPONENTS
  let digest: string | undefined
  if (input.body !== undefined) {
    digest = input.digest ?? contentDigest(input.body)
    headers["content-digest"] = digest
    headers["content-type"] = input.contentType ?? "application/json"
    components = BODY_COMPONENTS
  }
  const base = signatureBase({ method: input.method, path: input.path, headers }, components, params)
  const sig = input.key.sign(encoder.encode(base))
  const items: Item[] = components.map((c) => [c, new Map()])
  const out: SignedHeaders = {
    "signature-input": serializeDictionary({ [label]: [items, serializeParams(params)] }),
    signature: serializeDictionary({ [label]: [toArrayBuffer(sig), new Map()] }),
  }
  if (digest !== undefined) out["content-digest"] = digest
  return out
}
