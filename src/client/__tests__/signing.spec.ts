import {
  createPublicKey,
  verify as nodeVerify,
  generateKeyPairSync,
  createPrivateKey,
} from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"

import { ed25519 } from "@noble/curves/ed25519"
import { p256 } from "@noble/curves/nist"
import { secp256k1 } from "@noble/curves/secp256k1"
import { sha256 } from "@noble/hashes/sha2"
import { httpbis, createVerifier } from "http-message-signatures"

import {
  contentDigest,
  createSigningKey,
  privateKeyBytes,
  RequestSigner,
  signatureBase,
  signatureParamsValue,
  signRequest,
  SIGNATURE_ALGORITHMS,
  type SignatureAlgorithm,
} from "../signing/signing"
import {
  nativeSigner,
  nobleSecp256k1Signer,
  privateKeyObject,
  type SigningKey,
} from "../signing/signers"
import { SvcInputError } from "../errors"

const vectors = JSON.parse(
  readFileSync(
    join(__dirname, "../../../test-data/svc-api/rfc9421-vectors.json"),
    "utf8"
  )
)

const edKey = vectors.keys["test-key-ed25519"]
const pKey = vectors.keys["test-key-ecc-p256"]
const sig = (id: string) =>
  vectors.signatures.find((s: { id: string }) => s.id === id)

describe("RFC 9421 vectors", () => {
  it("B.2.6 ed25519: signature base and signature byte for byte", () => {
    const v = sig("rfc9421-B.2.6-ed25519")
    const msg = vectors.messages["test-request"]
    const headers = Object.fromEntries(
      msg.headers.map(([k, val]: [string, string]) => [k.toLowerCase(), val])
    )
    const components = [
      "date",
      "@method",
      "@path",
      "@authority",
      "content-type",
      "content-length",
    ]
    const params = { created: 1618884473, keyid: "test-key-ed25519" }
    const base = signatureBase(
      { method: "POST", path: "/foo", authority: "example.com", headers },
      components,
      params
    )
    expect(base).toBe(v.signatureBase)
    expect(signatureParamsValue(components, params)).toBe(
      v.signatureParamsValue
    )
    for (const keyForm of [edKey.privatePem, edKey.rawPrivateSeedHex]) {
      const key = createSigningKey(keyForm, "ed25519")
      expect(Buffer.from(key.publicKey).toString("hex")).toBe(
        edKey.rawPublicKeyHex
      )
      const s = key.sign(new TextEncoder().encode(base))
      expect(Buffer.from(s).toString("base64")).toBe(v.signatureB64)
    }
  })

  it("the native (OpenSSL) ed25519 signer equals @noble/curves ed25519.sign byte for byte (ed25519 is deterministic)", () => {
    const key = createSigningKey(edKey.rawPrivateSeedHex, "ed25519")
    for (let i = 0; i < 20; i++) {
      const m = sha256(new Uint8Array([i])).subarray(0, i + 1)
      expect(Buffer.from(key.sign(m))).toEqual(
        Buffer.from(
          ed25519.sign(m, Buffer.from(edKey.rawPrivateSeedHex, "hex"))
        )
      )
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
      { created: 1618884473, keyid: "test-key-ecc-p256" }
    )
    expect(base).toBe(v.signatureBase)
    const sigBytes = Buffer.from(v.signatureB64, "base64")
    const pub = Buffer.from(pKey.uncompressedPublicKeyHex, "hex")
    expect(
      p256.verify(sigBytes, sha256(new TextEncoder().encode(base)), pub, {
        lowS: false,
      })
    ).toBe(true)
    const nodeOk = nodeVerify(
      "sha256",
      Buffer.from(base),
      { key: createPublicKey(pKey.publicPem), dsaEncoding: "ieee-p1363" },
      sigBytes
    )
    expect(nodeOk).toBe(true)
  })

  it("B.3 ecdsa-p256-sha256 verifies", () => {
    const v = sig("rfc9421-B.3-ecdsa-p256-sha256-request")
    const cert = v.signatureBase.split("\n")[4].slice('"client-cert": '.length)
    const base = signatureBase(
      {
        method: "POST",
        path: "/foo",
        query: "?param=Value&Pet=dog",
        authority: "service.internal.example",
        headers: { "client-cert": cert },
      },
      ["@path", "@query", "@method", "@authority", "client-cert"],
      { created: 1618884473, keyid: "test-key-ecc-p256" }
    )
    expect(base).toBe(v.signatureBase)
    const ok = nodeVerify(
      "sha256",
      Buffer.from(base),
      { key: createPublicKey(pKey.publicPem), dsaEncoding: "ieee-p1363" },
      Buffer.from(v.signatureB64, "base64")
    )
    expect(ok).toBe(true)
  })

  it("a SEC1 PEM (B.1.3) loads for ecdsa-p256-sha256", () => {
    const key = createSigningKey(pKey.privatePem, "ecdsa-p256-sha256")
    expect(Buffer.from(key.publicKey).toString("hex")).toBe(
      pKey.uncompressedPublicKeyHex
    )
  })
})

