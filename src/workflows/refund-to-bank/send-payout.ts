import { randomUUID } from "node:crypto"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type {
  RefundPaymentInput,
  RefundPaymentOutput,
} from "@medusajs/framework/types"
import type { SvcClient } from "../../client"
import type { PayoutCreateBody } from "../../client/schemas/payouts"
import { refundShareSen } from "../../lib/money/sen-sums"
import type { SvcSessionData } from "../../lib/medusa-data/session-data"
import {
  errorText,
  isUncertainFailure,
  toMedusaError,
} from "../../lib/svc-runtime/errors"
import type {
  MedusaReads,
  RefundFacts,
} from "../../lib/medusa-data/medusa-reads"
import type { PayoutLedger, PayoutRow } from "./payout-ledger"

type Logger = {
  info: (m: string) => void
  warn: (m: string) => void
  error: (m: string) => void
}

/**
 * The providers' refundPayment. svc has no checkout refund: money goes back to
 * the buyer as a payout from the merchant's prefund balance to the buyer's
 * bank account (or DuitNow proxy), which only the merchant can name. So a
 * refund starts in the svc panel on the order (POST /admin/svc/refunds): it
 * stores the payout request with its Idempotency-Key, then asks Medusa for the
 * refund with `metadata.svc_payout_id`; Medusa calls the provider with the new
 * refund's id.
 *
 * Here the request is claimed for that refund and `POST /v1/payouts` is sent
 * with the stored key. svc refused (4xx): the row is FAILED, the error says
 * why and Medusa removes its refund; nothing moved. No answer (timeout, 5xx
 * after the client's retries): the row is UNCERTAIN, Medusa removes its
 * refund, and the reconciliation job asks again with the same key, so svc
 * returns the one payout it made or makes the one it never did, and the
 * refund is recorded then.
 *
 * A refund Medusa makes itself (its Refund button, returns, claims) goes to the
 * bank account or DuitNow proxy already named for the order in the svc refunds
 * panel, as a payout request of its own (one per Medusa refund, tracked as the
 * panel's); with none named it is refused, naming the panel. Nothing is sent
 * when Medusa would refuse the refund afterwards (a canceled order, an order
 * change in progress).
 */
export async function sendRefundPayout(
  deps: {
    client: SvcClient
    payouts: PayoutLedger
    medusa: MedusaReads
    logger: Logger
  },
  input: RefundPaymentInput
): Promise<RefundPaymentOutput> {
  const { client, payouts, medusa, logger } = deps
  const refundId = String(
    (input.context as { idempotency_key?: string } | undefined)
      ?.idempotency_key ?? ""
  )
  // the refund's share of its payment's refunded total in sen (39.852 + 79.704 refunded: 3985 then 7971 sen)
  // one read of the refund for all this call asks of it
  const facts = await medusa.refundFacts(refundId)
  const { refundedBefore } = facts
  let rowId = facts.payoutRowId
  if (!rowId) {
    // Medusa's own refund (its Refund button, returns, claims): to the destination named for the order
    const made = await requestForMedusaRefund(deps, input, refundId, facts)
    if (made === "nothing_to_send") return { data: input.data ?? {} }
    rowId = made
  }
  const row = await payouts.claim(rowId, refundId)
  if (!row) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `svc: payout request ${rowId} was already sent, failed or is being sent for another refund; nothing was sent again`
    )
  }
  const d = (input.data ?? {}) as Partial<SvcSessionData>
  let amountSen: number
  try {
    amountSen = refundShareSen(refundedBefore, input.amount)
  } catch (e) {
    await payouts.recordNotSent(row.id, "FAILED", `amount: ${errorText(e)}`)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `svc: refund amount: ${errorText(e)}`
    )
  }
  const problem =
    amountSen !== Number(row.amount_sen)
      ? `the refund is ${amountSen} sen but the payout request is ${row.amount_sen} sen`
      : row.checkout_id && d.checkoutId && row.checkout_id !== d.checkoutId
        ? "the payout request belongs to another payment"
        : null
  if (problem) {
    await payouts.recordNotSent(row.id, "FAILED", problem)
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `svc: ${problem}; nothing was sent`
    )
  }

  const body = payoutBody(row)
  try {
    const p = await client.payouts.create(body, {
      idempotencyKey: row.idempotency_key,
    })
    const rawBeneficiary = (p as Record<string, unknown>).beneficiaryId // spec gap: not a named payout field
    const beneficiaryId =
      typeof rawBeneficiary === "string" ? rawBeneficiary : null
    await payouts.recordSent(row.id, {
      payoutId: p.payoutId,
      status: p.status,
      fee: p.fee ?? null,
      beneficiaryId,
    })
    logger.info(
      `svc: refund ${refundId}: payout ${p.payoutId} ${p.status} for ${amountSen} sen (request ${row.id})`
    )
    const prev = Array.isArray((d as { svcRefunds?: unknown }).svcRefunds)
      ? (d as { svcRefunds: unknown[] }).svcRefunds
      : []
    return {
      data: {
        ...(input.data ?? {}),
        svcRefunds: [
          ...prev,
          {
            refundId,
            payoutRequestId: row.id,
            payoutId: p.payoutId,
            amountSen,
            status: p.status,
          },
        ],
      },
    }
  } catch (e) {
    const uncertain = isUncertainFailure(e)
    await payouts
      .recordNotSent(row.id, uncertain ? "UNCERTAIN" : "FAILED", errorText(e))
      .catch((e2) =>
        logger.error(
          `svc: could not record payout request ${row.id}: ${errorText(e2)}`
        )
      )
    if (uncertain) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `svc did not answer while sending the payout (${errorText(e)}). The request is kept with its key: ` +
          "the reconciliation job asks svc again and records the refund once svc confirms; no second payout can be made."
      )
    }
    throw toMedusaError(e, "sending the refund payout")
  }
}

