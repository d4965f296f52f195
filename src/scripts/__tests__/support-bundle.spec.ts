import { parseSvcProviderOptions } from "../../lib/svc-runtime/options"
import { bundleText, maskOptions } from "../svc-doctor"
import { generateKeyPairSync } from "node:crypto"

// The support bundle shows the plugin's options with every secret masked, and its whole text
// passes the redaction of the options' secrets before it is written (the secrets scan of the
// written file: integration-tests/package/packed-install.spec.ts).
const pem = generateKeyPairSync("ed25519")
  .privateKey.export({ format: "pem", type: "pkcs8" })
  .toString()
const options = parseSvcProviderOptions({
  apiKey: "svc_pk_live_AbCdEfGhIjKlMnOpQrSt",
  keyId: "key_0123456789abcdef",
  privateKey: pem,
  baseUrl: "https://api.svc.example",
  redirectUrl: "https://shop.example/checkout/return?cart_id={cart_id}",
  webhookToken: "tok_abcdefghijklmnopqrstuvwxyz",
  redisUrl: "redis://default:hunter2hunter2@redis.internal:6379",
  watchEverySeconds: 10,
})

describe("the support bundle's options", () => {
  it("masks the API key as the doctor does, keeps only the length of the other secrets and the Redis password out; the rest as set", () => {
    const m = maskOptions(options)
    expect(m.apiKey).toBe("svc_pk_…QrSt")
    expect(m.privateKey).toBe(`(set, ${pem.length} characters)`)
    expect(m.keyId).toBe("(set, 20 characters)")
    expect(m.webhookToken).toBe("(set, 30 characters)")
    expect(m.redisUrl).toBe("redis://default:[secret]@redis.internal:6379")
    expect(m).toMatchObject({
      baseUrl: "https://api.svc.example",
      watchEverySeconds: 10,
      reconcileEveryMinutes: 5,
    })
  })

  it("the written text has no secret of the options, even where another part of the bundle quoted one", () => {
    const body = pem.split("\n").filter((l) => l && !l.startsWith("-----"))
    const text = bundleText(
      {
        options: maskOptions(options),
        doctor: {
          webhooks: {
            url: "https://shop.example/hooks/svc?token=tok_abcdefghijklmnopqrstuvwxyz",
          },
        },
        log: [
          `svc refused ${options.apiKey}`,
          `signing with ${pem}`,
          `key ${options.keyId}`,
          "redis://default:hunter2hunter2@redis.internal:6379",
        ],
      },
      options
    )
    for (const s of [
      options.apiKey,
      options.keyId!,
      "tok_abcdefghijklmnopqrstuvwxyz",
      "hunter2hunter2",
      "PRIVATE KEY",
      ...body,
    ])
      expect(text).not.toContain(s)
    expect(JSON.parse(text).doctor.webhooks.url).toBe(
      "https://shop.example/hooks/svc?token=[secret]"
    )
  })
})
