/**
 * Signing keys for svc's three algorithms (spec: Authentication, "Signing algorithms").
 * The private key is parsed into a node:crypto KeyObject once per client, never per request.
 *
 * ed25519 and ecdsa-p256-sha256 sign with node:crypto (OpenSSL). ecdsa-secp256k1-sha256 signs
 * with whichever implementation is faster on the machine we measured (SECP256K1_SIGNER below).
 * The sandbox verifies with @noble/curves, so signer and verifier stay independent.
 */
import {
  createECDH,
  createHash,
  createPrivateKey,
  sign,
  type KeyObject,
} from "node:crypto"
import { secp256k1 } from "@noble/curves/secp256k1"

import { SvcInputError } from "../errors"
import type { SignatureAlgorithm } from "./signing"

export interface SigningKey {
  readonly algorithm: SignatureAlgorithm
  /** Raw public key: 32 bytes (ed25519) or the uncompressed SEC1 point, 65 bytes (ECDSA). */
  readonly publicKey: Uint8Array
  /** ed25519 signature, or ECDSA over SHA-256(data) as raw r||s (64 bytes, low-S). */
  sign(data: Uint8Array): Uint8Array
}

/**
 * ecdsa-secp256k1-sha256: "noble" or "openssl", whichever signs faster here. OpenSSL 3.0 has
 * no optimised secp256k1 code (generic prime-field arithmetic), while @noble/curves uses the
 * curve's endomorphism and a precomputed base-point table. Measured in one run
 * (`npm run bench`, which prints this comparison), 2 vCPU, Node 20.20.2, OpenSSL 3.0.19:
 *   node:crypto (OpenSSL)  sign p50 ~265 µs
 *   @noble/curves 1.9.7    sign p50 ~245 µs
 * so noble; flip this if the bench says otherwise on the machine that matters.
 */
export const SECP256K1_SIGNER: "noble" | "openssl" = "noble"

/** Curve name as node:crypto reports it (`asymmetricKeyDetails.namedCurve`). */
const NODE_CURVE: Record<Exclude<SignatureAlgorithm, "ed25519">, string> = {
  "ecdsa-p256-sha256": "prime256v1",
  "ecdsa-secp256k1-sha256": "secp256k1",
}
const JWK_CURVE: Record<Exclude<SignatureAlgorithm, "ed25519">, string> = {
  "ecdsa-p256-sha256": "P-256",
  "ecdsa-secp256k1-sha256": "secp256k1",
}
/** Group orders n (FIPS 186-4 D.1.2.3 for P-256; SEC 2 2.4.1 for secp256k1), for low-S. */
const ORDER: Record<Exclude<SignatureAlgorithm, "ed25519">, bigint> = {
  "ecdsa-p256-sha256":
    0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  "ecdsa-secp256k1-sha256":
    0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n,
}
/** RFC 8410 PKCS#8 prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from(
  "302e020100300506032b657004220420",
  "hex"
)

function keyError(rule: string): SvcInputError {
  // Never echo the key itself (secrets never in errors).
  return new SvcInputError("privateKey", rule)
}

/** The raw 32-byte secret written as hex (optionally 0x) or base64, or undefined. */
function rawSecret(text: string): Buffer | undefined {
  const hex = text.replace(/^0x/i, "")
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return Buffer.from(hex, "hex")
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const b = Buffer.from(text, "base64")
    if (b.length === 32) return b
  }
  return undefined
}

/**
 * A node:crypto private KeyObject from what the client has always accepted: a PKCS#8 or SEC1
 * PEM, or the raw 32-byte key as hex (optionally 0x) or base64. Checks the key fits `algorithm`.
 */
export function privateKeyObject(
  input: string,
  algorithm: SignatureAlgorithm
): KeyObject {
  const text = input.trim()
  if (text.startsWith("-----BEGIN")) {
    let key: KeyObject
    try {
      key = createPrivateKey({ key: text, format: "pem" })
    } catch {
      throw keyError("must be a PKCS#8 or SEC1 PEM private key")
    }
    const fits =
      algorithm === "ed25519"
        ? key.asymmetricKeyType === "ed25519"
        : key.asymmetricKeyType === "ec" &&
          key.asymmetricKeyDetails?.namedCurve === NODE_CURVE[algorithm]
    if (!fits)
      throw keyError(`PEM key type does not match algorithm ${algorithm}`)
    return key
  }
  const secret = rawSecret(text)
  if (!secret)
    throw keyError(
      "must be a PKCS#8 PEM, a SEC1 PEM, or the raw 32-byte key as hex"
    )
  try {
    if (algorithm === "ed25519") {
      return createPrivateKey({
        key: Buffer.concat([ED25519_PKCS8_PREFIX, secret]),
        format: "der",
        type: "pkcs8",
      })
    }
    // A JWK needs the public point; ECDH derives it (and rejects 0 and values >= n).
    const ecdh = createECDH(NODE_CURVE[algorithm])
    ecdh.setPrivateKey(secret)
    const point = ecdh.getPublicKey()
    const jwk = {
      kty: "EC",
      crv: JWK_CURVE[algorithm],
      d: secret.toString("base64url"),
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    }
    return createPrivateKey({ key: jwk, format: "jwk" })
  } catch {
    throw keyError(`is not a valid ${algorithm} private key`)
  }
}

