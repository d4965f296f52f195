#!/usr/bin/env node
"use strict"
// npx medusa-payment-svc sandbox [flags]: a local svc sandbox (see --help).
// npx medusa-payment-svc doctor [--json] | support-bundle [--out FILE]: inside a store (see --help).
const fs = require("node:fs")
const { spawnSync } = require("node:child_process")
const path = require("node:path")
const os = require("node:os")

const MAIN_HELP = `usage: medusa-payment-svc <command> [flags]

commands:
  sandbox         start a local svc sandbox (a stateful svc API over HTTP) and print
                  the store's SVC_* settings for it; \`medusa-payment-svc sandbox --help\`
  doctor          run the connection doctor inside the store (from its folder: its
                  medusa-config and database); exit 0 when nothing fails, 1 when a
                  check fails, 2 when it could not run; --json for machines
  support-bundle  write the doctor's report, versions, options (secrets masked) and
                  the last hour's svc events and refusals into one file to attach
                  to a support request; --out FILE (default svc-support-bundle-<time>.json)

flags:
  -h, --help      print this help
`

// One entry per flag: the parser, the help text and the tests read this table.
const SANDBOX_FLAGS = [
  { name: "--port", value: "N", help: "port to listen on (default 4010; 0 picks a free port)" },
  { name: "--host", value: "HOST", help: "address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)" },
  { name: "--webhook", value: "URL", help: "send svc webhooks (WALLET and PAYOUT) to URL; repeat for several, e.g. http://localhost:9000/hooks/svc" },
  { name: "--snapshot", value: "FILE", help: "keep the sandbox's state in FILE (JSON), so accounts, API keys and payments survive a restart; without it every start has new credentials" },
  { name: "--keys-dir", value: "DIR", help: "write the private keys (PEM) into DIR (default: next to the snapshot in FILE-keys/, else a new temporary folder)" },
  { name: "--config", value: "FILE", help: "JSON file of further sandbox options, e.g. {\"rateLimits\": false, \"checkoutFeeSen\": 0} (docs/sandbox.md)" },
  { name: "--help", alias: "-h", help: "print this help" },
]

const SANDBOX_HELP = `usage: medusa-payment-svc sandbox [flags]

Starts the svc sandbox and prints its base address and one API key per signing
algorithm, with a .env block for the store (SVC_BASE_URL is the address without
/v1: the client adds it). Runs until Ctrl-C.

flags:
${SANDBOX_FLAGS.map((f) => {
  const left = `  ${f.alias ? `${f.alias}, ` : "    "}${f.name}${f.value ? ` ${f.value}` : ""}`
  return `${left.padEnd(24)} ${f.help}`
}).join("\n")}
`

const DOCTOR_HELP = `usage: medusa-payment-svc doctor [--json]
       medusa-payment-svc support-bundle [--out FILE]

Run from the store's folder (where its medusa-config is): the command runs the
plugin's doctor script through \`medusa exec\`, with the store's configuration
and database, and asks svc as the admin page does (Settings → svc connection).

doctor          prints each check (ok, warn, fail) with what to do. Exit code: 0
                when no check fails (warnings only), 1 when a check fails, 2 when
                the doctor could not run (not a store, the store did not boot).
  --json        the report as JSON (the admin route's \`health\`), nothing else on stdout
support-bundle  writes one JSON file: the doctor's report, the versions, the
                plugin's options with every secret masked, the last hour's svc
                events and storefront refusals. No secret is written.
  --out FILE    where to write it (default ./svc-support-bundle-<time>.json)
  -h, --help    print this help
`

class UsageError extends Error {}
/** The doctor could not run (exit code 2). */
class CouldNotRun extends Error {}

/** Flags of `doctor` and `support-bundle`. */
function parseDoctorArgs(cmd, argv) {
  const out = { help: false, json: false, out: undefined }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === "--help" || a === "-h") out.help = true
    else if (a === "--json" && cmd === "doctor") out.json = true
    else if (cmd === "support-bundle" && (a === "--out" || a.startsWith("--out="))) {
      const v = a === "--out" ? argv[++i] : a.slice("--out=".length)
      if (!v || v.startsWith("-")) throw new UsageError("--out needs a value (FILE)")
      out.out = path.resolve(v)
    } else throw new UsageError(a.startsWith("-") ? `unknown flag ${a}` : `unexpected argument ${a}`)
  }
  return out
}

/**
 * Runs the shipped doctor script inside the store in the current folder
 * (\`medusa exec\`: the store's medusa-config, .env and database) and returns
 * the JSON text it wrote. Medusa's own log lines stay off stdout; when the
 * script wrote nothing, the end of that log is shown and CouldNotRun thrown.
 */
