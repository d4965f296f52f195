import { createPublicKey, verify as nodeVerify, generateKeyPairSync, createPrivateKey } from "node:crypto"
import { readFileSync } from "node:fs"

import { ed25519 } from "@noble/curves/ed25519"
import { p256 } from "@noble/curves/nist"
import { sha256 } from "@noble/hashes/sha2"
import { httpbis, createVerifier } from "http-message-signatures"

import {
  contentDigest,
  createSigningKey,
  signatureBase,
  signatureParamsValue,
  signRequest,
  SIGNATURE_ALGORITHMS,
  type SignatureAlgorithm,
} from "../signing"

const vectors = JSON.parse(readFileSync("/work/shared/testdata/rfc9421-vectors.json", "utf8"))
const VEC_PATH = "/work/shared/testdata/rfc9421-vectors.json"
void VEC_PATH

const edKey = vectors.keys["test-key-ed25519"]
const pKey = vectors.keys["test-key-ecc-p256"]
const sig = (id: string) => vectors.signatures.find((s: { id: string }) => s.id === id)

describe("RFC 9421 vectors", () => {
  it("B.2.6 ed25519: signature base and signature byte for byte", () => {
    const v = sig("rfc9421-B.2.6-ed25519")
    const msg = vectors.messages["test-request"]
    const headers = Object.fromEntries(msg.headers.map(([k, val]: [string, string]) => [k.toLowerCase(), val]))
    const components = ["date", "@method", "@path", "@authority", "content-type", "content-length"]
    const params = { created: 1618884473, keyid: "test-key-ed25519" }
    const base = signatureBase({ method: "POST", path: "/foo", authority: "example.com", headers }, components, params)
    expect(base).toBe(v.signatureBase)
    expect(signatureParamsValue(components, params)).toBe(v.signatureParamsValue)
    for (const keyForm of [edKey.privatePem, edKey.rawPrivateSeedHex]) {
      const key = createSigningKey(keyForm, "ed25519")
      expect(Buffer.from(key.publicKey).toString("hex")).toBe(edKey.rawPublicKeyHex)
      const s = key.sign(new TextEncoder().encode(base))
      expect(Buffer.from(s).toString("base64")).toBe(v.signatureB64)
    }
  })

  it("cached-expansion ed25519 signer equals @noble/curves ed25519.sign", () => {
    const key = createSigningKey(edKey.rawPrivateSeedHex, "ed25519")
    for (let i = 0; i < 20; i++) {
      const m = sha256(new Uint8Array([i])).subarray(0, i + 1)
      expect(Buffer.from(key.sign(m))).toEqual(Buffer.from(ed25519.sign(m, Buffer.from(edKey.rawPrivateSeedHex, "hex"))))
    }
  })

  it("B.2.4 ecdsa-p256-sha256 verifies (high-S, raw r||s)", () => {
    const v = sig("rfc9421-B.2.4-ecdsa-p256-sha256")
    const base = signatureBase(
      {
        status: 200,
        headers: {
          "content-type": "application/json",
          "content-digest": contentDigest('{"message": "good dog"}', "sha-512"),
          "content-length": "23",
        },
      },
      ["@status", "content-type", "content-digest", "content-length"],
      { created: 1618884473, keyid: "test-key-ecc-p256" },
    )
    expect(base).toBe(v.signatureBase)
    const sigBytes = Buffer.from(v.signatureB64, "base64")
    const pub = Buffer.from(pKey.uncompressedPublicKeyHex, "hex")
    expect(p256.verify(sigBytes, sha256(new TextEncoder().encode(base)), pub, { lowS: false })).toBe(true)
    const nodeOk = nodeVerify("sha256", Buffer.from(base), { key: createPublicKey(pKey.publicPem), dsaEncoding: "ieee-p1363" }, sigBytes)
    expect(nodeOk).toBe(true)
  })

  it("B.3 ecdsa-p256-sha256 verifies", () => {
    const v = sig("rfc9421-B.3-ecdsa-p256-sha256-request")
    const cert = v.signatureBase.split("\n")[4].slice('"client-cert": '.length)
    const base = signatureBase(
      { method: "POST", path: "/foo", query: "?param=Value&Pet=dog", authority: "service.internal.example", headers: { "client-cert": cert } },
      ["@path", "@query", "@method", "@authority", "client-cert"],
      { created: 1618884473, keyid: "test-key-ecc-p256" },
    )
    expect(base).toBe(v.signatureBase)
    const ok = nodeVerify("sha256", Buffer.from(base), { key: createPublicKey(pKey.publicPem), dsaEncoding: "ieee-p1363" }, Buffer.from(v.signatureB64, "base64"))
    expect(ok).toBe(true)
  })

  it("a SEC1 PEM (B.1.3) loads for ecdsa-p256-sha256", () => {
    const key = createSigningKey(pKey.privatePem, "ecdsa-p256-sha256")
    expect(Buffer.from(key.publicKey).toString("hex")).toBe(pKey.uncompressedPublicKeyHex)
  })
})

