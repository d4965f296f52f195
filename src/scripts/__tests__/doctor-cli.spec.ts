import { spawnSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

// The package's `doctor` and `support-bundle` commands: their flags, the report as a terminal
// shows it, and the exit code 2 when they cannot run. Run in a store they are tested in
// integration-tests/package/packed-install.spec.ts (exit 0 and 1, --json, the bundle's secrets scan).
const bin = join(__dirname, "..", "..", "..", "bin", "medusa-payment-svc.js")
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cli = require(bin) as {
  parseDoctorArgs(
    cmd: string,
    a: string[]
  ): { help: boolean; json: boolean; out?: string }
  formatReport(r: unknown): string
}
const run = (args: string[], cwd: string) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8" })

describe("medusa-payment-svc doctor | support-bundle", () => {
  it("flags: --json for doctor, --out FILE for support-bundle; anything else is a usage error", () => {
    expect(cli.parseDoctorArgs("doctor", ["--json"])).toMatchObject({
      json: true,
      help: false,
    })
    expect(cli.parseDoctorArgs("support-bundle", ["--out", "b.json"]).out).toBe(
      join(process.cwd(), "b.json")
    )
    expect(cli.parseDoctorArgs("support-bundle", ["--out=x/b.json"]).out).toBe(
      join(process.cwd(), "x/b.json")
    )
    expect(() => cli.parseDoctorArgs("support-bundle", ["--json"])).toThrow(
      "unknown flag --json"
    )
    expect(() => cli.parseDoctorArgs("doctor", ["--out", "b.json"])).toThrow(
      "unknown flag --out"
    )
    expect(() => cli.parseDoctorArgs("support-bundle", ["--out"])).toThrow(
      "--out needs a value (FILE)"
    )
    expect(() => cli.parseDoctorArgs("doctor", ["now"])).toThrow(
      "unexpected argument now"
    )
  })

  it("the report for a terminal: the summary, then one line per check with its advice when not ok", () => {
    const text = cli.formatReport({
      level: "warn",
      summary: "Checkout watcher: switched off",
      base_url: "http://127.0.0.1:4010",
      environment: "sandbox",
      api_key: "svc_pk_…abcd",
      checked_at: "2026-11-27T03:00:00.000Z",
      checks: [
        {
          id: "api_key",
          label: "API key",
          level: "ok",
          detail: "accepted",
          advice: null,
        },
        {
          id: "job_watch",
          label: "Checkout watcher",
          level: "warn",
          detail: "switched off",
          advice: "Set watchEverySeconds.",
        },
      ],
    })
    expect(text.split("\n")).toEqual([
      "svc doctor: working, with advice: Checkout watcher: switched off",
      "  svc http://127.0.0.1:4010 (sandbox), API key svc_pk_…abcd, checked 2026-11-27T03:00:00.000Z",
      "",
      "  [ok  ] API key: accepted",
      "  [warn] Checkout watcher: switched off",
      "         -> Set watchEverySeconds.",
      "",
    ])
  })

  it("exit 2: outside a store (no Medusa CLI in reach), and on a usage error; --help exits 0", () => {
    const empty = mkdtempSync(join(tmpdir(), "svc-doctor-cli-"))
    const r = run(["doctor"], empty)
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(
      /^medusa-payment-svc doctor: no Medusa store here \(.*\): @medusajs\/cli is not installed in this folder/
    )
    expect(r.stdout).toBe("")
    expect(run(["support-bundle", "--bogus"], empty).status).toBe(2)
    const help = run(["doctor", "--help"], empty)
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: medusa-payment-svc doctor \[--json\]/)
  })
})