/** Raw 32-byte secret of a key in any accepted form (PEM, hex, base64). */
export function privateKeyBytes(
  input: string,
  algorithm: SignatureAlgorithm
): Uint8Array {
  const jwk = privateKeyObject(input, algorithm).export({ format: "jwk" })
  return new Uint8Array(jwkBytes(jwk.d))
}

/** A member of a key's JWK (d, x, y) as bytes; node gives every member of an EC or OKP key. */
function jwkBytes(member: string | undefined): Buffer {
  if (member === undefined)
    throw new SvcInputError("privateKey", "is not an EC or Ed25519 key")
  return Buffer.from(member, "base64url")
}

function rawPublicKey(key: KeyObject): Uint8Array {
  const jwk = key.export({ format: "jwk" })
  if (jwk.kty === "OKP") return new Uint8Array(jwkBytes(jwk.x))
  return new Uint8Array(
    Buffer.concat([Buffer.from([4]), jwkBytes(jwk.x), jwkBytes(jwk.y)])
  )
}

/**
 * OpenSSL's ECDSA picks a random k and may return either s or n - s. Strict verifiers
 * (secp256k1 ones in particular) accept only s <= n/2, so normalise: the signature stays
 * valid for every verifier, and costs a 32-byte compare (plus a subtraction half the time).
 */
function toLowS(sig: Buffer, n: bigint, halfN: Buffer): Buffer {
  const s = sig.subarray(32, 64)
  if (Buffer.compare(s, halfN) <= 0) return sig
  const low = n - BigInt(`0x${s.toString("hex")}`)
  Buffer.from(low.toString(16).padStart(64, "0"), "hex").copy(sig, 32)
  return sig
}

/** node:crypto (OpenSSL) signer: `sign(null, …)` for ed25519, SHA-256 + raw r||s (`ieee-p1363`) for ECDSA. */
export function nativeSigner(
  algorithm: SignatureAlgorithm,
  key: KeyObject
): SigningKey {
  const publicKey = rawPublicKey(key)
  if (algorithm === "ed25519")
    return { algorithm, publicKey, sign: (data) => sign(null, data, key) }
  const n = ORDER[algorithm]
  const halfN = Buffer.from((n >> 1n).toString(16).padStart(64, "0"), "hex")
  // RFC 9421 3.3.4 (ecdsa-p256-sha256): r and s as 32-byte big-endian integers, concatenated.
  const opts = { key, dsaEncoding: "ieee-p1363" as const }
  return {
    algorithm,
    publicKey,
    sign: (data) => toLowS(sign("sha256", data, opts), n, halfN),
  }
}

/** @noble/curves secp256k1 signer (RFC 6979 deterministic k, low-S); SHA-256 prehash by node:crypto. */
export function nobleSecp256k1Signer(key: KeyObject): SigningKey {
  const secret = jwkBytes(key.export({ format: "jwk" }).d)
  const publicKey = rawPublicKey(key)
  // Builds noble's base-point table now rather than on the first request.
  secp256k1.getPublicKey(secret)
  return {
    algorithm: "ecdsa-secp256k1-sha256",
    publicKey,
    sign: (data) =>
      secp256k1
        .sign(createHash("sha256").update(data).digest(), secret, {
          lowS: true,
        })
        .toCompactRawBytes(),
  }
}

/** The client's signing key: parsed once, signing with the implementation chosen above. */
export function createSigningKey(
  privateKey: string,
  algorithm: SignatureAlgorithm
): SigningKey {
  const key = privateKeyObject(privateKey, algorithm)
  if (algorithm === "ecdsa-secp256k1-sha256" && SECP256K1_SIGNER === "noble")
    return nobleSecp256k1Signer(key)
  return nativeSigner(algorithm, key)
}
