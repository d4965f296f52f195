import { startSandbox } from "../../src/sandbox"
import { freePort } from "../../testing/free-port"
import { SHOPPER_LIMITS_OUT_OF_REACH } from "../../testing/shopper-limits"

export type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>

/**
 * Starts an svc sandbox before the Medusa app boots and fills `env` (read by
 * the root medusa-config.ts) with its address and seeded credentials. The
 * sandbox's webhooks go to the Medusa app's documented webhook URL.
 * Call before medusaIntegrationTestRunner so this beforeAll runs first.
 */
export function useSvcSandbox(
  opts: {
    timeoutMs?: number
    maxRetries?: number
    failedPaymentOrder?: "cancel" | "flag"
    watchEverySeconds?: number
    /** The scheduled reconciliation job's interval (default 0: off; tests run it by hand). */
    reconcileEveryMinutes?: number
    /** Where svc's webhooks go: the plugin's `/hooks/svc` (default) or Medusa's `/hooks/payment/svc-wallet_svc`. */
    webhookPath?: string
    /** The provider option `webhookToken` (SVC_WEBHOOK_TOKEN): the sandbox's webhook URL then carries `?token=`. */
    webhookToken?: string
    /** More env for the Medusa app, set after the sandbox's (these win for the same name). */
    runnerEnv?: Record<string, string>
  } = {}
) {
  const env: Record<string, string> = {}
  const saved: Record<string, string | undefined> = {}
  const ref: { sandbox: SandboxHandle; medusaUrl: string; webhookUrl: string } =
    {} as never
  beforeAll(async () => {
    const port = await freePort()
    ref.medusaUrl = `http://127.0.0.1:${port}`
    ref.webhookUrl = `${ref.medusaUrl}${opts.webhookPath ?? "/hooks/svc"}${opts.webhookToken ? `?token=${opts.webhookToken}` : ""}`
    ref.sandbox = await startSandbox({
      webhooks: { WALLET: [ref.webhookUrl], PAYOUT: [ref.webhookUrl] },
      rateLimits: false,
      webhookRetry: { attempts: 3, baseDelayMs: 200 },
    } as never)
    const c = ref.sandbox.credentials
    Object.assign(env, {
      PORT: String(port),
      SVC_BASE_URL: ref.sandbox.url,
      SVC_API_KEY: c.apiKey,
      SVC_KEY_ID: c.keyId,
      SVC_PRIVATE_KEY: c.privateKeyPem,
      SVC_ALGORITHM: c.algorithm,
      SVC_REDIRECT_URL:
        "http://localhost:8000/checkout/return?cart_id={cart_id}",
      SVC_TIMEOUT_MS: String(opts.timeoutMs ?? 2000),
      SVC_MAX_RETRIES: String(opts.maxRetries ?? 2),
      SVC_ACCOUNT_RATE_LIMIT: "100000",
      SVC_STOREFRONT_LIMITS: SHOPPER_LIMITS_OUT_OF_REACH,
      SVC_FAILED_PAYMENT_ORDER: opts.failedPaymentOrder ?? "cancel",
      // The watcher is off unless a test is about it: tests that run the job or
      // the settle path by hand decide when a lost webhook is found.
      SVC_WATCH_EVERY_SECONDS: String(opts.watchEverySeconds ?? 0),
      // The scheduled reconciliation job likewise: Medusa fires it at every five-minute boundary of
      // the wall clock, and a test that drives the settle path by hand would race it (a fresh-clone
      // run: settle-race.cases's "the next run cancels" found the order already canceled by the job at 22:05:00).
      SVC_RECONCILE_EVERY_MINUTES: String(opts.reconcileEveryMinutes ?? 0),
      MEDUSA_WORKER_MODE: "shared",
      ...(opts.webhookToken ? { SVC_WEBHOOK_TOKEN: opts.webhookToken } : {}),
      ...opts.runnerEnv,
    })
    // medusa-config.ts is read before the runner applies `env`: set it now.
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k]
      process.env[k] = v
    }
  })
  // A test's faults end with it: every test of every file that uses the sandbox starts with
  // none (injected route faults and webhook faults alike), so no test can leak them into the next.
  beforeEach(() => ref.sandbox?.control.clearFaults())
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    await ref.sandbox?.close()
  })
  return { env, ref }
}