/**
 * The payout request for a refund Medusa made itself, of the refund's share of
 * its payment's refunded total in sen, or "nothing_to_send" when that share is
 * nothing (the rest of a 39.852 payment that svc was paid as 3985 sen). Refused, with nothing sent, when no destination is named for the order
 * or when Medusa would refuse the refund after the payout.
 */
async function requestForMedusaRefund(
  deps: { payouts: PayoutLedger; medusa: MedusaReads; logger: Logger },
  input: RefundPaymentInput,
  refundId: string,
  facts: RefundFacts
): Promise<string | "nothing_to_send"> {
  const { payouts, logger } = deps
  const { refundedBefore } = facts
  let amountSen: number
  try {
    amountSen = refundShareSen(refundedBefore, input.amount)
  } catch (e) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `svc: refund amount: ${errorText(e)}; nothing was sent`
    )
  }
  if (amountSen <= 0) {
    logger.info(
      `svc: refund ${refundId} of ${String(input.amount)} adds no sen to its payment's refunded total (${refundedBefore} before it): nothing to pay out`
    )
    return "nothing_to_send"
  }
  const ctx = await facts.context()
  if (!ctx) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `svc: refund ${refundId} was not found in Medusa; nothing was sent`
    )
  }
  if (ctx.orderStatus === "canceled") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `svc: order ${ctx.orderId} is canceled, and Medusa records no refund on a canceled order; nothing was sent`
    )
  }
  if (ctx.activeChange) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `svc: order ${ctx.orderId} has an order change in progress (${ctx.activeChange.change_type ?? "change"} ${ctx.activeChange.id}, ${ctx.activeChange.status}); ` +
        "Medusa records no refund until it is confirmed or canceled, so nothing was sent"
    )
  }
  const named = await payouts.namedDestination(ctx.paymentId, ctx.orderId)
  if (!named) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "svc: a refund is a payout to the buyer's bank account or DuitNow proxy, and none is named for this order yet. " +
        'Make this refund in the "svc refunds" panel of the order, which names one; Medusa\'s Refund button, returns and claims then refund to it. Nothing was sent.'
    )
  }
  const d = (input.data ?? {}) as Partial<SvcSessionData>
  return payouts.requestForRefund({
    id: generateEntityId("", "svcpo"),
    idempotencyKey: randomUUID(), // v4, stored before anything is sent (spec: Idempotency rules 1)
    refundId,
    paymentId: ctx.paymentId,
    orderId: ctx.orderId,
    checkoutId: typeof d.checkoutId === "string" ? d.checkoutId : null,
    amountSen,
    named,
  })
}

/** The payout body of a stored request: the same bytes every time it is sent (same key, same body). */
function payoutBody(row: PayoutRow): PayoutCreateBody {
  const body: PayoutCreateBody = { amount: Number(row.amount_sen) }
  if (row.beneficiary_id) body.beneficiaryId = row.beneficiary_id
  // An inline destination always has its name; a missing one ("") fails the
  // client's check exactly as null did, before anything is sent.
  else
    body.beneficiary = {
      name: row.beneficiary_name ?? "",
      ...(row.destination ?? {}),
    }
  return body
}

/**
 * A payout request whose Medusa refund was recorded, but whose answer from
 * svc never was: the process died while `POST /v1/payouts` was in flight
 * (Medusa's refund had been committed; nothing removed it). Asking Medusa for
 * the refund again would record a second refund for one payout, so the payout
 * is sent again here with the stored key and body, svc replays the payout it
 * made (or makes the one it never did), and it is recorded against the refund
 * that exists. One payout, one refund.
 */
export async function resendForRecordedRefund(
  deps: { client: SvcClient; payouts: PayoutLedger; logger: Logger },
  rowId: string,
  refundId: string
): Promise<"sent" | "not_claimed"> {
  const row = await deps.payouts.claim(rowId, refundId)
  if (!row) return "not_claimed"
  try {
    const p = await deps.client.payouts.create(payoutBody(row), {
      idempotencyKey: row.idempotency_key,
    })
    const rawBeneficiary = (p as Record<string, unknown>).beneficiaryId
    await deps.payouts.recordSent(row.id, {
      payoutId: p.payoutId,
      status: p.status,
      fee: p.fee ?? null,
      beneficiaryId: typeof rawBeneficiary === "string" ? rawBeneficiary : null,
    })
    deps.logger.info(
      `svc: refund ${refundId}: payout ${p.payoutId} ${p.status} recorded after the send was cut off (request ${row.id})`
    )
    return "sent"
  } catch (e) {
    await deps.payouts.recordNotSent(
      row.id,
      isUncertainFailure(e) ? "UNCERTAIN" : "FAILED",
      errorText(e)
    )
    throw e
  }
}
