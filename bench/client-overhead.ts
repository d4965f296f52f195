/**
 * Client overhead: p50/p90 latency of a signed `checkout.create` (validation, signing,
 * digest, limiter, zod response parsing) vs a raw unsigned undici request with the same
 * body to the same local node:http server, interleaved in one run, per algorithm.
 *
 * Run: node -r @swc-node/register bench/client-overhead.ts
 * The server runs in a child process so it does not share the client's event loop.
 */
import { fork, type ChildProcess } from "node:child_process"
import { generateKeyPairSync, randomUUID } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Agent, request } from "undici"

import { SvcClient, SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from "../src/svc"

const RESPONSE = JSON.stringify({
  checkoutId: "6f1c1c52-3a51-4b8e-9a1d-0123456789ab",
  checkoutUrl: "https://pay.example/c/6f1c1c52?sig=abc",
  expiresAt: "2025-01-01T00:20:00.000Z",
})

function runServer(): void {
  const server = createServer((req, res) => {
    req.resume()
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(RESPONSE)
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }))
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number
}

function pem(alg: SignatureAlgorithm): string {
  const { privateKey } =
    alg === "ed25519"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", { namedCurve: alg === "ecdsa-p256-sha256" ? "prime256v1" : "secp256k1" })
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString()
}

async function main(): Promise<void> {
  const child: ChildProcess = fork(__filename, ["server"], { stdio: "inherit" })
  const port = await new Promise<number>((r) => child.once("message", (m) => r((m as { port: number }).port)))
  const baseUrl = `http://127.0.0.1:${port}`
  const rawAgent = new Agent({ headersTimeout: 15_000, bodyTimeout: 15_000, keepAliveTimeout: 4_000 })
  const budgetMs = 30_000
  const perAlgMs = budgetMs / SIGNATURE_ALGORITHMS.length
  const maxIter = 4000
  const warmup = 300
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

  console.log(`node ${process.version}, ${process.platform}/${process.arch}; server in a child process on ${baseUrl}`)
  console.log("alg                     iters  raw p50  raw p90  signed p50  signed p90  ratio p50  ratio p90")
  for (const alg of SIGNATURE_ALGORITHMS) {
    const client = new SvcClient({
      baseUrl,
      apiKey: "svc_pk_bench",
      keyId: "bench",
      privateKey: pem(alg),
      algorithm: alg,
      maxRetries: 0,
      accountRateLimit: 1_000_000,
      // The bench sends thousands of creates; a 1 ms window keeps the limiter's code path
      // in the measurement without ever making a request wait.
      rateLimitWindowMs: 1,
    })
    const raw = async () => {
      const bytes = JSON.stringify(bodyFor())
      const res = await request(`${baseUrl}/v1/checkout`, {
        dispatcher: rawAgent,
        method: "POST",
        headers: { "content-type": "application/json", "svc-api-key": "svc_pk_bench", "idempotency-key": randomUUID() },
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
    }
    const rawT: number[] = []
    const sigT: number[] = []
    const t0 = Date.now()
    for (let i = 0; i < maxIter && Date.now() - t0 < perAlgMs; i++) {
      // Interleave (and alternate the order) so drift affects both sides alike.
      const pair = i % 2 === 0 ? ([raw, rawT, signed, sigT] as const) : ([signed, sigT, raw, rawT] as const)
      let s = process.hrtime.bigint()
      await pair[0]()
      pair[1].push(Number(process.hrtime.bigint() - s) / 1000)
      s = process.hrtime.bigint()
      await pair[2]()
      pair[3].push(Number(process.hrtime.bigint() - s) / 1000)
    }
    const r50 = pct(rawT, 50)
    const r90 = pct(rawT, 90)
    const s50 = pct(sigT, 50)
    const s90 = pct(sigT, 90)
    console.log(
      `${alg.padEnd(22)} ${String(rawT.length).padStart(6)} ${r50.toFixed(0).padStart(6)}us ${r90.toFixed(0).padStart(6)}us ${s50
        .toFixed(0)
        .padStart(9)}us ${s90.toFixed(0).padStart(9)}us ${(s50 / r50).toFixed(2).padStart(9)}x ${(s90 / r90).toFixed(2).padStart(9)}x`,
    )
    await client.close()
  }
  await rawAgent.close()
  child.kill()
}

if (process.argv[2] === "server") runServer()
else
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