describe("RFC 9530 Content-Digest examples", () => {
  const cases = vectors.contentDigest as {
    input: string
    contentDigest: string
  }[]
  it.each(cases)("$contentDigest", ({ input, contentDigest: expected }) => {
    const alg = expected.startsWith("sha-512") ? "sha-512" : "sha-256"
    expect(contentDigest(input, alg)).toBe(expected)
    expect(contentDigest(Buffer.from(input), alg)).toBe(expected)
  })
})

function keyPair(alg: SignatureAlgorithm): {
  privatePem: string
  publicPem: string
  hex: string
  rawPublicHex: string
} {
  const { privateKey, publicKey } =
    alg === "ed25519"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", {
          namedCurve: alg === "ecdsa-p256-sha256" ? "prime256v1" : "secp256k1",
        })
  const jwk = privateKey.export({ format: "jwk" }) as {
    d: string
    x: string
    y?: string
  }
  const raw = jwk.y
    ? Buffer.concat([
        Buffer.from([4]),
        Buffer.from(jwk.x, "base64url"),
        Buffer.from(jwk.y, "base64url"),
      ])
    : Buffer.from(jwk.x, "base64url")
  return {
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
    hex: Buffer.from(jwk.d, "base64url").toString("hex"),
    rawPublicHex: raw.toString("hex"),
  }
}

/** @noble/curves verification, strict: ECDSA must be low-S (the client normalises). */
function nobleVerify(
  alg: SignatureAlgorithm,
  data: Uint8Array,
  sig: Uint8Array,
  pub: Uint8Array
): boolean {
  if (alg === "ed25519")
    return ed25519.verify(sig, data, pub, { zip215: false })
  const curve = alg === "ecdsa-p256-sha256" ? p256 : secp256k1
  return curve.verify(sig, sha256(data), pub, { lowS: true, format: "compact" })
}