describe("RFC 9530 Content-Digest examples", () => {
  const cases = vectors.contentDigest as { input: string; contentDigest: string }[]
  it.each(cases)("$contentDigest", ({ input, contentDigest: expected }) => {
    const alg = expected.startsWith("sha-512") ? "sha-512" : "sha-256"
    expect(contentDigest(input, alg)).toBe(expected)
    expect(contentDigest(Buffer.from(input), alg)).toBe(expected)
  })
})

function keyPair(alg: SignatureAlgorithm): { privatePem: string; publicPem: string; hex: string } {
  const { privateKey, publicKey } =
    alg === "ed25519"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", { namedCurve: alg === "ecdsa-p256-sha256" ? "prime256v1" : "secp256k1" })
  const jwk = privateKey.export({ format: "jwk" }) as { d: string }
  return {
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
    hex: Buffer.from(jwk.d, "base64url").toString("hex"),
  }
}

describe.each(SIGNATURE_ALGORITHMS)("signRequest %s, checked by independent verifiers", (alg) => {
  const kp = keyPair(alg)
  const body = Buffer.from(JSON.stringify({ amount: 1000, title: "t" }))

  it("node:crypto (ieee-p1363) verifies a body request, PEM and hex keys alike", () => {
    for (const form of [kp.privatePem, kp.hex, `0x${kp.hex}`]) {
      const key = createSigningKey(form, alg)
      const created = 1_700_000_000
      const h = signRequest({ method: "POST", path: "/v1/checkout", body, keyid: "k1", created, key })
      expect(h["content-digest"]).toBe(contentDigest(body))
      expect(h["signature-input"]).toBe(`sig1=("@method" "@path" "content-digest" "content-type");created=${created};keyid="k1";alg="${alg}"`)
      const base = signatureBase(
        { method: "POST", path: "/v1/checkout", headers: { "content-digest": h["content-digest"] as string, "content-type": "application/json" } },
        ["@method", "@path", "content-digest", "content-type"],
        { created, keyid: "k1", alg },
      )
      const sigBytes = Buffer.from(/^sig1=:(.*):$/.exec(h.signature)?.[1] ?? "", "base64")
      expect(sigBytes.length).toBe(64)
      const pub = createPublicKey(kp.publicPem)
      const ok =
        alg === "ed25519"
          ? nodeVerify(null, Buffer.from(base), pub, sigBytes)
          : nodeVerify("sha256", Buffer.from(base), { key: pub, dsaEncoding: "ieee-p1363" }, sigBytes)
      expect(ok).toBe(true)
    }
  })

  it("http-message-signatures verifies a bodyless DELETE (only @method and @path)", async () => {
    const key = createSigningKey(kp.privatePem, alg)
    const created = Math.floor(Date.now() / 1000)
    const path = "/v1/wallet/bank-accounts/6f1c1c52-3a51-4b8e-9a1d-111111111111/address/whitelist/6f1c1c52-3a51-4b8e-9a1d-222222222222"
    const h = signRequest({ method: "DELETE", path, keyid: "k1", created, key })
    expect(h["content-digest"]).toBeUndefined()
    expect(h["signature-input"]).toBe(`sig1=("@method" "@path");created=${created};keyid="k1";alg="${alg}"`)
    const pub = createPublicKey(kp.publicPem)
    const ok = await httpbis.verifyMessage(
      {
        keyLookup: async () => ({
          id: "k1",
          algs: [alg],
          verify:
            alg === "ecdsa-secp256k1-sha256"
              ? async (data: Buffer, s: Buffer) => nodeVerify("sha256", data, { key: pub, dsaEncoding: "ieee-p1363" }, s)
              : createVerifier(pub, alg),
        }),
      },
      { method: "DELETE", url: `http://svc.test${path}`, headers: { "signature-input": h["signature-input"], signature: h.signature } },
    )
    expect(ok).toBe(true)
  })
})

describe("key loading errors never echo the key", () => {
  it("rejects a key of the wrong type and garbage, naming privateKey only", () => {
    const { privateKey } = generateKeyPairSync("ed25519")
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString()
    expect(() => createSigningKey(pem, "ecdsa-p256-sha256")).toThrow(/^privateKey: /)
    try {
      createSigningKey("deadbeef-not-a-key-SECRETSECRET", "ed25519")
    } catch (e) {
      expect(String((e as Error).message)).not.toContain("SECRETSECRET")
      expect((e as { field: string }).field).toBe("privateKey")
    }
    expect(createPrivateKey(pem)).toBeTruthy()
  })
})
