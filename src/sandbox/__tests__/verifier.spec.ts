/**
 * The sandbox's RFC 9421 verifier (@noble/curves) against signatures made by node:crypto
 * (OpenSSL) in the sandbox's own test signer, called directly (no HTTP).
 */
import { p256 } from "@noble/curves/nist"
import { secp256k1 } from "@noble/curves/secp256k1"

import { rawPublicKey, ReplayGuard, verifySignature } from "../signed-api/auth"
import type { Algorithm, KeyRecord } from "../state"
import { signHeaders } from "./helpers/signer"
import { testKey } from "../../client/__tests__/helpers/server"

const ALGORITHMS: Algorithm[] = [
  "ed25519",
  "ecdsa-p256-sha256",
  "ecdsa-secp256k1-sha256",
]

function record(algorithm: Algorithm): KeyRecord {
  const key = testKey(algorithm)
  return {
    apiKey: "svc_pk_verifier",
    keyId: `k-${algorithm}`,
    algorithm,
    publicKeyPem: key.publicKey
      .export({ type: "spki", format: "pem" })
      .toString(),
    privateKeyPem: key.privatePem,
    active: true,
  }
}

const body = JSON.stringify({ amount: 5000, title: "t" })
const signed = (key: KeyRecord) =>
  signHeaders(key, "POST", "/v1/checkout", body)
const verify = (key: KeyRecord, headers: Record<string, string>, raw = body) =>
  verifySignature(
    {
      method: "POST",
      path: "/v1/checkout",
      headers,
      rawBody: Buffer.from(raw),
    },
    key,
    new ReplayGuard()
  )
const sigBytes = (h: Record<string, string>) =>
  Buffer.from(/^sig1=:(.*):$/.exec(h.signature ?? "")?.[1] ?? "", "base64")
const withSig = (h: Record<string, string>, sig: Uint8Array) => ({
  ...h,
  signature: `sig1=:${Buffer.from(sig).toString("base64")}:`,
})

describe.each(ALGORITHMS)("sandbox verifier, %s", (algorithm) => {
  const key = record(algorithm)

  it("reads the raw public key from the stored SPKI PEM, and refuses another algorithm's key", () => {
    expect(rawPublicKey(key.publicKeyPem, algorithm).length).toBe(
      algorithm === "ed25519" ? 32 : 65
    )
    const other: Algorithm =
      algorithm === "ed25519" ? "ecdsa-p256-sha256" : "ed25519"
    expect(() => rawPublicKey(key.publicKeyPem, other)).toThrow(/not an/)
  })

  it("accepts a node:crypto signature and rejects one flipped bit", () => {
    const h = signed(key)
    expect(() => verify(key, h)).not.toThrow()
    const bad = sigBytes(h)
    bad[10] = (bad[10] as number) ^ 1
    expect(() => verify(key, withSig(h, bad))).toThrow(/does not verify/)
  })

  it("rejects a body that is not the digested one", () => {
    expect(() => verify(key, signed(key), `${body} `)).toThrow(
      /Content-Digest does not match/
    )
  })

  if (algorithm !== "ed25519") {
    it("accepts both s and n - s (RFC 9421 does not require low-S), and a wrong length never", () => {
      const h = signed(key)
      const sig = sigBytes(h)
      const n = (algorithm === "ecdsa-p256-sha256" ? p256 : secp256k1).CURVE.n
      const s = BigInt(`0x${sig.subarray(32).toString("hex")}`)
      const flipped = Buffer.concat([
        sig.subarray(0, 32),
        Buffer.from((n - s).toString(16).padStart(64, "0"), "hex"),
      ])
      expect(() => verify(key, withSig(h, flipped))).not.toThrow()
      expect(() => verify(key, withSig(h, sig.subarray(0, 63)))).toThrow(
        /does not verify/
      )
    })
  }
})
