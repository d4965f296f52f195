// Secrets scan (security suite): the API key and the private key must never appear
// in Medusa's logs or in any response body. A spec builds the needles from the sandbox's
// credentials, records every response body it sees, and scans those and the log directory.
import { createPrivateKey } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"

export type SecretNeedle = { what: string; value: string }
export type SecretFinding = { where: string; what: string; excerpt: string }

/** Any unmasked API key (the sandbox's and svc's look like `svc_pk_…`; masked ones are `svc_pk…abcd`). */
const ANY_API_KEY = /svc_pk_[A-Za-z0-9_]{12,}/g
/** A PEM private key of any kind (PKCS#8, SEC1, encrypted). */
const ANY_PEM_PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/g

/**
 * What must never be seen of one set of credentials: the API key, the PEM body (the base64
 * between the armour lines, joined, and each of its lines), and the raw private key
 * (the scalar or seed) as base64, base64url and hex.
 */
export function secretNeedles(creds: {
  apiKey: string
  privateKeyPem?: string
}): SecretNeedle[] {
  const needles: SecretNeedle[] = [{ what: "API key", value: creds.apiKey }]
  const pem = creds.privateKeyPem?.trim()
  if (pem) {
    const lines = pem.split(/\r?\n/).filter((l) => l && !l.startsWith("-----"))
    needles.push({ what: "private key PEM body", value: lines.join("") })
    for (const l of lines)
      if (l.length >= 40)
        needles.push({ what: "private key PEM line", value: l })
    const jwk = createPrivateKey(pem).export({ format: "jwk" }) as {
      d?: string
    }
    if (jwk.d) {
      const raw = Buffer.from(jwk.d, "base64url")
      needles.push(
        {
          what: "raw private key (base64)",
          value: raw.toString("base64").replace(/=+$/, ""),
        },
        { what: "raw private key (base64url)", value: jwk.d },
        { what: "raw private key (hex)", value: raw.toString("hex") }
      )
    }
  }
  return needles
}

/** What precedes a finding, to locate it; the secret itself is never printed. */
function excerptAt(text: string, at: number): string {
  return `${text.slice(Math.max(0, at - 60), at).replace(/\s+/g, " ")}[secret]`
}

/** Findings in one text: each needle (case-insensitive for hex), any unmasked API key, any PEM private key. */
export function scanText(
  text: string,
  needles: SecretNeedle[],
  where: string
): SecretFinding[] {
  const found: SecretFinding[] = []
  const lower = text.toLowerCase()
  for (const n of needles) {
    const at = /^[0-9a-f]+$/.test(n.value)
      ? lower.indexOf(n.value)
      : text.indexOf(n.value)
    if (at >= 0)
      found.push({ where, what: n.what, excerpt: excerptAt(text, at) })
  }
  for (const [re, what] of [
    [ANY_API_KEY, "an unmasked API key"],
    [ANY_PEM_PRIVATE_KEY, "a PEM private key"],
  ] as const) {
    for (const m of text.matchAll(re))
      found.push({ where, what, excerpt: excerptAt(text, m.index ?? 0) })
  }
  return found
}

/** Scans every file under `dir` (the test logs of the whole run: TEST_LOG_DIR). */
export function scanLogDir(
  dir: string | undefined,
  needles: SecretNeedle[]
): { files: number; bytes: number; findings: SecretFinding[] } {
  const out = { files: 0, bytes: 0, findings: [] as SecretFinding[] }
  if (!dir || !existsSync(dir)) return out
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      const st = statSync(p)
      if (st.isDirectory()) walk(p)
      else if (st.isFile()) {
        const text = readFileSync(p, "utf8")
        out.files++
        out.bytes += text.length
        out.findings.push(...scanText(text, needles, p))
      }
    }
  }
  walk(dir)
  return out
}

/**
 * Every response body a spec saw, to scan at the end. `watchAxios` hooks the integration
 * runner's `api` (an axios instance) so nothing is missed; `add` takes bodies from other clients.
 */
export class ResponseRecorder {
  readonly bodies: { where: string; text: string }[] = []

  add(where: string, body: unknown): void {
    if (body === undefined || body === null || body === "") return
    this.bodies.push({
      where,
      text:
        typeof body === "string"
          ? body
          : Buffer.isBuffer(body)
            ? body.toString("utf8")
            : JSON.stringify(body),
    })
  }

  watchAxios(api: {
    interceptors: {
      response: { use: (ok: (r: any) => any, err: (e: any) => any) => number }
    }
  }): void {
    api.interceptors.response.use(
      (r) => {
        this.add(
          `${String(r.config?.method).toUpperCase()} ${r.config?.url} → ${r.status}`,
          r.data
        )
        return r
      },
      (e) => {
        const r = e?.response
        if (r)
          this.add(
            `${String(r.config?.method).toUpperCase()} ${r.config?.url} → ${r.status}`,
            r.data
          )
        return Promise.reject(e)
      }
    )
  }

  scan(needles: SecretNeedle[]): SecretFinding[] {
    return this.bodies.flatMap((b) =>
      scanText(b.text, needles, `response ${b.where}`)
    )
  }
}
