/**
 * What OpenTelemetry costs on the hot path, in one run: `checkout.retrieve` (the read that
 * proves a payment; a create is held to svc's 120 a minute by the client) against a local server, with no OpenTelemetry registered (the API's no-op, as in a store
 * that did not register it) and with a tracer and a meter provider registered (spans to an
 * in-memory exporter through the SDK's batch processor, metrics to a reader), in alternating
 * rounds. Prints each mode's p50 and mean per call and the ratio registered ÷ not.
 *
 * Run: node -r @swc-node/register bench/otel-cost.ts [calls per round, default 1500] [rounds, default 6]
 * The server runs in a child process so it does not share the client's event loop.
 */
import { generateKeyPairSync } from "node:crypto"
import { metrics, trace } from "@opentelemetry/api"
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics"
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  InMemorySpanExporter,
} from "@opentelemetry/sdk-trace-base"

import { SvcClient } from "../src/client"
import { startJsonServer } from "./lib/json-server"

const ID = "6f1c1c52-3a51-4b8e-9a1d-0123456789ab"
const TOKEN = "8b3e3e74-5c73-4da0-9c3f-23456789abcd"
const at = "2025-01-01T00:00:00.000Z"
const RESPONSE = JSON.stringify({
  checkoutId: ID,
  type: "FPX_HOSTED",
  status: "COMPLETED",
  amount: "12345",
  fee: "0",
  netAmount: "12345",
  addressTo: "0x52908400098527886E0F7030069857D2E4169EE7",
  tokenId: TOKEN,
  token: { id: TOKEN, name: "Token", symbol: "TKN" },
  title: "order-1",
  description: null,
  redirectUrl: "https://shop.example/r",
  txHash: null,
  paidAt: at,
  expiresAt: at,
  createdAt: at,
  updatedAt: at,
})

class Reader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve()
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[
    Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))
  ]!
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

async function main(): Promise<void> {
  const calls = Number(process.argv[2] ?? 1500)
  const rounds = Number(process.argv[3] ?? 6)
  const server = await startJsonServer(RESPONSE)
  const { privateKey } = generateKeyPairSync("ed25519")
  const client = new SvcClient({
    baseUrl: server.url,
    apiKey: "bench-key",
    keyId: "bench",
    privateKey: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    algorithm: "ed25519",
    maxRetries: 0,
    accountRateLimit: 1_000_000,
  })
  const exporter = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(exporter)],
  })
  const reader = new Reader()
  const meterProvider = new MeterProvider({ readers: [reader] })
  const times: Record<"off" | "on", number[]> = { off: [], on: [] }
  let spans = 0
  // warm-up: JIT, the connection, both modes once
  for (let i = 0; i < 300; i++) await client.checkout.retrieve(ID)
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 === 0
      ? (["off", "on"] as const)
      : (["on", "off"] as const)) {
      if (mode === "on") {
        trace.setGlobalTracerProvider(tracerProvider)
        metrics.setGlobalMeterProvider(meterProvider)
      }
      for (let i = 0; i < calls; i++) {
        const t = process.hrtime.bigint()
        await client.checkout.retrieve(ID)
        times[mode].push(Number(process.hrtime.bigint() - t) / 1000)
      }
      if (mode === "on") {
        await tracerProvider.forceFlush()
        spans += exporter.getFinishedSpans().length
        exporter.reset()
        await reader.collect()
        trace.disable()
        metrics.disable()
      }
    }
  }
  const row = (m: "off" | "on") =>
    `${pct(times[m], 50).toFixed(0)} µs p50, ${mean(times[m]).toFixed(0)} µs mean`
  console.log(
    `checkout.retrieve, ${rounds} rounds × ${calls} calls per mode, interleaved`
  )
  console.log(`  OpenTelemetry not registered: ${row("off")}`)
  console.log(
    `  registered (spans + metrics): ${row("on")}   (${spans} spans exported)`
  )
  console.log(
    `  added per call when registered: ${(pct(times.on, 50) - pct(times.off, 50)).toFixed(0)} µs p50, ${(mean(times.on) - mean(times.off)).toFixed(0)} µs mean`
  )
  console.log(
    `  ratio registered ÷ not: p50 ${(pct(times.on, 50) / pct(times.off, 50)).toFixed(3)}×, mean ${(mean(times.on) / mean(times.off)).toFixed(3)}×`
  )
  await client.close()
  server.close()
  await tracerProvider.shutdown()
  await meterProvider.shutdown()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
