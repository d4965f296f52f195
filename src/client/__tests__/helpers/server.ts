import {
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto"
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http"
import type { AddressInfo } from "node:net"

import { ed25519 } from "@noble/curves/ed25519"
import { p256 } from "@noble/curves/nist"
import { secp256k1 } from "@noble/curves/secp256k1"
import { sha256 } from "@noble/hashes/sha2"

import {
  SvcClient,
  type SvcClientOptions,
  type SignatureAlgorithm,
} from "../../index"

export interface SeenRequest {
  method: string
  url: string
  path: string
  headers: IncomingMessage["headers"]
  body: string
  at: number
}

export type Handler = (
  req: SeenRequest,
  res: ServerResponse,
  n: number
) => void | Promise<void>

export interface TestServer {
  url: string
  seen: SeenRequest[]
  close(): Promise<void>
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const seen: SeenRequest[] = []
  const sockets = new Set<import("node:net").Socket>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const url = req.url ?? ""
      const r: SeenRequest = {
        method: req.method ?? "",
        url,
        path: url.split("?")[0] ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      }
      seen.push(r)
      void handler(r, res, seen.length)
    })
  })
  server.on("connection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify(body))
}

export function svcError(
  res: ServerResponse,
  status: number,
  code: string,
  message = code.toLowerCase(),
  headers: Record<string, string> = {}
): void {
  json(
    res,
    status,
    { code, message, requestId: "0b7d7a4e-1c9e-4c1e-9d5e-5a4f3c2b1a00" },
    headers
  )
}

export interface TestKey {
  algorithm: SignatureAlgorithm
  privatePem: string
  publicKey: KeyObject
}

export function testKey(algorithm: SignatureAlgorithm = "ed25519"): TestKey {
  const { privateKey, publicKey } =
    algorithm === "ed25519"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", {
          namedCurve:
            algorithm === "ecdsa-p256-sha256" ? "prime256v1" : "secp256k1",
        })
  return {
    algorithm,
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicKey: createPublicKey(
      publicKey.export({ format: "pem", type: "spki" })
    ),
  }
}

export const API_KEY = "svc_pk_TESTSECRET_0123456789"

export function makeClient(
  url: string,
  key: TestKey,
  extra: Partial<SvcClientOptions> = {}
): SvcClient {
  return new SvcClient({
    baseUrl: url,
    apiKey: API_KEY,
    keyId: "key-1",
    privateKey: key.privatePem,
    algorithm: key.algorithm,
    timeoutMs: 2000,
    retry: { baseMs: 5, capMs: 20, retryAfterCapMs: 300 },
    accountRateLimit: 10_000,
    ...extra,
  })
}

/**
 * Verify a request's signature with @noble/curves (the client signs with node:crypto), independently
 * of the client's code: rebuilds the base from the raw request (covered components from Signature-Input).
 */
export function verifySeen(
  r: SeenRequest,
  key: TestKey
): { ok: boolean; components: string[]; created: number } {
  const input = String(r.headers["signature-input"] ?? "")
  const m = /^sig1=\(([^)]*)\)(.*)$/.exec(input)
  if (!m) return { ok: false, components: [], created: NaN }
  const components = (m[1] ?? "")
    .split(" ")
    .filter(Boolean)
    .map((c) => c.replace(/"/g, ""))
  const created = Number(/;created=(\d+)/.exec(m[2] ?? "")?.[1])
  const lines = components.map((c) => {
    if (c === "@method") return `"@method": ${r.method}`
    if (c === "@path") return `"@path": ${r.path}`
    return `"${c}": ${String(r.headers[c] ?? "")}`
  })
  lines.push(`"@signature-params": (${m[1]})${m[2]}`)
  const base = Buffer.from(lines.join("\n"))
  const sig = Buffer.from(
    /^sig1=:(.*):$/.exec(String(r.headers.signature ?? ""))?.[1] ?? "",
    "base64"
  )
  return { ok: nobleVerify(key, base, sig), components, created }
}

function nobleVerify(key: TestKey, data: Uint8Array, sig: Uint8Array): boolean {
  const jwk = key.publicKey.export({ format: "jwk" })
  const b = (v: string | undefined) => Buffer.from(v ?? "", "base64url")
  try {
    if (key.algorithm === "ed25519")
      return ed25519.verify(sig, data, b(jwk.x), { zip215: false })
    const pub = Buffer.concat([Buffer.from([4]), b(jwk.x), b(jwk.y)])
    const curve = key.algorithm === "ecdsa-p256-sha256" ? p256 : secp256k1
    return curve.verify(sig, sha256(data), pub, {
      lowS: true,
      format: "compact",
    })
  } catch {
    return false
  }
}
