import { MedusaError } from "@medusajs/framework/utils"
import { fromSen, MAX_AMOUNT_SEN, MIN_AMOUNT_SEN, toSen, type SvcClient } from "../../../svc"
import type { CheckoutLedger } from "../../../svc-account/checkout-ledger"
import type { SvcCheckoutRead } from "../../../svc-account/keys"
import { errorText, isUncertainFailure, toMedusaError } from "./errors"

type Logger = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }

/**
 * The client already retried timeouts, 202, 429 and 5xx with the same key.
 * If the outcome is still unknown, reconcile by the unique title (spec:
 * Idempotency rules 4), then send once more with the same key: svc replays
 * the first result (with its checkoutUrl, which a checkout read does not
 * return) or creates the one checkout that never was.
 */
export async function createWithReconciliation(
  deps: { client: SvcClient; ledger: CheckoutLedger; logger: Logger },
  body: Record<string, unknown>,
  idempotencyKey: string,
  title: string
): Promise<{ checkoutId: string; checkoutUrl: string; expiresAt: string }> {
  const { client, ledger, logger } = deps
  try {
    return await client.checkout.create(body as never, { idempotencyKey })
  } catch (e) {
    if (!isUncertainFailure(e)) {
      await ledger.recordCreateFailed(idempotencyKey, errorText(e)).catch(() => undefined)
      throw toMedusaError(e, "creating the svc checkout")
    }
    const found = await findCheckoutByTitle(client, title).catch(() => undefined)
    logger.warn(
      `svc: creating checkout "${title}" had an uncertain outcome (${errorText(e)}); ` +
        (found ? `found ${found.checkoutId} by title, replaying with the same key` : "not found by title, retrying with the same key")
    )
    try {
      return await client.checkout.create(body as never, { idempotencyKey })
    } catch (e2) {
      if (!isUncertainFailure(e2)) {
        await ledger.recordCreateFailed(idempotencyKey, errorText(e2)).catch(() => undefined)
      }
      throw toMedusaError(e2, "creating the svc checkout")
    }
  }
}

/** Pages GET /v1/checkout newest first, over the last 30 minutes (a link lives 20). */
async function findCheckoutByTitle(client: SvcClient, title: string): Promise<SvcCheckoutRead | undefined> {
  const startDt = new Date(Date.now() - 30 * 60 * 1000).toISOString()
  for await (const c of client.checkout.listAll({ startDt, limit: 100 } as never) as AsyncIterable<SvcCheckoutRead>) {
    if (c.title === title) return c
  }
  return undefined
}

/** A Medusa amount in MYR as exact integer sen within svc's range, or an error naming the rule. */
export function checkMyrAmount(amount: unknown, currency: string): number {
  if (String(currency).toLowerCase() !== "myr") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `svc accepts Malaysian ringgit (MYR) only; this payment is in ${String(currency).toUpperCase()}. Use a region whose currency is MYR.`
    )
  }
  let sen: number
  try {
    sen = toSen(amount as never)
  } catch (e) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `svc: amount: ${errorText(e)}`)
  }
  if (sen < MIN_AMOUNT_SEN || sen > MAX_AMOUNT_SEN) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `svc accepts payments from RM10.00 to RM1,000,000.00; this payment is RM${fromSen(sen)}`
    )
  }
  return sen
}
