#!/usr/bin/env node
"use strict"
// npx medusa-payment-svc sandbox [flags]: a local svc sandbox (see --help).
const fs = require("node:fs")
const path = require("node:path")
const os = require("node:os")

const MAIN_HELP = `usage: medusa-payment-svc <command> [flags]

commands:
  sandbox    start a local svc sandbox (a stateful svc API over HTTP) and print
             the store's SVC_* settings for it; \`medusa-payment-svc sandbox --help\`

flags:
  -h, --help print this help
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

class UsageError extends Error {}

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
      if (err instanceof UsageError) {
        const sub = process.argv[2] === "sandbox" ? " sandbox" : ""
        console.error(`medusa-payment-svc${sub}: ${err.message}\nrun \`medusa-payment-svc${sub} --help\` for the flags`)
        process.exit(2)
      }
      console.error(err)
      process.exit(1)
    }
  )
}

module.exports = { parseSandboxArgs, SANDBOX_FLAGS, SANDBOX_HELP, MAIN_HELP, UsageError }
