import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { english, say, type Said, type TextCode } from "../texts"

const text = z.string().optional().catch(undefined)
const fields = z.object({
  name: text,
  code: text,
  status: z.number().optional().catch(undefined),
  message: text,
  requestId: text,
})

/** The fields of an svc error (SvcError, its subclasses, or anything shaped alike) that are there. */
export function svcFields(e: unknown): z.infer<typeof fields> {
  return fields.safeParse(e).data ?? {}
}

/** The `code` of a "try again in a moment" error (see SvcTryAgainError). */
export const SVC_TRY_AGAIN_CODE = "svc_try_again"

/**
 * A MedusaError that carries the catalogue sentence it says (src/lib/texts):
 * the plugin's error handler (src/api/error-handler.ts) answers its code and
 * values beside the English, so the admin says it in its own language. An own
 * property, so it outlives a workflow (Medusa keeps an error's own properties).
 */
export class SaidError extends MedusaError {
  readonly said: Said
  constructor(type: string, said: Said, code?: string) {
    super(type, english(said), code)
    this.said = said
  }
}

/** An error of `type`: a SaidError for a catalogue sentence, else a MedusaError. */
const typed = (type: string) => (m: string | Said) =>
  typeof m === "string" ? new MedusaError(type, m) : new SaidError(type, m)
export const invalidData = typed(MedusaError.Types.INVALID_DATA)
export const notAllowed = typed(MedusaError.Types.NOT_ALLOWED)
export const notFound = typed(MedusaError.Types.NOT_FOUND)
export const unexpectedState = typed(MedusaError.Types.UNEXPECTED_STATE)

/**
 * "Try again in a moment; nothing was charged": the rate budget had no turn
 * for the request, or svc did not answer within the shopper's deadline.
 * Nothing was sent, or the key is kept, so trying again is safe. Its code,
 * SVC_TRY_AGAIN_CODE, makes the error handler answer 503 with Retry-After, a
 * status the storefront kit treats as "try again"
 * (packages/storefront/src/return.ts), never a bare 500.
 */
export class SvcTryAgainError extends SaidError {
  constructor(said: Said) {
    super(MedusaError.Types.UNEXPECTED_STATE, said, SVC_TRY_AGAIN_CODE)
  }
}

/**
 * An outcome we cannot know: the request may or may not have been processed
 * (connection lost, timeout, 5xx, a 202 or 429 that outlived the retries).
 */
export function isUncertainFailure(e: unknown): boolean {
  const { name = "", status = 0 } = svcFields(e)
  return (
    /^Svc(Connection|Timeout|Pending)Error$/.test(name) ||
    status === 202 ||
    status === 429 ||
    status >= 500
  )
}

/**
 * How a send to svc that threw is recorded: UNCERTAIN when svc may have acted
 * (the key is kept and the send repeated), else `definite`; `reason` is the
 * status, code and message (at most 500 characters, no secret).
 */
export function sendFailure<D extends string>(
  e: unknown,
  definite: D
): { uncertain: boolean; status: "UNCERTAIN" | D; reason: string } {
  const uncertain = isUncertainFailure(e)
  return {
    uncertain,
    status: uncertain ? "UNCERTAIN" : definite,
    reason: failureText(e).slice(0, 500),
  }
}

/** An svc error as the ledgers record it: HTTP status, svc code and message (`503 SERVICE_UNAVAILABLE …`). */
export function failureText(e: unknown): string {
  const o = svcFields(e)
  return `${o.status ?? ""} ${o.code ?? ""} ${o.message ?? String(e)}`.trim()
}

/**
 * svc error -> MedusaError with a message a merchant can act on: the svc
 * `code`, HTTP status and `requestId` (to quote to svc), never a secret.
 */
