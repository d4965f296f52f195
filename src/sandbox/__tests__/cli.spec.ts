import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

// `npx medusa-payment-svc --help` and `sandbox --help` describe every flag;
// an unknown flag is named; `--snapshot` keeps the printed .env valid across restarts.
const bin = join(__dirname, "..", "..", "..", "bin", "medusa-payment-svc.js")
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cli = require(bin) as {
  SANDBOX_FLAGS: { name: string; alias?: string; value?: string }[]
  parseSandboxArgs(a: string[]): Record<string, unknown>
}
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  })

describe("medusa-payment-svc CLI", () => {
  it("--help names the sandbox command; exit 0", () => {
    const r = run("--help")
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/sandbox\s+start a local svc sandbox/)
  })

  it("sandbox --help describes every flag the parser accepts", () => {
    const r = run("sandbox", "--help")
    expect(r.status).toBe(0)
    expect(cli.SANDBOX_FLAGS.map((f) => f.name).sort()).toEqual([
      "--config",
      "--help",
      "--host",
      "--keys-dir",
      "--port",
      "--snapshot",
      "--webhook",
    ])
    for (const f of cli.SANDBOX_FLAGS) {
      const line = r.stdout.split("\n").find((l) => l.includes(` ${f.name}`))
      expect(line).toBeDefined()
      if (f.value) expect(line).toContain(`${f.name} ${f.value}`)
      expect(line!.trim().length).toBeGreaterThan(f.name.length + 20) // a description, not just the name
    }
    expect(run("sandbox", "-h").stdout).toBe(r.stdout)
  })

  it.each([
    [
      ["sandbox", "--prot", "4010"],
      "medusa-payment-svc sandbox: unknown flag --prot",
    ],
    [["sandbox", "--port"], "--port needs a value (N)"],
    [
      ["sandbox", "--port", "abc"],
      "--port must be a number from 0 to 65535, got abc",
    ],
    [
      ["sandbox", "--webhook", "localhost:9000"],
      "--webhook must be an http(s) URL, got localhost:9000",
    ],
    [["sandbox", "extra"], "unexpected argument extra"],
    [["sandbx"], "unknown command sandbx"],
    [["--verbose"], "unknown flag --verbose"],
  ])("refuses %j, naming what is wrong (exit 2)", (args, message) => {
    const r = run(...args)
    expect(r.status).toBe(2)
    expect(r.stderr).toContain(message)
    expect(r.stderr).toMatch(/--help/)
  })

  it("parses every flag, also as --flag=value", () => {
    expect(
      cli.parseSandboxArgs([
        "--port=0",
        "--host",
        "0.0.0.0",
        "--webhook",
        "http://a/h",
        "--webhook=http://b/h",
        "--snapshot",
        "s.json",
        "--keys-dir",
        "k",
        "--config",
        "c.json",
      ])
    ).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      webhooks: ["http://a/h", "http://b/h"],
      snapshot: expect.stringMatching(/s\.json$/),
      keysDir: expect.stringMatching(/k$/),
      config: expect.stringMatching(/c\.json$/),
    })
  })

  /** Starts the sandbox CLI, returns its printed .env block once it is ready, then stops it. */
  function startOnce(
    args: string[],
    signal: NodeJS.Signals = "SIGTERM"
  ): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bin, "sandbox", ...args], {
        env: { ...process.env, NODE_OPTIONS: "" },
      })
      let out = ""
      const timer = setTimeout(() => {
        child.kill("SIGKILL")
        reject(new Error(`no "Ctrl-C to stop" within 30 s:\n${out}`))
      }, 30_000)
      child.stderr.on("data", (b) => (out += b))
      child.stdout.on("data", (b) => {
        out += b
        if (!out.includes("Ctrl-C to stop")) return
        clearTimeout(timer)
        const env = Object.fromEntries(
          out
            .split("\n")
            .filter((l) => /^SVC_[A-Z_]+=/.test(l))
            .map((l) => l.split(/=(.*)/s).slice(0, 2))
        )
        child.on("exit", () => resolve(env))
        child.kill(signal)
      })
    })
  }

  it("prints a .env block for the store; with --snapshot the same credentials and key file after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-cli-"))
    const snapshot = join(dir, "sandbox.json")
    const first = await startOnce(["--port", "0", "--snapshot", snapshot])
    expect(Object.keys(first).sort()).toEqual([
      "SVC_ALGORITHM",
      "SVC_API_KEY",
      "SVC_BASE_URL",
      "SVC_KEY_ID",
      "SVC_PRIVATE_KEY_PATH",
    ])
    expect(first.SVC_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/) // no /v1
    expect(first.SVC_PRIVATE_KEY_PATH).toBe(
      join(dir, "sandbox-keys", "ed25519.pem")
    )
    const second = await startOnce(["--port", "0", "--snapshot", snapshot])
    expect({ ...second, SVC_BASE_URL: "" }).toEqual({
      ...first,
      SVC_BASE_URL: "",
    }) // --port 0: a new port each time
  }, 60_000)

  it("--snapshot: the printed credentials survive a process killed at once after printing them (SIGKILL)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-cli-"))
    const snapshot = join(dir, "state", "sandbox.json") // a folder that does not exist yet
    const first = await startOnce(
      ["--port", "0", "--snapshot", snapshot],
      "SIGKILL"
    )
    const second = await startOnce(["--port", "0", "--snapshot", snapshot])
    expect(second.SVC_API_KEY).toMatch(/^svc_pk_sandbox_/)
    expect({ ...second, SVC_BASE_URL: "" }).toEqual({
      ...first,
      SVC_BASE_URL: "",
    })
  }, 60_000)
})