describe.each(SIGNATURE_ALGORITHMS)(
  "signRequest %s, checked by independent verifiers",
  (alg) => {
    const kp = keyPair(alg)
    const body = Buffer.from(JSON.stringify({ amount: 1000, title: "t" }))

    it("@noble/curves and node:crypto verify a body request, PEM and hex keys alike", () => {
      for (const form of [kp.privatePem, kp.hex, `0x${kp.hex}`]) {
        const key = createSigningKey(form, alg)
        const created = 1_700_000_000
        const h = signRequest({
          method: "POST",
          path: "/v1/checkout",
          body,
          keyid: "k1",
          created,
          key,
        })
        expect(h["content-digest"]).toBe(contentDigest(body))
        expect(h["signature-input"]).toBe(
          `sig1=("@method" "@path" "content-digest" "content-type");created=${created};keyid="k1";alg="${alg}"`
        )
        const base = signatureBase(
          {
            method: "POST",
            path: "/v1/checkout",
            headers: {
              "content-digest": h["content-digest"] as string,
              "content-type": "application/json",
            },
          },
          ["@method", "@path", "content-digest", "content-type"],
          { created, keyid: "k1", alg }
        )
        const sigBytes = Buffer.from(
          /^sig1=:(.*):$/.exec(h.signature)?.[1] ?? "",
          "base64"
        )
        expect(sigBytes.length).toBe(64)
        expect(Buffer.from(key.publicKey).toString("hex")).toBe(kp.rawPublicHex)
        // The signer is node:crypto (or noble for secp256k1); check with both libraries.
        expect(
          nobleVerify(alg, Buffer.from(base), sigBytes, key.publicKey)
        ).toBe(true)
        const pub = createPublicKey(kp.publicPem)
        const ok =
          alg === "ed25519"
            ? nodeVerify(null, Buffer.from(base), pub, sigBytes)
            : nodeVerify(
                "sha256",
                Buffer.from(base),
                { key: pub, dsaEncoding: "ieee-p1363" },
                sigBytes
              )
        expect(ok).toBe(true)
      }
    })

    it("RequestSigner (one per client) gives what signRequest gives, across created seconds and component sets", () => {
      const key = createSigningKey(kp.privatePem, alg)
      const signer = new RequestSigner(key, "k1")
      const digest = contentDigest(body)
      for (const created of [1_700_000_000, 1_700_000_001, 1_700_000_000]) {
        for (const withBody of [true, false]) {
          const a = signer.sign({
            method: "POST",
            path: "/v1/checkout",
            created,
            ...(withBody
              ? { body: { digest, contentType: "application/json" } }
              : {}),
          })
          const b = signRequest({
            method: "POST",
            path: "/v1/checkout",
            keyid: "k1",
            created,
            key,
            ...(withBody ? { body } : {}),
          })
          expect(a["signature-input"]).toBe(b["signature-input"])
          expect(a["content-digest"]).toBe(b["content-digest"])
          if (alg === "ed25519") expect(a.signature).toBe(b.signature)
          const base = signatureBase(
            {
              method: "POST",
              path: "/v1/checkout",
              headers: withBody
                ? {
                    "content-digest": digest,
                    "content-type": "application/json",
                  }
                : {},
            },
            withBody
              ? ["@method", "@path", "content-digest", "content-type"]
              : ["@method", "@path"],
            { created, keyid: "k1", alg }
          )
          for (const h of [a, b]) {
            const sigBytes = Buffer.from(
              /^sig1=:(.*):$/.exec(h.signature)?.[1] ?? "",
              "base64"
            )
            expect(
              nobleVerify(alg, Buffer.from(base), sigBytes, key.publicKey)
            ).toBe(true)
          }
        }
      }
    })

    it("http-message-signatures verifies a bodyless DELETE (only @method and @path)", async () => {
      const key = createSigningKey(kp.privatePem, alg)
      const created = Math.floor(Date.now() / 1000)
      const path =
        "/v1/wallet/bank-accounts/6f1c1c52-3a51-4b8e-9a1d-111111111111/address/whitelist/6f1c1c52-3a51-4b8e-9a1d-222222222222"
      const h = signRequest({
        method: "DELETE",
        path,
        keyid: "k1",
        created,
        key,
      })
      expect(h["content-digest"]).toBeUndefined()
      expect(h["signature-input"]).toBe(
        `sig1=("@method" "@path");created=${created};keyid="k1";alg="${alg}"`
      )
      const pub = createPublicKey(kp.publicPem)
      const ok = await httpbis.verifyMessage(
        {
          keyLookup: async () => ({
            id: "k1",
            algs: [alg],
            verify:
              alg === "ecdsa-secp256k1-sha256"
                ? async (data: Buffer, s: Buffer) =>
                    nodeVerify(
                      "sha256",
                      data,
                      { key: pub, dsaEncoding: "ieee-p1363" },
                      s
                    )
                : createVerifier(pub, alg),
          }),
        },
        {
          method: "DELETE",
          url: `http://svc.test${path}`,
          headers: {
            "signature-input": h["signature-input"],
            signature: h.signature,
          },
        }
      )
      expect(ok).toBe(true)
    })
  }
)

const ECDSA = ["ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"] as const
const HALF_N = {
  "ecdsa-p256-sha256": p256.CURVE.n >> 1n,
  "ecdsa-secp256k1-sha256": secp256k1.CURVE.n >> 1n,
}
const sValue = (sig: Uint8Array) =>
  BigInt(`0x${Buffer.from(sig.subarray(32)).toString("hex")}`)

