#!/usr/bin/env node
"use strict"
// npx medusa-payment-svc sandbox [--port N] [--host H] [--webhook URL ...] [--config file.json] [--snapshot file.json] [--keys-dir DIR]
const fs = require("node:fs")
const path = require("node:path")
const os = require("node:os")

function loadSandbox() {
  const compiled = path.join(__dirname, "..", ".medusa", "server", "src", "sandbox", "index.js")
  if (fs.existsSync(compiled)) return require(compiled)
  require("@swc-node/register")
  return require(path.join(__dirname, "..", "src", "sandbox", "index.ts"))
}

function usage(code) {
  console.log("usage: medusa-payment-svc sandbox [--port N] [--host H] [--webhook URL ...] [--config file.json] [--snapshot file.json] [--keys-dir DIR]")
  process.exit(code)
}

async function main(argv) {
  if (argv[0] !== "sandbox") usage(argv[0] === "--help" || argv[0] === "-h" ? 0 : 1)
  const opts = {}
  const webhooks = []
  let keysDir
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]
    const next = () => {
      if (i + 1 >= argv.length) usage(1)
      return argv[++i]
    }
    if (a === "--port") opts.port = Number(next())
    else if (a === "--host") opts.host = next()
    else if (a === "--webhook") webhooks.push(next())
    else if (a === "--config") Object.assign(opts, JSON.parse(fs.readFileSync(next(), "utf8")))
    else if (a === "--snapshot") opts.snapshotFile = path.resolve(next())
    else if (a === "--keys-dir") keysDir = path.resolve(next())
    else if (a === "--help" || a === "-h") usage(0)
    else usage(1)
  }
  if (webhooks.length) opts.webhooks = webhooks
  if (opts.port === undefined) opts.port = 4010
  // one API key per algorithm, each with its own registered public key
  if (!opts.publicKeys) opts.extraAlgorithms = ["ed25519", "ecdsa-p256-sha256", "ecdsa-secp256k1-sha256"]
  const { startSandbox } = loadSandbox()
  const sandbox = await startSandbox(opts)
  keysDir = keysDir || fs.mkdtempSync(path.join(os.tmpdir(), "svc-sandbox-keys-"))
  fs.mkdirSync(keysDir, { recursive: true })
  console.log(`svc sandbox listening on ${sandbox.url}  (API at ${sandbox.url}/v1, control at ${sandbox.url}/_sandbox)`)
  console.log(`private keys written to ${keysDir}`)
  for (const k of sandbox.keys) {
    let file = "(public key given)"
    if (k.privateKeyPem) {
      file = path.join(keysDir, `${k.algorithm}.pem`)
      fs.writeFileSync(file, k.privateKeyPem, { mode: 0o600 })
    }
    console.log(`  ${k.algorithm.padEnd(24)} apiKey=${k.apiKey}  keyId=${k.keyId}  privateKey=${file}`)
  }
  if (webhooks.length) console.log(`webhooks -> ${webhooks.join(", ")}`)
  console.log("Ctrl-C to stop")
  const stop = async () => {
    await sandbox.close()
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err)
  process.exit(1)
})
