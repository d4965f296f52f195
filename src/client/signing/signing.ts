/**
 * RFC 9421 HTTP Message Signatures and RFC 9530 Content-Digest for svc
 * (spec: Authentication). Pure helpers, exported so tests can reproduce the RFC vectors,
 * and the per-client RequestSigner the request core uses on every signed attempt.
 *
 * Structured fields (Signature-Input, Signature, Content-Digest) are serialized
 * with `structured-headers`, never pasted by hand. Keys and signers: ./signers.
 */
import { createHash } from "node:crypto"
import {
  serializeDictionary,
  serializeInnerList,
  type Item,
  type Parameters,
} from "structured-headers"

import type { SigningKey } from "./signers"

export const SIGNATURE_ALGORITHMS = [
  "ed25519",
  "ecdsa-p256-sha256",
  "ecdsa-secp256k1-sha256",
] as const
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number]

/** Label used by svc (spec: Authentication, "Signature shape (label `sig1`)"). */
export const SIGNATURE_LABEL = "sig1"
/** Covered components for a request with a JSON body. */
export const BODY_COMPONENTS = [
  "@method",
  "@path",
  "content-digest",
  "content-type",
] as const
/** Covered components for a bodyless write (DELETE, redrive, trigger-address POST). */
export const BODYLESS_COMPONENTS = ["@method", "@path"] as const

const encoder = new TextEncoder()

function toBytes(input: Uint8Array | string): Uint8Array {
  return typeof input === "string" ? encoder.encode(input) : input
}

/** RFC 9530 Content-Digest field value, e.g. `sha-256=:X48E9q...:`. */
export function contentDigest(
  body: Uint8Array | string,
  algorithm: "sha-256" | "sha-512" = "sha-256"
): string {
  const digest = createHash(algorithm === "sha-256" ? "sha256" : "sha512")
    .update(toBytes(body))
    .digest()
  return serializeDictionary({ [algorithm]: [digest, new Map()] })
}

/** Signature parameters in the order they are serialized. svc uses created, keyid, alg. */
export interface SignatureParams {
  created: number
  keyid: string
  alg?: string
}

/** The parts of a message that derived components and fields are read from. */
export interface SignableMessage {
  method?: string
  /** Target path, without query (`@path`). */
  path?: string
  /** `?a=b`, including the leading `?` (`@query`). */
  query?: string
  authority?: string
  status?: number
  /** Lowercase field names; several values are joined with ", " (RFC 9421 section 2.1). */
  headers: Record<string, string | string[]>
}

function serializeParams(params: SignatureParams): Parameters {
  const out: Parameters = new Map()
  out.set("created", params.created)
  out.set("keyid", params.keyid)
  if (params.alg !== undefined) out.set("alg", params.alg)
  return out
}

/** The `@signature-params` value: `("@method" "@path");created=…;keyid="…";alg="…"`. */
export function signatureParamsValue(
  components: readonly string[],
  params: SignatureParams
): string {
  const items: Item[] = components.map((c) => [c, new Map()])
  return serializeInnerList([items, serializeParams(params)])
}

function componentValue(name: string, msg: SignableMessage): string {
  switch (name) {
    case "@method":
      return (msg.method ?? "").toUpperCase()
    case "@path":
      return msg.path ?? ""
    case "@query":
      return msg.query ?? "?"
    case "@authority":
      return (msg.authority ?? "").toLowerCase()
    case "@status":
      return String(msg.status ?? "")
    default: {
      if (name.startsWith("@"))
        throw new Error(`unsupported derived component ${name}`)
      const v = msg.headers[name.toLowerCase()]
      if (v === undefined)
        throw new Error(`component ${name} is missing from the message`)
      // RFC 9421 2.1: strip leading/trailing whitespace, join multiple values with ", ".
      return (Array.isArray(v) ? v : [v]).map((x) => x.trim()).join(", ")
    }
  }
}

/** RFC 9421 section 2.5 signature base. */
export function signatureBase(
  msg: SignableMessage,
  components: readonly string[],
  params: SignatureParams
): string {
  return signatureBaseWith(
    msg,
    components,
    signatureParamsValue(components, params)
  )
}