function runInStore(command) {
  const cwd = process.cwd()
  let cli
  try {
    cli = require.resolve("@medusajs/cli/cli.js", { paths: [cwd] })
  } catch {
    throw new CouldNotRun(`no Medusa store here (${cwd}): @medusajs/cli is not installed in this folder; run the command from the store's backend folder`)
  }
  const script = path.join(__dirname, "..", ".medusa", "server", "src", "scripts", "svc-doctor.js")
  if (!fs.existsSync(script)) throw new CouldNotRun(`the package has no build (${script} is missing): reinstall medusa-payment-svc`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-doctor-"))
  const out = path.join(dir, "result.json")
  try {
    const r = spawnSync(process.execPath, [cli, "exec", script], {
      cwd,
      env: { ...process.env, SVC_DOCTOR_COMMAND: command, SVC_DOCTOR_OUT: out },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: Number(process.env.SVC_DOCTOR_TIMEOUT_MS) || 300_000,
    })
    if (!fs.existsSync(out)) {
      const log = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n")
      throw new CouldNotRun(
        `the store did not boot for the doctor (medusa exec ${r.error ? r.error.message : `exited ${r.status}`}); its last lines:\n${log}`
      )
    }
    return fs.readFileSync(out, "utf8")
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const MARK = { ok: "ok  ", warn: "warn", fail: "FAIL" }
const SUMMARY = { ok: "working", warn: "working, with advice", fail: "not working" }

/** The report for a terminal: one line per check, its advice beneath. */
function formatReport(r) {
  const lines = [`svc doctor: ${SUMMARY[r.level] ?? r.level}: ${r.summary}`, `  svc ${r.base_url} (${r.environment}), API key ${r.api_key}, checked ${r.checked_at}`, ""]
  for (const c of r.checks) {
    lines.push(`  [${MARK[c.level] ?? c.level}] ${c.label}: ${c.detail}`)
    if (c.advice && c.level !== "ok") lines.push(`         -> ${c.advice}`)
  }
  return `${lines.join("\n")}\n`
}

function versions(cwd) {
  const v = { "medusa-payment-svc": require(path.join(__dirname, "..", "package.json")).version, node: process.version, platform: `${process.platform} ${process.arch}` }
  for (const p of ["@medusajs/medusa", "@medusajs/framework", "@medusajs/cli"]) {
    try {
      v[p] = require(require.resolve(`${p}/package.json`, { paths: [cwd] })).version
    } catch {
      v[p] = null
    }
  }
  return v
}

async function doctor(args) {
  const report = JSON.parse(runInStore("doctor"))
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report))
  return report.level === "fail" ? 1 : 0
}

async function supportBundleCommand(args) {
  const bundle = JSON.parse(runInStore("support-bundle"))
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-")
  const file = args.out ?? path.resolve(`svc-support-bundle-${stamp}.json`)
  const { kind, generated_at, ...rest } = bundle
  fs.writeFileSync(file, `${JSON.stringify({ kind, generated_at, versions: versions(process.cwd()), ...rest }, null, 2)}\n`, { mode: 0o600 })
  process.stdout.write(`support bundle written to ${file} (doctor: ${bundle.doctor.level}; no secret in it: attach it to your support request)\n`)
  return 0
}

/** Flags of `sandbox` into sandbox options; a UsageError names what is wrong. */
function parseSandboxArgs(argv) {
  const out = { help: false, port: 4010, host: undefined, webhooks: [], snapshot: undefined, keysDir: undefined, config: undefined }
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1
    const a = eq > 0 ? raw.slice(0, eq) : raw
    const flag = SANDBOX_FLAGS.find((f) => f.name === a || f.alias === a)
    if (!flag) {
      throw new UsageError(a.startsWith("-") ? `unknown flag ${a}` : `unexpected argument ${a}`)
    }
    if (!flag.value) {
      if (eq > 0) throw new UsageError(`${flag.name} takes no value`)
      out.help = true
      continue
    }
    let v
    if (eq > 0) v = raw.slice(eq + 1)
    else {
      v = argv[i + 1]
      if (v === undefined || (v.startsWith("-") && v !== "-")) throw new UsageError(`${flag.name} needs a value (${flag.value})`)
      i++
    }
    if (flag.name === "--port") {
      if (!/^\d+$/.test(v) || Number(v) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got ${v}`)
      out.port = Number(v)
    } else if (flag.name === "--host") out.host = v
    else if (flag.name === "--webhook") {
      if (!/^https?:\/\/\S+$/.test(v)) throw new UsageError(`--webhook must be an http(s) URL, got ${v}`)
      out.webhooks.push(v)
    } else if (flag.name === "--snapshot") out.snapshot = path.resolve(v)
    else if (flag.name === "--keys-dir") out.keysDir = path.resolve(v)
    else if (flag.name === "--config") out.config = path.resolve(v)
  }
  return out
}

function loadSandbox() {
  const compiled = path.join(__dirname, "..", ".medusa", "server", "src", "sandbox", "index.js")
  if (fs.existsSync(compiled)) return require(compiled)
  require("@swc-node/register")
  return require(path.join(__dirname, "..", "src", "sandbox", "index.ts"))
}

async function sandbox(args) {
  const opts = {}
  if (args.config) {
    try {
      Object.assign(opts, JSON.parse(fs.readFileSync(args.config, "utf8")))
    } catch (e) {
      throw new UsageError(`--config ${args.config}: ${e.code === "ENOENT" ? "no such file" : e.message}`)
    }
  }
  opts.port = args.port
  if (args.host) opts.host = args.host
  if (args.webhooks.length) opts.webhooks = args.webhooks
  if (args.snapshot) opts.snapshotFile = args.snapshot
  // one API key per algorithm, each with its own registered public key
  if (!opts.publicKeys) opts.extraAlgorithms = ["ed25519", "ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"]
  const keysDir =
    args.keysDir ||
    (args.snapshot ? `${args.snapshot.replace(/\.json$/i, "")}-keys` : fs.mkdtempSync(path.join(os.tmpdir(), "svc-sandbox-keys-")))
  const { startSandbox } = loadSandbox()
  const sb = await startSandbox(opts)
  fs.mkdirSync(keysDir, { recursive: true })
  console.log(`svc sandbox listening on ${sb.url}  (baseUrl ${sb.url}; the client adds /v1; control API at ${sb.url}/_sandbox)`)
  console.log(args.snapshot ? `state kept in ${args.snapshot} (credentials survive a restart)` : "no --snapshot: new credentials at every start")
  console.log(`private keys written to ${keysDir}`)
  const files = []
  for (const k of sb.keys) {
    let file = "(public key given)"
    if (k.privateKeyPem) {
      file = path.join(keysDir, `${k.algorithm}.pem`)
      fs.writeFileSync(file, k.privateKeyPem, { mode: 0o600 })
    }
    files.push({ k, file })
    console.log(`  ${k.algorithm.padEnd(24)} apiKey=${k.apiKey}  keyId=${k.keyId}  privateKey=${file}`)
  }
  const first = files.find((f) => f.k.privateKeyPem) ?? files[0]
  if (first) {
    console.log("")
    console.log(`# .env of the store (${first.k.algorithm}; any key above works with its own algorithm)`)
    console.log(`SVC_BASE_URL=${sb.url}`)
    console.log(`SVC_API_KEY=${first.k.apiKey}`)
    console.log(`SVC_KEY_ID=${first.k.keyId}`)
    console.log(`SVC_PRIVATE_KEY_PATH=${first.file}`)
    console.log(`SVC_ALGORITHM=${first.k.algorithm}`)
    console.log("")
  }
  if (args.webhooks.length) console.log(`webhooks -> ${args.webhooks.join(", ")}`)
  const stop = async () => {
    await sb.close()
    process.exit(0)
  }
  // set before "Ctrl-C to stop" is printed: a signal sent on reading it always closes cleanly
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  console.log("Ctrl-C to stop")
}

async function main(argv) {
  const [cmd, ...rest] = argv
  if (cmd === undefined || cmd === "--help" || cmd === "-h" || cmd === "help") {
    process.stdout.write(MAIN_HELP)
    return cmd === undefined ? 2 : 0
  }
  if (cmd === "doctor" || cmd === "support-bundle") {
    const args = parseDoctorArgs(cmd, rest)
    if (args.help) {
      process.stdout.write(DOCTOR_HELP)
      return 0
    }
    return cmd === "doctor" ? doctor(args) : supportBundleCommand(args)
  }
  if (cmd !== "sandbox") throw new UsageError(cmd.startsWith("-") ? `unknown flag ${cmd}` : `unknown command ${cmd}`)
  const args = parseSandboxArgs(rest)
  if (args.help) {
    process.stdout.write(SANDBOX_HELP)
    return 0
  }
  await sandbox(args)
  return undefined
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exitCode = code
    },
    (err) => {
      if (err instanceof CouldNotRun) {
        console.error(`medusa-payment-svc ${process.argv[2]}: ${err.message}`)
        process.exit(2)
      }
      if (err instanceof UsageError) {
        const sub = ["sandbox", "doctor", "support-bundle"].includes(process.argv[2]) ? ` ${process.argv[2]}` : ""
        console.error(`medusa-payment-svc${sub}: ${err.message}\nrun \`medusa-payment-svc${sub} --help\` for the flags`)
        process.exit(2)
      }
      console.error(err)
      process.exit(1)
    }
  )
}

module.exports = { parseSandboxArgs, parseDoctorArgs, formatReport, SANDBOX_FLAGS, SANDBOX_HELP, MAIN_HELP, DOCTOR_HELP, UsageError }
