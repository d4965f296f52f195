import { generateKeyPairSync } from "node:crypto"
import { configManager } from "@medusajs/framework/config"
import { config as reconcile } from "../svc-reconcile"
import { config as watch } from "../svc-watch-checkouts"

// Imported above, before any config is loaded (as a test file or another
// module may): the schedules are still the provider's options once Medusa's
// config is, since Medusa reads them at load. Built at import, they were the
// defaults (a job every 5 minutes, a watcher every 5 s) whatever was set.
const privateKey = generateKeyPairSync("ed25519")
  .privateKey.export({ format: "pem", type: "pkcs8" })
  .toString()

const load = (options: Record<string, unknown>) =>
  configManager.loadConfig({
    baseDir: process.cwd(),
    projectConfig: {
      projectConfig: {
        databaseUrl: "postgres://localhost/none",
        redisUrl: "redis://localhost:6379",
        http: { jwtSecret: "a", cookieSecret: "b" },
      },
      modules: {
        payment: {
          resolve: "@medusajs/medusa/payment",
          options: {
            providers: [
              {
                resolve: "medusa-payment-svc/providers/svc",
                id: "svc",
                options: {
                  apiKey: "svc_pk_test_AbCdEfGhIjKlMnOpQrSt",
                  keyId: "key_0123456789abcdef",
                  privateKey,
                  baseUrl: "https://api.svc.example",
                  redirectUrl:
                    "https://shop.example/checkout?cart_id={cart_id}",
                  ...options,
                },
              },
            ],
          },
        },
      },
    } as never,
  })

describe("the jobs' schedules", () => {
  it("are the options of the config Medusa loaded, not of the moment the files were imported", () => {
    load({ reconcileEveryMinutes: 60, watchEverySeconds: 2 })
    expect(reconcile.schedule).toBe("0 */1 * * *")
    expect(watch.schedule).toEqual({ interval: 2_000 })
    load({ reconcileEveryMinutes: 15, watchEverySeconds: 0 })
    expect(reconcile.schedule).toBe("*/15 * * * *")
    // off: the watcher still has a schedule, and returns at once
    expect(watch.schedule).toEqual({ interval: 60_000 })
  })
})