export function toMedusaError(e: unknown, doing: string): MedusaError {
  if (e instanceof MedusaError) return e
  const o = svcFields(e)
  const message = `${o.code ? `${o.code}: ` : ""}${o.message ?? String(e)}`
  if (o.name === "SvcInputError")
    return new SaidError(
      MedusaError.Types.INVALID_DATA,
      say("error.svcInput", { message })
    )
  if (o.code === "RATE_BUDGET")
    return new SvcTryAgainError(say("error.tooManyRequests", { doing }))
  const [type, code, withMessage] = BY_STATUS[o.status ?? 0] ?? [
    MedusaError.Types.UNEXPECTED_STATE,
    "error.notAnswering",
    true,
  ]
  const params: Said["params"] = withMessage ? { doing, message } : { doing }
  // the sentence with svc's requestId when there is one (spec: Errors, requestId), or without
  return new SaidError(
    type,
    o.requestId
      ? {
          code: `${code}Ref`,
          params: {
            ...params,
            ref: say("common.requestId", { id: o.requestId }),
          },
        }
      : { code, params }
  )
}

/**
 * toMedusaError's sentence by svc's HTTP status: the error type, its code
 * (`<code>Ref` with svc's requestId) and whether it quotes svc's message.
 */
export const BY_STATUS: Record<number, [string, SvcErrorCode, boolean]> = {
  400: [MedusaError.Types.INVALID_DATA, "error.refused", true],
  401: [MedusaError.Types.UNEXPECTED_STATE, "error.credentials", false],
  403: [MedusaError.Types.NOT_ALLOWED, "error.notAllowed", true],
  404: [MedusaError.Types.NOT_FOUND, "error.notFound", false],
  422: [MedusaError.Types.CONFLICT, "error.conflict", true],
}

/** The codes of toMedusaError's sentences. */
type SvcErrorCode = Extract<TextCode, `error.${string}`>

/** What a shopper reads when the store's svc setup (or svc itself) is at fault: no setup advice. */
export const SHOPPER_UNAVAILABLE =
  "svc payment is unavailable right now; please try again later or choose another payment method"
/** The `code` of SHOPPER_UNAVAILABLE's error (Medusa's error handler answers it with the message). */
export const SVC_UNAVAILABLE_CODE = "svc_unavailable"

type Logger = { error: (m: string) => void }
const lastLogged = new Map<string, number>()

/**
 * For calls a shopper waits on: what the shopper cannot mend (credentials, base
 * address, the account suspended/frozen/terminated, a feature off, svc down)
 * becomes SHOPPER_UNAVAILABLE (code SVC_UNAVAILABLE_CODE; the kit says it in the
 * shopper's language); the cause, with svc's code and requestId, goes to the log
 * (once a minute per cause; the doctor shows the account's status). A 429 is
 * "try again"; the shopper's input (400) is toMedusaError's answer.
 */
export function toShopperError(
  e: unknown,
  doing: string,
  logger: Logger
): MedusaError {
  if (e instanceof MedusaError) return e
  const o = svcFields(e)
  if (o.status === 429)
    return new SvcTryAgainError(say("error.tooManyRequests", { doing }))
  // the shopper's to mend: their input svc refused (400), or the rate budget's "try again"
  if (
    o.name === "SvcInputError" ||
    o.code === "RATE_BUDGET" ||
    o.status === 400
  )
    return toMedusaError(e, doing)
  const cause =
    o.status === 404
      ? `svc answered 404 while ${doing}: check the provider option baseUrl (the svc base address, without /v1)${o.requestId ? ` (svc requestId ${o.requestId})` : ""}`
      : o.status === 0 || o.status === undefined
        ? `svc could not be reached while ${doing} (${o.message ?? "no answer"}): check the provider option baseUrl and the network`
        : toMedusaError(e, doing).message
  const now = Date.now()
  if ((lastLogged.get(cause) ?? 0) < now - 60_000) {
    lastLogged.set(cause, now)
    logger.error(
      `medusa-payment-svc: a shopper was told payment is unavailable: ${cause}`
    )
  }
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    SHOPPER_UNAVAILABLE,
    SVC_UNAVAILABLE_CODE
  )
}

/** svc status, code, message and requestId of an error, for logs and stored reasons (never a secret). */
export function errorText(e: unknown): string {
  if (e && typeof e === "object") {
    const o = svcFields(e)
    return [
      o.status,
      o.code,
      o.message,
      o.requestId ? `requestId ${o.requestId}` : "",
    ]
      .filter(Boolean)
      .join(" ")
  }
  return String(e)
}
