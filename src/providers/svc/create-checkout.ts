import { MedusaError } from "@medusajs/framework/utils"
import type { Logger as MedusaLogger } from "@medusajs/framework/types"
import {
  fromSen,
  MAX_AMOUNT_SEN,
  MIN_AMOUNT_SEN,
  type CheckoutCreateBody,
  type SvcClient,
} from "../../client"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import type { CheckoutLedger } from "../../modules/svc/checkout-ledger"
import type { SvcCheckoutRead } from "../../lib/svc-runtime/keys"
import type { SvcProviderOptions } from "../../lib/svc-runtime/options"
import { say } from "../../lib/texts"
import {
  errorText,
  invalidData,
  isUncertainFailure,
  SvcTryAgainError,
  toShopperError,
} from "../../lib/svc-runtime/errors"

type Logger = Pick<MedusaLogger, "info" | "warn" | "error">

/**
 * The client already retried timeouts, 202, 429 and 5xx with the same key.
 * If the outcome is still unknown, reconcile by the unique title (spec:
 * Idempotency rules 4), then send once more with the same key: svc replays
 * the first result (with its checkoutUrl, which a checkout read does not
 * return) or creates the one checkout that never was.
 *
 * The shopper waits on all of it, so it runs against one deadline
 * (`createDeadlineMs`, each attempt at most `createAttemptTimeoutMs`): a hang
 * costs an attempt, not a minute. Past the deadline the shopper gets "try
 * again"; the key and title are kept, nothing can be charged twice.
 */
export async function createWithReconciliation(
  deps: {
    client: SvcClient
    ledger: Pick<CheckoutLedger, "recordCreateFailed">
    logger: Logger
  },
  limits: Pick<
    SvcProviderOptions,
    "createAttemptTimeoutMs" | "createDeadlineMs"
  >,
  body: CheckoutCreateBody,
  idempotencyKey: string,
  title: string
) {
  const { client, ledger, logger } = deps
  const attemptTimeoutMs = limits.createAttemptTimeoutMs
  const deadlineAt = Date.now() + limits.createDeadlineMs
  const left = () => deadlineAt - Date.now()
  // one create with the key; a definite refusal is recorded and told to the shopper
  const create = () =>
    client.checkout
      .create(body, { idempotencyKey, attemptTimeoutMs, deadlineMs: left() })
      .catch(async (e: unknown) => {
        if (isUncertainFailure(e)) throw e
        await ledger
          .recordCreateFailed(idempotencyKey, errorText(e))
          .catch(() => undefined)
        throw toShopperError(e, "creating the svc checkout", logger)
      })
  try {
    return await create()
  } catch (e) {
    if (!isUncertainFailure(e)) throw e // a refusal: recorded and told by create()
    // Reconcile and replay only with time for both (a list page and a create).
    if (left() < 2 * MIN_STEP_MS) throw slowSvc(e, logger, title)
    const found = await findCheckoutByTitle(client, title, {
      attemptTimeoutMs,
      deadlineMs: left() - MIN_STEP_MS,
    }).catch(() => undefined)
    logger.warn(
      `svc: creating checkout "${title}" had an uncertain outcome (${errorText(e)}); ` +
        (found
          ? `found ${found.checkoutId} by title, replaying with the same key`
          : "not found by title, retrying with the same key")
    )
    if (left() < MIN_STEP_MS) throw slowSvc(e, logger, title)
    return create().catch((e2: unknown) => {
      throw isUncertainFailure(e2) ? slowSvc(e2, logger, title) : e2
    })
  }
}

/** Less than this left before the deadline: no further step is started. */
const MIN_STEP_MS = 400

function slowSvc(e: unknown, logger: Logger, title: string): MedusaError {
  logger.warn(
    `svc: creating checkout "${title}": no answer within the shopper's deadline (${errorText(e)}); the key is kept, a retry replays it`
  )
  return new SvcTryAgainError(say("error.svcSlow"))
}

/** Pages GET /v1/checkout newest first, over the last 30 minutes (a link lives 20), within `limits`. */
async function findCheckoutByTitle(
  client: SvcClient,
  title: string,
  limits: { attemptTimeoutMs: number; deadlineMs: number }
): Promise<SvcCheckoutRead | undefined> {
  const until = Date.now() + limits.deadlineMs
  const startDt = new Date(Date.now() - 30 * 60 * 1000).toISOString()
  let cursor: string | undefined
  do {
    const left = until - Date.now()
    if (left < MIN_STEP_MS / 2) return undefined
    const page = await client.checkout.list(
      { startDt, limit: 100, ...(cursor ? { cursor } : {}) },
      {
        attemptTimeoutMs: limits.attemptTimeoutMs,
        deadlineMs: left,
      }
    )
    const hit = page.data.find((c) => c.title === title)
    if (hit) return hit
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
  } while (cursor)
  return undefined
}

/**
 * A Medusa amount in MYR as integer sen, rounded half-up to the sen (39.852 →
 * 3985: svc's checkout amount is the total rounded, Medusa keeps its own),
 * within svc's range; or an error naming the rule.
 */
export function checkMyrAmount(amount: unknown, currency: string): number {
  if (String(currency).toLowerCase() !== "myr") {
    throw invalidData(
      `svc accepts Malaysian ringgit (MYR) only; this payment is in ${String(currency).toUpperCase()}. Use a region whose currency is MYR.`
    )
  }
  let sen: number
  try {
    sen = medusaAmountToSen(amount)
  } catch (e) {
    throw invalidData(`svc: amount: ${errorText(e)}`)
  }
  if (sen < MIN_AMOUNT_SEN || sen > MAX_AMOUNT_SEN) {
    throw invalidData(
      `svc accepts payments from RM10.00 to RM1,000,000.00; this payment is RM${fromSen(sen)}`
    )
  }
  return sen
}
