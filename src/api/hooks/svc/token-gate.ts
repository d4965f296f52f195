/**
 * The secret webhook token on the webhook routes (the token itself, its
 * setting and the request counts: src/api/hooks/svc/webhook-token.ts): the
 * provider option `webhookToken`, always required, or the store's generated
 * token, required once the admin turned it on. Decided from the query alone,
 * comparing digests (constant time); the URL is redacted before Medusa's
 * request log writes it (morgan reads req.originalUrl when the answer is sent).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { json } from "express"
import { createHash, timingSafeEqual } from "node:crypto"
import { svcModuleFrom } from "../../../modules/svc"
import { configuredWebhookToken } from "./webhook-guard"
import {
  webhookRequestTally,
  webhookTokenSettings,
  type TokenVerdict,
} from "./webhook-token"

const digest = (s: string) => createHash("sha256").update(s).digest()

/** The first `token` query value (`?token=a&token=b` is an array), compared by digest (any length, the same time). */
export function tokenVerdict(expected: string, given: unknown): TokenVerdict {
  const g = Array.isArray(given) ? given[0] : given
  if (typeof g !== "string" || !g) return "without"
  return timingSafeEqual(digest(g), digest(expected)) ? "with" : "wrong"
}

export const REFUSE_WITHOUT =
  "svc webhook: this store's webhook URL needs its token (?token=…); see Settings → svc connection"
export const REFUSE_WRONG =
  "svc webhook: wrong token; see Settings → svc connection for the URL to register"

/** A required token refuses a request without it or with another one; otherwise every request passes. */
export function refusalFor(
  verdict: TokenVerdict,
  required: boolean
): string | null {
  if (!required || verdict === "with") return null
  return verdict === "without" ? REFUSE_WITHOUT : REFUSE_WRONG
}

/** The URL as Medusa's request log writes it: without the token's value. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]")
}

/** Answers a request without a required token (401), or when it cannot tell (503: svc retries); counted either way. */
async function refused(req: MedusaRequest, res: MedusaResponse) {
  req.originalUrl = redactToken(req.originalUrl)
  const pg = svcModuleFrom(req.scope) ?? null
  const option = configuredWebhookToken(req.scope)
  const settings = option
    ? { token: option, required: true }
    : pg && (await webhookTokenSettings.get(pg).catch(() => null))
  if (!settings) {
    // Whether the token is required is unknown: refused, never let through.
    // Nothing of the error is said: it may quote the query.
    res.setHeader("Retry-After", "5")
    res.status(503).json({
      message:
        "svc webhook: could not read this store's webhook settings; try again in a moment",
    })
    return true
  }
  const verdict = tokenVerdict(settings.token, req.query.token)
  webhookRequestTally.record(verdict, pg)
  const refusal = refusalFor(verdict, settings.required)
  if (refusal) res.status(401).json({ message: refusal })
  return Boolean(refusal)
}

/** The largest webhook body read (express.json's default, what Medusa used for /hooks/svc). */
export const WEBHOOK_BODY_LIMIT = 100 * 1024

const BODY_ERRORS: Record<number, string> = {
  400: "svc webhook: the body is not valid JSON",
  413: `svc webhook: the body is larger than ${WEBHOOK_BODY_LIMIT} bytes`,
  415: "svc webhook: the body must be application/json in UTF-8, without a content encoding",
}

const parseJson = json({
  limit: WEBHOOK_BODY_LIMIT,
  inflate: false,
  type: () => true, // the media type is checked first (415)
  verify: (_req, _res, buf) => {
    if (!buf.length) throw Object.assign(new Error(), { status: 400 })
  },
})

/** The body of an accepted `POST /hooks/svc`: JSON only, 100 kB at most, as Medusa's parser did. */
export function webhookBody(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  if (!req.is(["application/json", "+json"]))
    return void res.status(415).json({ message: BODY_ERRORS[415] })
  parseJson(req, res, (e?: { status?: number }) => {
    if (!e) return next()
    const status = e.status === 413 || e.status === 415 ? e.status : 400
    res.status(status).json({ message: BODY_ERRORS[status] })
  })
}

/**
 * The token gate of both webhook routes. On `POST /hooks/svc` Medusa's body
 * parser is off (src/api/middlewares.ts), so a request without a required
 * token is refused before its body is read (webhookBody reads it after).
 * Medusa's own `/hooks/payment/svc-…_svc` keeps its raw body (core sets its
 * parser), so there the body is parsed before the check, and nothing is
 * queued.
 */
export async function svcWebhookGate(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const provider = req.params.provider
  if (provider !== undefined && !/^svc-(wallet|fpx|fpx-direct)_/.test(provider))
    return next()
  return refused(req, res).then((answered) => void (answered || next()), next)
}
