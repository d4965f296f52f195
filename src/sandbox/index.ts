import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs"
import { dirname } from "node:path"
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http"
import { handleApi } from "./signed-api/api"
import { ReplayGuard } from "./signed-api/auth"
import { makeControl, type SandboxControl } from "./control/control"
import { handleControl } from "./control/control-http"
import { makePayoutOps } from "./domain/payouts"
import { makeWalletOps } from "./domain/wallet"
import { Engine } from "./engine"
import { FaultInjector } from "./control/faults"
import { IdempotencyStore } from "./signed-api/idempotency"
import { handlePage } from "./pages/pages"
import { RateLimiter } from "./signed-api/rate-limit"
import { allRoutes } from "./routes"
import { CallCounter } from "./control/stats"
import {
  seedState,
  type Algorithm,
  type FeeConfig,
  type KeySpec,
  type SandboxState,
} from "./state"
import {
  WebhookDispatcher,
  type RetryConfig,
  type WebhookConfig,
} from "./webhooks"

export type { SandboxControl, CheckoutView } from "./control/control"
export type {
  Algorithm,
  AccountStatus,
  Feature,
  FeeConfig,
  LimitsConfig,
  SandboxState,
} from "./state"
export type { FaultSpec, FaultKind } from "./control/faults"
export type {
  WebhookConfig,
  WebhookEvent,
  WebhookFaultSpec,
  DeliveryAttempt,
  RetryConfig,
} from "./webhooks"
export type { SimulateDepositOptions } from "./domain/wallet"
export type { CallStats, RouteCounts, RouteName } from "./control/stats"
export { maskApiKey } from "./control/stats"

export interface SandboxCredentials {
  apiKey: string
  keyId: string
  algorithm: Algorithm
  /** PKCS#8 PEM; empty when the key was registered from a given public key */
  privateKeyPem: string
}

export interface PublicKeyRegistration {
  algorithm: Algorithm
  publicKeyPem: string
  apiKey?: string
  keyId?: string
}

export interface SandboxOptions {
  /** 0 = a random free port (default) */
  port?: number
  /** default 127.0.0.1 */
  host?: string
  /** algorithm of the seeded key (default ed25519); a new keypair is generated */
  algorithm?: Algorithm
  /** also seed one key per listed algorithm (see `Sandbox.keys`) */
  extraAlgorithms?: Algorithm[]
  /** register these public keys instead of generating keypairs (the first is `credentials`) */
  publicKeys?: PublicKeyRegistration[]
  /** webhook endpoints per type; a plain array registers the URLs for both WALLET and PAYOUT */
  webhooks?: WebhookConfig
  /** JSON file: loaded at start if present, written on every change, so a restart keeps state */
  snapshotFile?: string
  /** webhook delivery retries: attempts (default 5) and the first backoff (default 1000 ms, doubling) */
  webhookRetry?: Partial<RetryConfig>
  /** flat checkout fee in sen for FPX checkouts (default 100; 0 = no checkout fee configured) */
  checkoutFeeSen?: number
  fees?: Partial<FeeConfig>
  /** false disables rate limiting; otherwise the account ceiling per window (default 100, the sandbox value) and the window (default 60 000 ms, svc's; tests shrink it) */
  rateLimits?: false | { accountPerMinute?: number; windowMs?: number }
  /** print internal errors (default true) */
  logErrors?: boolean
}

export interface Sandbox {
  /** base address, no trailing slash; routes at `${url}/v1/...` */
  url: string
  close(): Promise<void>
  control: SandboxControl
  credentials: SandboxCredentials
  /** every seeded key (the first is `credentials`) */
  keys: SandboxCredentials[]
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > 1_000_000) {
        reject(new Error("body too large"))
        req.destroy()
      } else chunks.push(c)
    })
    req.on("end", () => resolve(Buffer.concat(chunks)))
    req.on("error", reject)
  })