/** The signature base with an already serialized `@signature-params` value. */
function signatureBaseWith(
  msg: SignableMessage,
  components: readonly string[],
  paramsValue: string
): string {
  let base = ""
  for (const c of components) base += `"${c}": ${componentValue(c, msg)}\n`
  return `${base}"@signature-params": ${paramsValue}`
}

// ---------------------------------------------------------------- keys

export { createSigningKey, privateKeyBytes, type SigningKey } from "./signers"

// ---------------------------------------------------------------- request signing

export interface SignRequestInput {
  method: string
  path: string
  /** Exact bytes sent, or undefined for a bodyless request. */
  body?: Uint8Array
  contentType?: string
  /** Content-Digest of `body` when the caller already computed it (saves a hash). */
  digest?: string
  keyid: string
  created: number
  key: SigningKey
  label?: string
}

export interface SignedHeaders {
  "content-digest"?: string
  "signature-input": string
  signature: string
}

/** One attempt to sign: the body is given by its Content-Digest (computed once per request). */
export interface SignAttempt {
  method: string
  path: string
  created: number
  body?: { digest: string; contentType: string }
}

/** A covered-component set with its Signature-Input serialized for the last `created` seen. */
interface ComponentSet {
  readonly components: readonly string[]
  readonly items: Item[]
  created: number
  paramsValue: string
  signatureInput: string
}

/**
 * Signs the write requests of one client (spec: Authentication). With a body:
 * `("@method" "@path" "content-digest" "content-type")`; without: `("@method" "@path")` and
 * no Content-Digest (the spec does not say otherwise). `created` has 1 s resolution, so the Signature-Input value
 * is serialized once per second and component set, not on every request.
 */
export class RequestSigner {
  readonly #key: SigningKey
  readonly #keyid: string
  readonly #label: string
  readonly #withBody: ComponentSet
  readonly #bodyless: ComponentSet

  constructor(key: SigningKey, keyid: string, label: string = SIGNATURE_LABEL) {
    this.#key = key
    this.#keyid = keyid
    this.#label = label
    this.#withBody = componentSet(BODY_COMPONENTS)
    this.#bodyless = componentSet(BODYLESS_COMPONENTS)
  }

  get algorithm(): SigningKey["algorithm"] {
    return this.#key.algorithm
  }

  sign(attempt: SignAttempt): SignedHeaders {
    const { body } = attempt
    const set = body ? this.#withBody : this.#bodyless
    if (set.created !== attempt.created) this.#serialize(set, attempt.created)
    const msg: SignableMessage = {
      method: attempt.method,
      path: attempt.path,
      headers: body
        ? { "content-digest": body.digest, "content-type": body.contentType }
        : {},
    }
    const sig = this.#key.sign(
      Buffer.from(
        signatureBaseWith(msg, set.components, set.paramsValue),
        "utf8"
      )
    )
    const out: SignedHeaders = {
      "signature-input": set.signatureInput,
      // structured-headers takes bytes over an ArrayBuffer (BufferSource): a copy of the 64 bytes
      signature: serializeDictionary({
        [this.#label]: [new Uint8Array(sig), new Map()],
      }),
    }
    if (body) out["content-digest"] = body.digest
    return out
  }

  #serialize(set: ComponentSet, created: number): void {
    const params = serializeParams({
      created,
      keyid: this.#keyid,
      alg: this.#key.algorithm,
    })
    set.paramsValue = serializeInnerList([set.items, params])
    set.signatureInput = serializeDictionary({
      [this.#label]: [set.items, params],
    })
    set.created = created
  }
}

function componentSet(components: readonly string[]): ComponentSet {
  return {
    components,
    items: components.map((c): Item => [c, new Map()]),
    created: Number.NaN,
    paramsValue: "",
    signatureInput: "",
  }
}

/** Sign one request attempt (the stateless form of RequestSigner.sign). */
export function signRequest(input: SignRequestInput): SignedHeaders {
  const body =
    input.body === undefined
      ? undefined
      : {
          digest: input.digest ?? contentDigest(input.body),
          contentType: input.contentType ?? "application/json",
        }
  return new RequestSigner(input.key, input.keyid, input.label).sign({
    method: input.method,
    path: input.path,
    created: input.created,
    ...(body ? { body } : {}),
  })
}
