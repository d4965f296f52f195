import { createHash, createPrivateKey, randomUUID, sign } from "node:crypto"

// A tiny RFC 9421 signer for the sandbox's own tests, independent of src/client (the client).

export interface TestCredentials {
  apiKey: string
  keyId: string
  algorithm: string
  privateKeyPem: string
}

export interface SignOptions {
  created?: number
  alg?: string
  keyId?: string
  components?: string[]
  /** sign these bytes but send others (digest mismatch tests) */
  digestOf?: string
  omit?: Array<"signature" | "signature-input" | "content-digest">
}

const produced = new Set<string>()

/**
 * ed25519 is deterministic: the same request signed twice in the same second gives the same
 * signature, which the sandbox (like svc) rejects as a replay. A retry therefore moves `created`
 * back a second when it would repeat an earlier signature.
 */
export function signHeaders(
  creds: TestCredentials,
  method: string,
  path: string,
  body: string | undefined,
  o: SignOptions = {}
): Record<string, string> {
  for (let back = 0; ; back++) {
    const h = signOnce(creds, method, path, body, {
      ...o,
      created: (o.created ?? Math.floor(Date.now() / 1000)) - back,
    })
    if (
      o.created !== undefined ||
      !produced.has(h.signature ?? "") ||
      back > 20
    ) {
      produced.add(h.signature ?? "")
      return h
    }
  }
}

function signOnce(
  creds: TestCredentials,
  method: string,
  path: string,
  body: string | undefined,
  o: SignOptions
) {
  const headers: Record<string, string> = { "svc-api-key": creds.apiKey }
  const hasBody = body !== undefined && body.length > 0
  if (hasBody) {
    headers["content-type"] = "application/json"
    headers["content-digest"] = `sha-256=:${createHash("sha256")
      .update(o.digestOf ?? body)
      .digest("base64")}:`
  }
  const components =
    o.components ??
    (hasBody
      ? ["@method", "@path", "content-digest", "content-type"]
      : ["@method", "@path"])
  const created = o.created ?? Math.floor(Date.now() / 1000)
  const alg = o.alg ?? creds.algorithm
  const params = `(${components.map((c) => `"${c}"`).join(" ")});created=${created};keyid="${o.keyId ?? creds.keyId}";alg="${alg}"`
  const lines = components.map((c) => {
    if (c === "@method") return `"@method": ${method.toUpperCase()}`
    if (c === "@path") return `"@path": ${path.split("?")[0]}`
    return `"${c}": ${headers[c] ?? ""}`
  })
  lines.push(`"@signature-params": ${params}`)
  const base = Buffer.from(lines.join("\n"))
  const key = createPrivateKey(creds.privateKeyPem)
  const sig =
    creds.algorithm === "ed25519"
      ? sign(null, base, key)
      : sign("sha256", base, { key, dsaEncoding: "ieee-p1363" })
  headers["signature-input"] = `sig1=${params}`
  headers["signature"] = `sig1=:${sig.toString("base64")}:`
  for (const h of o.omit ?? []) delete headers[h]
  return headers
}

export const newKey = (): string => randomUUID()