export async function startSandbox(
  options: SandboxOptions = {}
): Promise<Sandbox> {
  const keySpecs: KeySpec[] = options.publicKeys?.length
    ? options.publicKeys.map((k) => ({ ...k }))
    : [options.algorithm ?? "ed25519", ...(options.extraAlgorithms ?? [])]
        .filter((a, i, all) => all.indexOf(a) === i)
        .map((algorithm) => ({ algorithm }))
  const fees: Partial<FeeConfig> = { ...options.fees }
  if (options.checkoutFeeSen !== undefined)
    fees.checkoutFeeSen = options.checkoutFeeSen
  const fresh = (): SandboxState =>
    seedState({ keys: keySpecs, fees, now: Date.now() })

  let state: SandboxState
  if (options.snapshotFile && existsSync(options.snapshotFile))
    // cast: the file is the state this sandbox saved (JSON.stringify of a SandboxState)
    state = JSON.parse(
      readFileSync(options.snapshotFile, "utf8")
    ) as SandboxState
  else state = fresh()

  const webhooks = new WebhookDispatcher(options.webhooks, {
    attempts: 5,
    baseDelayMs: 1000,
    ...options.webhookRetry,
  })
  const engine = new Engine(state, webhooks)
  const wallet = makeWalletOps(engine)
  const payouts = makePayoutOps(engine)
  engine.wallet = wallet
  engine.payouts = payouts
  const faults = new FaultInjector()
  const limiter = new RateLimiter(
    options.rateLimits === false
      ? null
      : (options.rateLimits?.accountPerMinute ?? 100),
    () => engine.now(),
    options.rateLimits ? options.rateLimits.windowMs : undefined
  )
  if (options.rateLimits === false) limiter.disabled = true
  const replay = new ReplayGuard()
  const idempotency = new IdempotencyStore(
    () => engine.state.idempotency,
    () => engine.now()
  )
  const routes = allRoutes()
  const calls = new CallCounter()

  let saveQueued = false
  if (options.snapshotFile) {
    const file = options.snapshotFile
    // A new state is on disk before its credentials are handed out: whatever ends this process
    // afterwards (SIGKILL, a crash, a signal before the handlers are set), the next start has them.
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file + ".tmp", JSON.stringify(engine.state))
      renameSync(file + ".tmp", file)
    }
    engine.onChange = () => {
      if (saveQueued) return
      saveQueued = true
      setImmediate(() => {
        saveQueued = false
        writeFileSync(file + ".tmp", JSON.stringify(engine.state))
        renameSync(file + ".tmp", file)
      })
    }
  }

  const control = makeControl({
    engine,
    faults,
    webhooks,
    limiter,
    wallet,
    payouts,
    calls,
    reset: () => {
      const next = fresh()
      // credentials and token ids stay valid across a reset
      next.keys = engine.state.keys
      next.networks = engine.state.networks
      engine.state = next
      engine.changed()
    },
  })

  let baseUrl = ""
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      let rawBody: Buffer
      try {
        rawBody = await readBody(req)
      } catch {
        res.writeHead(413).end()
        return
      }
      const url = new URL(req.url ?? "/", baseUrl)
      try {
        if (url.pathname.startsWith("/v1/"))
          await handleApi(
            {
              engine,
              routes,
              faults,
              limiter,
              replay,
              idempotency,
              calls,
              baseUrl: () => baseUrl,
            },
            req,
            res,
            rawBody,
            url
          )
        else if (url.pathname.startsWith("/_sandbox/"))
          await handleControl(control, req, res, rawBody, url)
        else await handlePage(engine, req, res, rawBody, url)
      } catch (err) {
        if (options.logErrors !== false) console.error("[svc sandbox]", err)
        if (!res.headersSent)
          res.writeHead(500, { "content-type": "text/plain" })
        res.end("internal error")
      }
    })()
  })
  server.keepAliveTimeout = 1000

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () =>
      resolve()
    )
  })
  const addr = server.address()
  // a TCP server's address (a string only for a pipe or socket path)
  if (!addr || typeof addr === "string") throw new Error("sandbox: no port")
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address
  baseUrl = `http://${host}:${addr.port}`

  // timed transitions also run in real time, so a demo sees payouts settle without advancing the clock
  const ticker = setInterval(() => engine.tick(), 500)
  ticker.unref()

  const creds = (): SandboxCredentials[] =>
    engine.state.keys.map((k) => ({
      apiKey: k.apiKey,
      keyId: k.keyId,
      algorithm: k.algorithm,
      privateKeyPem: k.privateKeyPem,
    }))

  let closed: Promise<void> | null = null
  return {
    url: baseUrl,
    control,
    credentials: creds()[0],
    keys: creds(),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        clearInterval(ticker)
        webhooks.close()
        if (options.snapshotFile)
          writeFileSync(options.snapshotFile, JSON.stringify(engine.state))
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closed
    },
  }
}
