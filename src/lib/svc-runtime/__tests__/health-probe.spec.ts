import { createServer } from "node:net"

import { startSandbox, type Sandbox } from "../../../sandbox"
import { probeSvcHealth, resetProbeMemory } from "../health-probe"

// At start, one GET /v1/health against svc (here the sandbox over real HTTP);
// what only svc can say about the setup is logged once, as a warning naming the option.
let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false, logErrors: false })
})
afterAll(async () => {
  await sandbox?.close()
})
beforeEach(() => resetProbeMemory())

function config(patch: Record<string, unknown> = {}, workerMode = "shared") {
  const c = sandbox.credentials
  const options = {
    baseUrl: sandbox.url,
    apiKey: c.apiKey,
    keyId: c.keyId,
    privateKey: c.privateKeyPem,
    algorithm: c.algorithm,
    redirectUrl: "https://shop.example/return?cart_id={cart_id}",
    ...patch,
  }
  return {
    projectConfig: { workerMode },
    modules: {
      payment: {
        resolve: "@medusajs/medusa/payment",
        options: {
          providers: [
            { resolve: "medusa-payment-svc/providers/svc", id: "svc", options },
          ],
        },
      },
    },
  }
}

function logs() {
  const lines: { level: string; m: string }[] = []
  return {
    lines,
    logger: {
      info: (m: string) => lines.push({ level: "info", m }),
      warn: (m: string) => lines.push({ level: "warn", m }),
    },
    warnings: () => lines.filter((l) => l.level === "warn").map((l) => l.m),
  }
}

async function closedPort(): Promise<number> {
  const srv = createServer()
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r))
  const port = (srv.address() as { port: number }).port
  await new Promise<void>((r) => srv.close(() => r()))
  return port
}

describe("startup health probe", () => {
  it("right setup: one info line with the account, no warning", async () => {
    const l = logs()
    const out = await probeSvcHealth({
      configModule: config() as never,
      logger: l.logger,
    })
    expect(out.kind).toBe("ok")
    expect(l.warnings()).toEqual([])
    expect(l.lines).toHaveLength(1)
    expect(l.lines[0].m).toMatch(/accepted the API key \(account .+\)/)
  })

  it("401 (an API key svc does not know): a warning naming apiKey, keyId, privateKey and algorithm, never the key", async () => {
    const l = logs()
    const wrong = "svc_pk_not_registered_secret_123"
    const out = await probeSvcHealth({
      configModule: config({ apiKey: wrong }) as never,
      logger: l.logger,
    })
    expect(out).toEqual({ kind: "credentials", status: 401 })
    expect(l.warnings()).toHaveLength(1)
    const w = l.warnings()[0]
    for (const name of ["`apiKey`", "`keyId`", "`privateKey`", "`algorithm`"])
      expect(w).toContain(name)
    expect(w).not.toContain(wrong)
    expect(w).not.toContain("PRIVATE KEY")
  })

  it("404 (a base address that is not svc's): a warning naming baseUrl", async () => {
    const l = logs()
    const out = await probeSvcHealth({
      configModule: config({ baseUrl: `${sandbox.url}/api` }) as never,
      logger: l.logger,
    })
    expect(out).toEqual({ kind: "base-url", status: 404 })
    expect(l.warnings()).toHaveLength(1)
    expect(l.warnings()[0]).toMatch(
      /has no svc API .*404.*check the provider option `baseUrl`/
    )
  })

  it("unreachable: a warning naming baseUrl, within the probe's budget", async () => {
    const l = logs()
    const port = await closedPort()
    const t0 = Date.now()
    const out = await probeSvcHealth({
      configModule: config({ baseUrl: `http://127.0.0.1:${port}` }) as never,
      logger: l.logger,
    })
    expect(Date.now() - t0).toBeLessThan(5_000)
    expect(out.kind).toBe("unreachable")
    expect(l.warnings()).toHaveLength(1)
    expect(l.warnings()[0]).toMatch(
      new RegExp(
        `could not reach svc at http://127.0.0.1:${port} .*ECONNREFUSED.*\`baseUrl\``
      )
    )
  })

  it("logged once per process and account, however many times it is called", async () => {
    const l = logs()
    const cfg = config({ apiKey: "svc_pk_unknown_again" })
    await probeSvcHealth({ configModule: cfg as never, logger: l.logger })
    const again = await probeSvcHealth({
      configModule: cfg as never,
      logger: l.logger,
    })
    expect(again).toEqual({ kind: "skipped", why: "already-probed" })
    expect(l.warnings()).toHaveLength(1)
  })

  it("HTTP-only instances (workerMode server) do not probe: one warning per deployment's workers", async () => {
    const l = logs()
    const before = sandbox.control.stats().total
    const out = await probeSvcHealth({
      configModule: config({}, "server") as never,
      logger: l.logger,
    })
    expect(out).toEqual({ kind: "skipped", why: "server-mode" })
    expect(l.lines).toEqual([])
    expect(sandbox.control.stats().total).toBe(before)
  })

  it("no svc provider configured: says where to add it", async () => {
    const l = logs()
    const out = await probeSvcHealth({
      configModule: { projectConfig: {}, modules: {} } as never,
      logger: l.logger,
    })
    expect(out).toEqual({ kind: "skipped", why: "not-configured" })
    expect(l.warnings()[0]).toMatch(/no svc payment provider is configured/)
  })
})
