/**
 * Client overhead per algorithm, in one run: p50 latency of a raw unsigned undici POST and of
 * a signed `checkout.create` (validation, JSON, digest, signing, limiter, headers, zod response
 * parsing) to the same local node:http server, interleaved; the cryptographic floor (one
 * signature + one SHA-256 of the same body, with the implementation the client uses); and
 * the ratio (client - raw) / floor. Target: <= 1.5x.
 * It also times secp256k1 signing with node:crypto (OpenSSL) and @noble/curves side by side,
 * the measurement behind SECP256K1_SIGNER in src/client/signing/signers.ts.
 *
 * Run: node -r @swc-node/register bench/client-overhead.ts   (npm run bench)
 * The server runs in a child process so it does not share the client's event loop (bench/lib/json-server.ts).
 */
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto"
import { Agent, request } from "undici"

import {
  SvcClient,
  SIGNATURE_ALGORITHMS,
  signatureBase,
  contentDigest,
  type SignatureAlgorithm,
} from "../src/client"
import { startJsonServer } from "./lib/json-server"
import {
  createSigningKey,
  nativeSigner,
  nobleSecp256k1Signer,
  privateKeyObject,
  SECP256K1_SIGNER,
} from "../src/client/signing/signers"

const RESPONSE = JSON.stringify({
  checkoutId: "6f1c1c52-3a51-4b8e-9a1d-0123456789ab",
  checkoutUrl: "https://pay.example/c/6f1c1c52?sig=abc",
  expiresAt: "2025-01-01T00:20:00.000Z",
})

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number
}

function pem(alg: SignatureAlgorithm): string {
  const { privateKey } =
    alg === "ed25519"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", {
          namedCurve: alg === "ecdsa-p256-sha256" ? "prime256v1" : "secp256k1",
        })
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString()
}

/** µs taken by one synchronous call. */
function time(f: () => unknown): number {
  const s = process.hrtime.bigint()
  f()
  return Number(process.hrtime.bigint() - s) / 1000
}

let seq = 0
const bodyFor = () => ({
  type: "FPX_HOSTED" as const,
  addressTo: "0x52908400098527886E0F7030069857D2E4169EE7",
  amount: 12345,
  tokenId: "8b3e3e74-5c73-4da0-9c3f-23456789abcd",
  redirectUrl: "https://shop.example/return?order=1",
  title: `order-${++seq}`, // unique reconciliation handle (spec: Idempotency rules 4)
  feeMode: "DEDUCT_FROM_AMOUNT" as const,
})

/** The signature base the client signs for a checkout.create carrying `body`. */
function baseFor(body: Buffer, alg: SignatureAlgorithm): Buffer {
  const headers = {
    "content-digest": contentDigest(body),
    "content-type": "application/json",
  }
  const components = ["@method", "@path", "content-digest", "content-type"]
  const created = Math.floor(Date.now() / 1000)
  return Buffer.from(
    signatureBase(
      { method: "POST", path: "/v1/checkout", headers },
      components,
      { created, keyid: "bench", alg }
    )
  )
}

