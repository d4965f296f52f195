import { createHash, randomBytes, randomUUID } from "node:crypto"

export const uuid = (): string => randomUUID()

export const iso = (ms: number): string => new Date(ms).toISOString()

export const sha256Hex = (data: string | Buffer): string =>
  createHash("sha256").update(data).digest("hex")

export const randomHex = (bytes: number): string =>
  randomBytes(bytes).toString("hex")

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
export function randomBase58(len: number): string {
  const bytes = randomBytes(len)
  let out = ""
  for (let i = 0; i < len; i++) out += B58[bytes[i] % 58]
  return out
}

export const randomEvmAddress = (): string => "0x" + randomHex(20)
export const randomSolAddress = (): string => randomBase58(44)
export const randomEvmTxHash = (): string => "0x" + randomHex(32)
export const randomSolSignature = (): string => randomBase58(88)

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
export const SOL_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
export const EVM_TX_HASH = /^0x[0-9a-fA-F]{64}$/
export const UUID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const UUID_V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** JSON with sorted object keys: two bodies that differ only in key order are "the same body". */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value))
    return "[" + value.map(canonicalJson).join(",") + "]"
  if (value && typeof value === "object")
    return (
      "{" +
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => JSON.stringify(k) + ":" + canonicalJson(v))
        .join(",") +
      "}"
    )
  return JSON.stringify(value) ?? "null"
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)

/** A JSON object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** A thrown value's message. */
export const messageOf = (e: unknown): string =>
  e instanceof Error ? e.message : String(e)

export const formatRm = (sen: number): string =>
  "RM " +
  (sen / 100).toLocaleString("en-MY", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
