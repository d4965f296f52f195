import { randomUUID } from "node:crypto"
import { generateEntityId, MedusaError } from "@medusajs/framework/utils"
import type {
  Logger,
  RefundPaymentInput,
  RefundPaymentOutput,
} from "@medusajs/framework/types"
import type { SvcClient } from "../../client"
import type { PayoutCreateBody } from "../../client/schemas/payouts"
import { refundShareSen } from "../../lib/money/sen-sums"
import {
  errorText,
  invalidData,
  isUncertainFailure,
  notAllowed,
  toMedusaError,
  unexpectedState,
} from "../../lib/svc-runtime/errors"
import type {
  MedusaReads,
  RefundFacts,
} from "../../lib/medusa-data/medusa-reads"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import type SvcModuleService from "../../modules/svc/service"
import type { PayoutRow } from "../../modules/svc/service"

/** What sending a payout needs: svc, the svc module (svc_payout's one owner, src/modules/svc/service.ts), the container whose event bus tells of it. */
export type PayoutDeps = {
  client: SvcClient
  payouts: SvcModuleService
  events: { resolve: (key: string) => unknown }
  logger: Pick<Logger, "info" | "warn" | "error">
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
  deps: PayoutDeps & { medusa: MedusaReads },
  input: RefundPaymentInput
): Promise<RefundPaymentOutput> {
  const { payouts, medusa } = deps
  const refundId = input.context?.idempotency_key ?? ""
  const data = input.data ?? {}
  const checkoutId =
    typeof data.checkoutId === "string" ? data.checkoutId : null
  // one read of the refund for all this call asks of it
  const facts = await medusa.refundFacts(refundId)
  // the refund's share of its payment's refunded total in sen (39.852 + 79.704 refunded: 3985 then 7971 sen)
  const share = () => refundShareSen(facts.refundedBefore, input.amount)
  const amountError = (e: unknown, more = "") =>
    invalidData(`svc: refund amount: ${errorText(e)}${more}`)
  let rowId = facts.payoutRowId
  if (!rowId) {
    // Medusa's own refund (its Refund button, returns, claims): to the destination named for the order
    let ownSen: number
    try {
      ownSen = share()
    } catch (e) {
      throw amountError(e, "; nothing was sent")
    }
    if (ownSen <= 0) {
      deps.logger.info(
        `svc: refund ${refundId} of ${String(input.amount)} adds no sen to its payment's refunded total (${facts.refundedBefore} before it): nothing to pay out`
      )
      return { data }
    }
    rowId = await requestForMedusaRefund(
      payouts,
      refundId,
      facts,
      ownSen,
      checkoutId
    )
  }
  const row = await payouts.claimPayout(rowId, refundId)
  if (!row) {
    throw notAllowed(
      `svc: payout request ${rowId} was already sent, failed or is being sent for another refund; nothing was sent again`
    )
  }
  let amountSen: number
  try {
    amountSen = share()
  } catch (e) {
    await payouts.recordPayoutNotSent(
      row.id,
      "FAILED",
      `amount: ${errorText(e)}`
    )
    throw amountError(e)
  }
  const problem =
    amountSen !== Number(row.amount_sen)
      ? `the refund is ${amountSen} sen but the payout request is ${row.amount_sen} sen`
      : row.checkout_id && checkoutId && row.checkout_id !== checkoutId
        ? "the payout request belongs to another payment"
        : null
  if (problem) {
    await payouts.recordPayoutNotSent(row.id, "FAILED", problem)
    throw invalidData(`svc: ${problem}; nothing was sent`)
  }
  const p = await sendStoredPayout(deps, row, refundId, "").catch((e) => {
    throw isUncertainFailure(e)
      ? unexpectedState(
          `svc did not answer while sending the payout (${errorText(e)}). The request is kept with its key: ` +
            "the reconciliation job asks svc again and records the refund once svc confirms; no second payout can be made."
        )
      : toMedusaError(e, "sending the refund payout")
  })
  const prev = Array.isArray(data.svcRefunds) ? data.svcRefunds : []
  return {
    data: {
      ...data,
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
}

/**
 * The payout request for a refund Medusa made itself, of the refund's share of its
 * payment's refunded total in sen. Refused, with nothing sent, when no destination is
 * named for the order or when Medusa would refuse the refund after the payout.
 */
async function requestForMedusaRefund(
  payouts: SvcModuleService,
  refundId: string,
  facts: RefundFacts,
  amountSen: number,
  checkoutId: string | null
): Promise<string> {
  const ctx = await facts.context()
  const refused = (type: string, text: string) =>
    new MedusaError(type, `svc: ${text}`)
  if (!ctx)
    throw refused(
      MedusaError.Types.UNEXPECTED_STATE,
      `refund ${refundId} was not found in Medusa; nothing was sent`
    )
  if (ctx.orderStatus === "canceled")
    throw refused(
      MedusaError.Types.NOT_ALLOWED,
      `order ${ctx.orderId} is canceled, and Medusa records no refund on a canceled order; nothing was sent`
    )
  const change = ctx.activeChange
  if (change)
    throw refused(
      MedusaError.Types.NOT_ALLOWED,
      `order ${ctx.orderId} has an order change in progress (${change.change_type ?? "change"} ${change.id}, ${change.status}); ` +
        "Medusa records no refund until it is confirmed or canceled, so nothing was sent"
    )
  const named = await payouts.namedPayoutDestination(ctx.paymentId, ctx.orderId)
  if (!named)
    throw refused(
      MedusaError.Types.NOT_ALLOWED,
      "a refund is a payout to the buyer's bank account or DuitNow proxy, and none is named for this order yet. " +
        'Make this refund in the "svc refunds" panel of the order, which names one; Medusa\'s Refund button, returns and claims then refund to it. Nothing was sent.'
    )
  return payouts.requestPayoutForRefund({
    id: generateEntityId("", "svcpo"),
    idempotencyKey: randomUUID(), // v4, stored before anything is sent (spec: Idempotency rules 1)
    refundId,
    paymentId: ctx.paymentId,
    orderId: ctx.orderId,
    checkoutId,
    amountSen,
    named,
  })
}

/**
 * `POST /v1/payouts` for a claimed request, with its stored key and the same body every
 * time (same key, same body), and svc's answer recorded: sent (`svc.refund_payout.sent`
 * when this call made the payout known), FAILED (svc refused) or UNCERTAIN (no answer:
 * finished later with the same key); an error is thrown on after it is recorded.
 */
async function sendStoredPayout(
  deps: PayoutDeps,
  row: PayoutRow,
  refundId: string,
  why: string
) {
  const { payouts, logger } = deps
  const body: PayoutCreateBody = { amount: Number(row.amount_sen) }
  if (row.beneficiary_id) body.beneficiaryId = row.beneficiary_id
  // An inline destination always has its name; a missing one ("") fails the
  // client's check exactly as null did, before anything is sent.
  else
    body.beneficiary = {
      name: row.beneficiary_name ?? "",
      ...(row.destination ?? {}),
    }
  try {
    const p = await deps.client.payouts.create(body, {
      idempotencyKey: row.idempotency_key,
    })
    const { beneficiaryId } = p // spec gap: not a named payout field
    const made = await payouts.recordPayoutSent(row.id, {
      payoutId: p.payoutId,
      status: p.status,
      fee: p.fee ?? null,
      beneficiaryId: typeof beneficiaryId === "string" ? beneficiaryId : null,
    })
    if (made)
      await emitSvcEvent(deps.events, SvcEvents.REFUND_PAYOUT_SENT, {
        id: made.id,
        payout_id: p.payoutId,
        refund_id: made.refund_id,
        payment_id: made.payment_id,
        order_id: made.order_id ?? null,
      })
    logger.info(
      `svc: refund ${refundId}: payout ${p.payoutId} ${p.status} for ${row.amount_sen} sen${why} (request ${row.id})`
    )
    return p
  } catch (e) {
    await payouts
      .recordPayoutNotSent(
        row.id,
        isUncertainFailure(e) ? "UNCERTAIN" : "FAILED",
        errorText(e)
      )
      .catch((e2) =>
        logger.error(
          `svc: could not record payout request ${row.id}: ${errorText(e2)}`
        )
      )
    throw e
  }
}

/**
 * A payout request whose Medusa refund was recorded, but whose answer from
 * svc never was: the process died while `POST /v1/payouts` was in flight
 * (Medusa's refund had been committed; nothing removed it). Asking Medusa for
 * the refund again would record a second refund for one payout, so the payout
 * is sent again here with the stored key and body, svc replays the payout it
 * made (or makes the one it never did), and it is recorded against the refund
 * that exists. One payout, one refund. False: the request was not claimed (another caller has it).
 */
export async function resendForRecordedRefund(
  deps: PayoutDeps,
  rowId: string,
  refundId: string
): Promise<boolean> {
  const row = await deps.payouts.claimPayout(rowId, refundId)
  if (!row) return false
  const why = ", recorded after the send was cut off"
  await sendStoredPayout(deps, row, refundId, why)
  return true
}