/** secp256k1 signing, node:crypto (OpenSSL) vs @noble/curves, interleaved. */
function secp256k1Comparison(iters: number): void {
  const key = privateKeyObject(
    pem("ecdsa-secp256k1-sha256"),
    "ecdsa-secp256k1-sha256"
  )
  const openssl = nativeSigner("ecdsa-secp256k1-sha256", key)
  const noble = nobleSecp256k1Signer(key)
  const base = baseFor(
    Buffer.from(JSON.stringify(bodyFor())),
    "ecdsa-secp256k1-sha256"
  )
  for (let i = 0; i < 200; i++) {
    openssl.sign(base)
    noble.sign(base)
  }
  const o: number[] = []
  const n: number[] = []
  for (let i = 0; i < iters; i++) {
    o.push(time(() => openssl.sign(base)))
    n.push(time(() => noble.sign(base)))
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  console.log(
    `secp256k1 signing, ${iters} each, interleaved (client uses: ${SECP256K1_SIGNER})`
  )
  console.log(
    `  node:crypto (OpenSSL ${process.versions.openssl})  p50 ${pct(o, 50).toFixed(1)}us  mean ${mean(o).toFixed(1)}us`
  )
  console.log(
    `  @noble/curves                    p50 ${pct(n, 50).toFixed(1)}us  mean ${mean(n).toFixed(1)}us`
  )
}

async function main(): Promise<void> {
  const server = await startJsonServer(RESPONSE)
  const baseUrl = server.url
  const rawAgent = new Agent({
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
    keepAliveTimeout: 4_000,
  })
  const budgetMs = Number(process.env.BENCH_BUDGET_MS ?? 45_000)
  const perAlgMs = budgetMs / SIGNATURE_ALGORITHMS.length
  const maxIter = 6000
  const warmup = 500

  console.log(
    `node ${process.version}, OpenSSL ${process.versions.openssl}, ${process.platform}/${process.arch}; server in a child process on ${baseUrl}`
  )
  secp256k1Comparison(2000)
  console.log("")
  console.log(
    "alg                     pairs  raw p50  client p50  floor p50  (client-raw)/floor   raw p90  client p90"
  )
  for (const alg of SIGNATURE_ALGORITHMS) {
    const privateKey = pem(alg)
    const client = new SvcClient({
      baseUrl,
      apiKey: "svc_pk_bench",
      keyId: "bench",
      privateKey,
      algorithm: alg,
      maxRetries: 0,
      accountRateLimit: 1_000_000,
      // The bench sends thousands of creates; a 1 ms window keeps the limiter's code path
      // in the measurement without ever making a request wait.
      rateLimitWindowMs: 1,
    })
    // The floor: the same signer the client holds, over a base of the same shape and size.
    const signer = createSigningKey(privateKey, alg)
    const floor = () => {
      const bytes = Buffer.from(JSON.stringify(bodyFor()))
      const base = baseFor(bytes, alg)
      return time(() => {
        createHash("sha256").update(bytes).digest()
        signer.sign(base)
      })
    }
    const raw = async () => {
      const bytes = JSON.stringify(bodyFor())
      const res = await request(`${baseUrl}/v1/checkout`, {
        dispatcher: rawAgent,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "svc-api-key": "svc_pk_bench",
          "idempotency-key": randomUUID(),
        },
        body: bytes,
      })
      JSON.parse(await res.body.text())
    }
    const signed = async () => {
      await client.checkout.create(bodyFor())
    }
    for (let i = 0; i < warmup; i++) {
      await raw()
      await signed()
      floor()
    }
    const rawT: number[] = []
    const sigT: number[] = []
    const floorT: number[] = []
    const t0 = Date.now()
    for (let i = 0; i < maxIter && Date.now() - t0 < perAlgMs; i++) {
      // Interleave (and alternate the order) so drift affects all three alike.
      const pair =
        i % 2 === 0
          ? ([raw, rawT, signed, sigT] as const)
          : ([signed, sigT, raw, rawT] as const)
      let s = process.hrtime.bigint()
      await pair[0]()
      pair[1].push(Number(process.hrtime.bigint() - s) / 1000)
      s = process.hrtime.bigint()
      await pair[2]()
      pair[3].push(Number(process.hrtime.bigint() - s) / 1000)
      floorT.push(floor())
    }
    const r50 = pct(rawT, 50)
    const s50 = pct(sigT, 50)
    const f50 = pct(floorT, 50)
    const us = (x: number, w: number) => `${x.toFixed(0)}us`.padStart(w)
    console.log(
      `${alg.padEnd(22)} ${String(rawT.length).padStart(6)} ${us(r50, 8)} ${us(s50, 11)} ${us(f50, 10)} ${`${((s50 - r50) / f50).toFixed(2)}x`.padStart(19)} ${us(pct(rawT, 90), 9)} ${us(pct(sigT, 90), 11)}`
    )
    await client.close()
  }
  await rawAgent.close()
  server.close()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
