import { generateKeyPairSync } from "node:crypto"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { parseSvcProviderOptions } from "../options"
import SvcProviders from "../../../providers/svc/index"

// A wrong setup must stop the boot (validateOptions) with the option's name, never a secret.
const pem = (type: "ed25519" | "ec", curve?: string) =>
  generateKeyPairSync(
    type as "ec",
    curve ? { namedCurve: curve } : (undefined as never)
  )
    .privateKey.export({ format: "pem", type: "pkcs8" })
    .toString()
const ED25519 = pem("ed25519")
const P256 = pem("ec", "prime256v1")
const K256 = pem("ec", "secp256k1")
const dir = mkdtempSync(join(tmpdir(), "svc-options-"))
const edFile = join(dir, "ed25519.pem")
writeFileSync(edFile, ED25519)

const base = {
  baseUrl: "http://127.0.0.1:4010",
  apiKey: "svc_pk_secret_value_123",
  keyId: "key-1",
  redirectUrl: "https://shop.example/return?cart_id={cart_id}",
}

describe("provider options: the signing key is read and checked at validation", () => {
  it("accepts a key file that fits the algorithm, and an inline PEM for each algorithm", () => {
    expect(
      parseSvcProviderOptions({ ...base, privateKeyPath: edFile }).algorithm
    ).toBe("ed25519")
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        privateKey: P256,
        algorithm: "ecdsa-p256-sha256",
      })
    ).not.toThrow()
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        privateKey: K256,
        algorithm: "ecdsa-secp256k1-sha256",
      })
    ).not.toThrow()
  })

  it("refuses a privateKeyPath that does not exist, naming the option and the path", () => {
    const missing = join(dir, "nope.pem")
    expect(() =>
      parseSvcProviderOptions({ ...base, privateKeyPath: missing })
    ).toThrow(
      `\`privateKeyPath\`: cannot read ${missing} (no such file, ENOENT)`
    )
  })

  it("refuses a key that does not match algorithm, and says which algorithm it fits", () => {
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        privateKeyPath: edFile,
        algorithm: "ecdsa-p256-sha256",
      })
    ).toThrow(
      /`privateKeyPath`: the key \(file .*ed25519\.pem\) is an ed25519 key, but `algorithm` is ecdsa-p256-sha256/
    )
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        privateKey: K256,
        algorithm: "ecdsa-p256-sha256",
      })
    ).toThrow(
      /`privateKey`: the key is an ecdsa-secp256k1-sha256 key, but `algorithm` is ecdsa-p256-sha256/
    )
    expect(() =>
      parseSvcProviderOptions({ ...base, privateKey: P256 })
    ).toThrow(
      /`privateKey`: the key is an ecdsa-p256-sha256 key, but `algorithm` is ed25519/
    )
  })

  it("refuses text that is no key at all, without echoing it", () => {
    const secret =
      "-----BEGIN PRIVATE KEY-----\nc2VjcmV0LXN0dWZm\n-----END PRIVATE KEY-----"
    try {
      parseSvcProviderOptions({ ...base, privateKey: secret })
      throw new Error("should have thrown")
    } catch (e) {
      const m = (e as Error).message
      expect(m).toMatch(
        /`privateKey`: must be a PKCS#8 or SEC1 PEM private key/
      )
      expect(m).not.toContain("c2VjcmV0")
    }
  })

  it("accepts a one-line PEM with literal \\n (as environment variables often carry it)", () => {
    expect(() =>
      parseSvcProviderOptions({
        ...base,
        privateKey: ED25519.trim().replace(/\n/g, "\\n"),
      })
    ).not.toThrow()
  })

  it.each([
    "http://127.0.0.1:4010/v1",
    "http://127.0.0.1:4010/v1/",
    "https://api.svc.example/v1",
  ])("refuses a baseUrl ending in /v1 (%s): the client adds it", (baseUrl) => {
    expect(() =>
      parseSvcProviderOptions({ ...base, privateKey: ED25519, baseUrl })
    ).toThrow(
      /`baseUrl`: must not end in \/v1: the client adds \/v1 to every path/
    )
  })

  it("keeps a base address with another path", () => {
    expect(
      parseSvcProviderOptions({
        ...base,
        privateKey: ED25519,
        baseUrl: "https://gw.example/svc",
      }).baseUrl
    ).toBe("https://gw.example/svc")
  })

  it("is what each provider's static validateOptions runs (Medusa calls it while loading providers)", () => {
    const services = (
      SvcProviders as unknown as {
        services: { validateOptions(o: unknown): void }[]
      }
    ).services
    expect(services).toHaveLength(3)
    for (const s of services) {
      expect(() =>
        s.validateOptions({ ...base, privateKeyPath: join(dir, "missing.pem") })
      ).toThrow(/`privateKeyPath`: cannot read/)
      expect(() =>
        s.validateOptions({
          ...base,
          privateKey: ED25519,
          baseUrl: "http://x.example/v1",
        })
      ).toThrow(/`baseUrl`/)
    }
  })
})
