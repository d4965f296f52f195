import { request } from "undici"
import { startSandbox, type Sandbox } from "../index"
import { TestApi } from "./helpers/http"
import { newKey, signHeaders } from "./helpers/signer"
import { checkoutBody } from "./helpers/fixtures"

describe("sandbox auth", () => {
  let sb: Sandbox
  let api: TestApi
  let tokenId: string
  beforeAll(async () => {
    sb = await startSandbox({
      rateLimits: false,
      extraAlgorithms: ["ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"],
    })
    api = new TestApi(sb.url, sb.credentials)
    tokenId = (await api.get("/v1/wallet/networks")).body[0].tokens[0].id
  })
  afterAll(() => sb.close())

  const create = (opts: Parameters<TestApi["send"]>[3] = {}) =>
    api.post("/v1/checkout", checkoutBody(tokenId), {
      idempotencyKey: newKey(),
      ...opts,
    })

  it("health answers with the key, via svc-api-key or Bearer", async () => {
    const a = await api.get("/v1/health")
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({
      success: true,
      account: { type: "BUSINESS", status: "ACTIVE" },
    })
    const r = await request(sb.url + "/v1/health", {
      headers: { authorization: `Bearer ${sb.credentials.apiKey}` },
    })
    expect(r.statusCode).toBe(200)
    await r.body.dump()
  })

  it.each([
    ["missing", {}],
    ["unknown", { "svc-api-key": "svc_pk_nope" }],
    ["bad prefix", { "svc-api-key": "sk_live_x" }],
  ])("401 for a %s key", async (_n, headers) => {
    const r = await request(sb.url + "/v1/health", { headers })
    expect(r.statusCode).toBe(401)
    const body = (await r.body.json()) as any
    expect(body.code).toBe("UNAUTHORIZED")
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("accepts every algorithm", async () => {
    for (const k of sb.keys) {
      const r = await new TestApi(sb.url, k).post(
        "/v1/checkout",
        checkoutBody(tokenId),
        { idempotencyKey: newKey() }
      )
      expect(r.status).toBe(200)
    }
    expect(sb.keys.map((k) => k.algorithm)).toEqual([
      "ed25519",
      "ecdsa-p256-sha256",
      "ecdsa-secp256k1-sha256",
    ])
  })

  it.each([
    ["no Signature", { sign: { omit: ["signature" as const] } }],
    ["no Signature-Input", { sign: { omit: ["signature-input" as const] } }],
    ["no Content-Digest", { sign: { omit: ["content-digest" as const] } }],
    ["digest mismatch", { sign: { digestOf: "{}" } }],
    [
      "alg differs from the registered key",
      { sign: { alg: "ecdsa-p256-sha256" } },
    ],
    ["wrong keyid", { sign: { keyId: "other" } }],
    // `created` is whole seconds and the sandbox compares it with the exact time:
    // floor(now) + 6 is only (1 - fraction of the second) past the 5 s window, so a
    // loaded CI machine verified it inside the window. 10 s is clearly outside.
    // Getters: computed when the test runs, not when this table is built.
    [
      "31 s old",
      {
        sign: {
          get created() {
            return Math.floor(Date.now() / 1000) - 31
          },
        },
      },
    ],
    [
      "10 s in the future (window 5 s)",
      {
        sign: {
          get created() {
            return Math.floor(Date.now() / 1000) + 10
          },
        },
      },
    ],
    [
      "components not as the spec",
      { sign: { components: ["@method", "@path", "content-digest"] } },
    ],
  ])("401 on a write with %s", async (_n, opts) => {
    const r = await create(opts)
    expect(r.status).toBe(401)
    expect(r.body.code).toBe("UNAUTHORIZED")
  })

  /** A checkout's body and the headers signed for it; `post` sends them as given. */
  const signedCheckout = () => {
    const body = JSON.stringify(checkoutBody(tokenId))
    const headers = {
      ...signHeaders(sb.credentials, "POST", "/v1/checkout", body),
      "idempotency-key": newKey(),
    }
    const post = (h = headers, b = body) =>
      request(sb.url + "/v1/checkout", { method: "POST", headers: h, body: b })
    return { body, headers, post }
  }

  it("rejects a body that differs from the signed digest", async () => {
    const { body, post } = signedCheckout()
    const r = await post(undefined, body + " ")
    expect(r.statusCode).toBe(401)
    await r.body.dump()
  })

  it("accepts a signature once (replay is 401)", async () => {
    const { headers, post } = signedCheckout()
    const first = await post()
    expect(first.statusCode).toBe(200)
    await first.body.dump()
    const again = await post({ ...headers, "idempotency-key": newKey() })
    expect(again.statusCode).toBe(401)
    expect(((await again.body.json()) as any).message).toMatch(/already used/)
  })

  it("advancing the sandbox clock does not break auth", async () => {
    sb.control.advanceClock(3600)
    expect((await create()).status).toBe(200)
  })

  it("registers given public keys instead of generating", async () => {
    const { generateKeyPairSync } = await import("node:crypto")
    const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
    const other = await startSandbox({
      rateLimits: false,
      publicKeys: [
        {
          algorithm: "ecdsa-p256-sha256",
          publicKeyPem: pair.publicKey
            .export({ type: "spki", format: "pem" })
            .toString(),
          apiKey: "svc_pk_given",
          keyId: "given-key",
        },
      ],
    })
    try {
      expect(other.credentials).toMatchObject({
        apiKey: "svc_pk_given",
        keyId: "given-key",
        privateKeyPem: "",
      })
      const api2 = new TestApi(other.url, {
        ...other.credentials,
        privateKeyPem: pair.privateKey
          .export({ type: "pkcs8", format: "pem" })
          .toString(),
      })
      const t = (await api2.get("/v1/wallet/networks")).body[0].tokens[0].id
      expect(
        (
          await api2.post("/v1/checkout", checkoutBody(t), {
            idempotencyKey: newKey(),
          })
        ).status
      ).toBe(200)
    } finally {
      await other.close()
    }
  })
})