describe.each(ECDSA)("%s signers", (alg) => {
  const kp = keyPair(alg)
  const data = Buffer.from('"@method": POST\n"@path": /v1/checkout')
  const signers: [string, SigningKey][] = [
    ["node:crypto", nativeSigner(alg, privateKeyObject(kp.privatePem, alg))],
  ]
  if (alg === "ecdsa-secp256k1-sha256")
    signers.push([
      "@noble/curves",
      nobleSecp256k1Signer(privateKeyObject(kp.privatePem, alg)),
    ])

  it.each(signers)(
    "%s: 64-byte r||s, always low-S, verified by the other library",
    (_name, signer) => {
      const pub = createPublicKey(kp.publicPem)
      // Without normalisation about half of OpenSSL's signatures are high-S; 64 in a row low is 2^-64 by chance.
      for (let i = 0; i < 64; i++) {
        const sig = signer.sign(data)
        expect(sig.length).toBe(64)
        expect(sValue(sig) <= HALF_N[alg]).toBe(true)
        expect(nobleVerify(alg, data, sig, signer.publicKey)).toBe(true)
        expect(
          nodeVerify(
            "sha256",
            data,
            { key: pub, dsaEncoding: "ieee-p1363" },
            sig
          )
        ).toBe(true)
      }
    }
  )

  it("OpenSSL's ECDSA is randomized, so tests compare verification, never signature bytes", () => {
    const [, native] = signers[0]!
    expect(
      Buffer.from(native.sign(data)).equals(Buffer.from(native.sign(data)))
    ).toBe(false)
    if (signers[1]) {
      // noble uses RFC 6979: deterministic, like ed25519 (hence SigningClock's unique `created`).
      const [, noble] = signers[1]
      expect(
        Buffer.from(noble.sign(data)).equals(Buffer.from(noble.sign(data)))
      ).toBe(true)
    }
  })

  it("every accepted key form gives the same key: PKCS#8 and SEC1 PEM, hex, 0x hex, base64", () => {
    const sec1 = createPrivateKey(kp.privatePem)
      .export({ format: "pem", type: "sec1" })
      .toString()
    const b64 = Buffer.from(kp.hex, "hex").toString("base64")
    for (const form of [kp.privatePem, sec1, kp.hex, `0x${kp.hex}`, b64]) {
      expect(Buffer.from(privateKeyBytes(form, alg)).toString("hex")).toBe(
        kp.hex
      )
      const key = createSigningKey(form, alg)
      expect(Buffer.from(key.publicKey).toString("hex")).toBe(kp.rawPublicHex)
      expect(nobleVerify(alg, data, key.sign(data), key.publicKey)).toBe(true)
    }
  })

  it("rejects 0, the group order and a key of the other curve, naming privateKey only", () => {
    const n = (alg === "ecdsa-p256-sha256" ? p256 : secp256k1).CURVE.n
      .toString(16)
      .padStart(64, "0")
    for (const bad of ["00".repeat(32), n]) {
      expect(() => createSigningKey(bad, alg)).toThrow(
        /^privateKey: is not a valid/
      )
    }
    const other = keyPair(
      alg === "ecdsa-p256-sha256"
        ? "ecdsa-secp256k1-sha256"
        : "ecdsa-p256-sha256"
    )
    expect(() => createSigningKey(other.privatePem, alg)).toThrow(
      /^privateKey: PEM key type does not match/
    )
  })
})

describe("ed25519 key forms", () => {
  it("PKCS#8 PEM, hex and base64 seeds give the same key and signatures", () => {
    const kp = keyPair("ed25519")
    const data = Buffer.from("x")
    const sigs = [
      kp.privatePem,
      kp.hex,
      `0x${kp.hex}`,
      Buffer.from(kp.hex, "hex").toString("base64"),
    ].map((form) => {
      const key = createSigningKey(form, "ed25519")
      expect(Buffer.from(key.publicKey).toString("hex")).toBe(kp.rawPublicHex)
      return Buffer.from(key.sign(data)).toString("hex")
    })
    expect(new Set(sigs).size).toBe(1)
  })
})

describe("key loading errors never echo the key", () => {
  it("rejects a key of the wrong type and garbage, naming privateKey only", () => {
    const { privateKey } = generateKeyPairSync("ed25519")
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString()
    const pemBody = pem.split("\n")[1] as string
    // the error is an SvcInputError naming privateKey and the rule, and nothing else: no part of the key
    const cases: Array<[string, SignatureAlgorithm, string, string]> = [
      [
        pem,
        "ecdsa-p256-sha256",
        "PEM key type does not match algorithm ecdsa-p256-sha256",
        pemBody,
      ],
      [
        "deadbeef-not-a-key-SECRETSECRET",
        "ed25519",
        "must be a PKCS#8 PEM, a SEC1 PEM, or the raw 32-byte key as hex",
        "SECRETSECRET",
      ],
    ]
    for (const [key, alg, rule, secret] of cases) {
      const load = () => createSigningKey(key, alg)
      expect(load).toThrow(SvcInputError)
      expect(load).toThrow(
        expect.objectContaining({
          field: "privateKey",
          rule,
          message: `privateKey: ${rule}`,
        })
      )
      expect(load).toThrow(
        expect.objectContaining({
          message: expect.not.stringContaining(secret),
        })
      )
    }
    expect(createPrivateKey(pem)).toBeTruthy()
  })
})
