import { startSandbox, type Sandbox, type SandboxOptions } from "../../index"
import { TestApi } from "./http"
import { newKey } from "./signer"

export async function boot(options: SandboxOptions = {}) {
  const sandbox: Sandbox = await startSandbox({
    port: 0,
    rateLimits: false,
    webhookRetry: { attempts: 3, baseDelayMs: 20 },
    ...options,
  })
  const api = new TestApi(sandbox.url, sandbox.credentials)
  const networks = (await api.get("/v1/wallet/networks")).body as Array<{
    id: string
    type: string
    tokens: Array<{ id: string }>
  }>
  const tokenId = networks.find((n) => n.type === "EVM")!.tokens[0].id
  const address = (await api.get("/v1/wallet/address")).body as {
    evmAddress: string
    solAddress: string
  }
  return { sandbox, api, tokenId, address }
}

export function checkoutBody(
  tokenId: string,
  over: Record<string, unknown> = {}
) {
  return {
    type: "SVC_ACCOUNT",
    addressTo: "0x" + "ab".repeat(20),
    amount: 5000,
    tokenId,
    redirectUrl: "https://shop.example/return?order=1",
    title: "Order " + newKey(),
    ...over,
  }
}
