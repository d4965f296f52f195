import {
  errorHandler,
  getHttpResponseFromError,
  type MedusaErrorHandlerFunction,
  type MedusaRequest,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SVC_TRY_AGAIN_CODE } from "../lib/svc-runtime/errors"
import { say, type Said } from "../lib/texts"
import { shopperGuard } from "./store/svc/shopper-limits/guard"

const medusaErrorHandler = errorHandler()
type Logger = Pick<Console, "warn">

type ErrorLike = {
  type?: string
  code?: string
  message?: string
  said?: Said
}

/** Medusa's validator's sentence: `Invalid request: <the problems, named by field>`. */
const VALIDATION = "Invalid request: "

/**
 * The sentence of an error the admin can say in its own language: the one the
 * error carries (SaidError), else, on the plugin's admin routes, Medusa's
 * validator's refusal (its type, invalid_data, and its fixed opening; the
 * problems are Medusa's words and the plugin's rules, kept as they are).
 */
function saidOf(e: ErrorLike, req: MedusaRequest): Said | null {
  if (e.said) return e.said
  const m = e.message
  return req.path.startsWith("/admin/svc/") &&
    e.type === "invalid_data" &&
    m?.startsWith(VALIDATION)
    ? say("input.invalid", { problems: m.slice(VALIDATION.length) })
    : null
}

/**
 * "Try again in a moment" (SvcTryAgainError: no turn at svc, or svc too slow
 * for the shopper's deadline) is 503 with Retry-After, never a 500, and one
 * warning line, not an error with its stack: a flood of them must not flood
 * the log. The store budget's refusals are counted per client instead (the
 * shopper limits' log, once a minute).
 */
function logTryAgain(e: ErrorLike, req: MedusaRequest, logger: Logger) {
  const budget = e.said?.code === "error.tooManyRequests"
  if (budget && req.path.startsWith("/store/")) {
    const guard = shopperGuard(req.scope)
    guard?.refused(
      "store_budget",
      guard.address(req),
      "no turn at svc for this payment session (503, try again)"
    )
  } else if (!budget)
    logger.warn(`svc: ${req.method} ${req.path}: ${e.message}`)
}

/**
 * The plugin's error handler, on Medusa's `errorHandler` hook: an error of
 * the plugin's is answered as Medusa's handler answers it, with its
 * sentence's code and values beside the English (`message_code`,
 * `message_params`, docs/admin.md#languages); "try again" is 503. Every
 * other error goes to Medusa's own handler, untouched. A store whose
 * src/api/middlewares.ts sets its own errorHandler replaces this one: it calls
 * `svcErrorHandler` first (docs/extending.md).
 */
export const svcErrorHandler: MedusaErrorHandlerFunction = (
  err,
  req,
  res,
  next
) => {
  // Medusa types the error as any: read as what the plugin's errors carry
  const e: ErrorLike = err ?? {}
  const tryAgain = e.code === SVC_TRY_AGAIN_CODE
  // Medusa's answer, with the sentence when Medusa keeps the error's English (a conflict's it replaces)
  const { statusCode, body } = getHttpResponseFromError(err)
  const said = tryAgain
    ? e.said
    : body.message === e.message
      ? saidOf(e, req)
      : null
  if (!tryAgain && !said) return medusaErrorHandler(err, req, res, next)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  if (tryAgain) {
    logTryAgain(e, req, logger)
    res.setHeader("Retry-After", "5")
  } else if (statusCode >= 500) logger.error(err)
  else logger.info(String(e.message))
  res.status(tryAgain ? 503 : statusCode).json({
    ...body,
    ...(said && { message_code: said.code, message_params: said.params }),
  })
}
