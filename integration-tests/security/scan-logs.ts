// The last step of `npm test` (scripts/test.sh): every log file of the whole run (TEST_LOG_DIR, one
// per integration test file, whatever order jest ran them in) is scanned for secrets: any unmasked
// svc API key (`svc_pk_…`; masked ones are `svc_pk…abcd`) and any PEM private key. The security
// spec also scans for its own sandbox's exact key material (raw key as base64 and hex included),
// which only it knows. Exit 1 with the findings, 0 when clean.
import { scanLogDir } from "../helpers/secrets-scan"

const dir = process.argv[2] ?? process.env.TEST_LOG_DIR
if (!dir) {
  console.error("scan-logs: no log directory (argument or TEST_LOG_DIR)")
  process.exit(2)
}
const scan = scanLogDir(dir, [])
const where = dir.replace(`${process.cwd()}/`, "")
if (scan.findings.length) {
  console.error(
    `== secrets scan: ${scan.findings.length} finding(s) in ${where}/ (${scan.files} files):`
  )
  for (const f of scan.findings.slice(0, 20))
    console.error(`  ${f.where}: ${f.what}: …${f.excerpt}…`)
  process.exit(1)
}
console.log(
  `== secrets scan: ${scan.files} log files, ${scan.bytes} characters in ${where}/: no API key, no private key`
)
