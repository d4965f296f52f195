// The Medusa app used by this repository's integration tests and the demo: the
// plugin's own source (src/) is loaded as the app (`inApp`), with its module and
// the three svc payment providers registered from TypeScript. A store that
// installs the plugin writes its own config: see README "Install".
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const svcOptions = {
  baseUrl: process.env.SVC_BASE_URL,
  apiKey: process.env.SVC_API_KEY,
  keyId: process.env.SVC_KEY_ID,
  privateKey: process.env.SVC_PRIVATE_KEY,
  privateKeyPath: process.env.SVC_PRIVATE_KEY_PATH,
  algorithm: process.env.SVC_ALGORITHM || "ed25519",
  redirectUrl: process.env.SVC_REDIRECT_URL || "http://localhost:9000/svc-demo/return?cart_id={cart_id}",
  titlePrefix: process.env.SVC_TITLE_PREFIX || "Order",
  ...(process.env.SVC_TIMEOUT_MS ? { timeoutMs: Number(process.env.SVC_TIMEOUT_MS) } : {}),
  ...(process.env.SVC_MAX_RETRIES ? { maxRetries: Number(process.env.SVC_MAX_RETRIES) } : {}),
  ...(process.env.SVC_ACCOUNT_RATE_LIMIT ? { accountRateLimit: Number(process.env.SVC_ACCOUNT_RATE_LIMIT) } : {}),
  ...(process.env.SVC_RATE_LIMIT_WINDOW_MS ? { rateLimitWindowMs: Number(process.env.SVC_RATE_LIMIT_WINDOW_MS) } : {}),
  ...(process.env.SVC_FAILED_PAYMENT_ORDER ? { failedPaymentOrder: process.env.SVC_FAILED_PAYMENT_ORDER } : {}),
  ...(process.env.SVC_WATCH_EVERY_SECONDS ? { watchEverySeconds: Number(process.env.SVC_WATCH_EVERY_SECONDS) } : {}),
  ...(process.env.SVC_RECONCILE_EVERY_MINUTES ? { reconcileEveryMinutes: Number(process.env.SVC_RECONCILE_EVERY_MINUTES) } : {}),
  ...(process.env.SVC_REDIS_URL ? { redisUrl: process.env.SVC_REDIS_URL } : {}),
  ...(process.env.SVC_WEBHOOK_TOKEN ? { webhookToken: process.env.SVC_WEBHOOK_TOKEN } : {}),
  // JSON of the storefrontLimits option (tests that are not about them set them out of reach)
  ...(process.env.SVC_STOREFRONT_LIMITS ? { storefrontLimits: JSON.parse(process.env.SVC_STOREFRONT_LIMITS) } : {}),
}

// Several instances (docs/deploy.md): with REDIS_URL set, Medusa's own Redis
// modules carry the events, workflows, locks and cache between instances.
const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      {
        resolve: "@medusajs/medusa/locking",
        options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
      },
    ]
  : []

// The demo (demo/start.ts) and store-extensions.spec: the example subscribers of docs/examples as a local plugin
// (testing/examples-plugin.ts), and Medusa's Notification Module with its local provider (each email
// written to the log), as a store would have them.
const demoExamples = process.env.SVC_EXAMPLES_PLUGIN
const demoModules = demoExamples
  ? [
      {
        resolve: "@medusajs/medusa/notification",
        options: { providers: [{ resolve: "@medusajs/medusa/notification-local", id: "local", options: { channels: ["email"] } }] },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server") || "shared",
    http: {
      storeCors: process.env.STORE_CORS || "*",
      adminCors: process.env.ADMIN_CORS || "*",
      authCors: process.env.AUTH_CORS || "*",
      // A store sets both (README, Install into a store: Options). The fallback is for this
      // repository's tests only; the demo makes its own (demo/start.ts, .demo/secrets.json).
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: process.env.MEDUSA_ADMIN_DISABLE !== "false" },
  plugins: demoExamples ? [{ resolve: demoExamples, options: {} }] : [],
  modules: [
    ...redisModules,
    ...demoModules,
    { resolve: "./src/modules/svc" },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "./src/providers/svc", id: "svc", options: svcOptions }],
      },
    },
  ],
})
