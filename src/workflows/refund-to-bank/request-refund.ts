import { randomUUID } from "node:crypto"
import { z } from "@medusajs/framework/zod"
import {
  ContainerRegistrationKeys,
  MathBN,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import {
  refundPaymentWorkflow,
  type RefundPaymentWorkflowInput,
} from "@medusajs/core-flows"
import { fromSen } from "../../client"
import { medusaAmountToSen } from "../../rules/medusa-amount"
import { amountsOf, exactSum } from "../../lib/money/sen-sums"
import type SvcModuleService from "../../modules/svc/service"
import { appendEntry, parseRinggit } from "../../lib/money/admin-input"
import { refuseRefundMedusaWouldReject, SVC_PROVIDER_RE } from "./order-guards"
import { resendForRecordedRefund } from "./send-payout"
import { MedusaReads } from "../../lib/medusa-data/medusa-reads"
// one mask for every admin answer: a value of 4 characters or fewer is hidden whole, never shown as it is
import { adminDeps, type Container, mask } from "../../lib/svc-admin/context"
import type { RefundRequestInput } from "./validators"
import { codesOf, english, say, type Said } from "../../lib/texts"
import {
  invalidData,
  notFound,
  unexpectedState,
} from "../../lib/svc-runtime/errors"
import { messageOf } from "../settle-checkout/place-order"

/** A payout request as the svc module keeps it (svc_payout). */
type PayoutRecord = Awaited<ReturnType<SvcModuleService["retrieveSvcPayout"]>>

// spec gap: payout amount bounds are not shown, so none is invented here: a
// refund is at least one sen and at most what is left of the payment; should
// svc refuse an amount, its refusal is shown in words and nothing moved.
/** svc's active banks (GET /v1/payout/banks/active): a code is one svc pays out to. */
const activeBanks = z.object({
  banks: z.array(z.object({ code: z.unknown() }).passthrough()),
})

/** Payout requests that may still become a payout: they count against what can be refunded. */
export const OPEN_PAYOUT_STATUSES = ["REQUESTED", "SENDING", "UNCERTAIN"]

/** Everything an admin may see of a payout request: the account number is masked. */
export function publicPayout(
  row: Partial<PayoutRecord> & Pick<PayoutRecord, "id">
) {
  const dest = row.destination ?? {}
  return {
    id: row.id,
    status: row.status,
    amount_sen: row.amount_sen,
    fee_sen: row.fee_sen ?? null,
    payout_id: row.payout_id ?? null,
    refund_id: row.refund_id ?? null,
    payment_id: row.payment_id ?? null,
    order_id: row.order_id ?? null,
    beneficiary_name: row.beneficiary_name ?? null,
    destination: {
      ...(dest.bankCode
        ? { bank_code: dest.bankCode, account_number: mask(dest.accountNumber) }
        : {}),
      ...(dest.proxyType
        ? { proxy_type: dest.proxyType, proxy_value: mask(dest.proxyValue) }
        : {}),
      ...(dest.nameCheck ? { name_check: dest.nameCheck } : {}),
    },
    failure_reason: row.failure_reason ?? null,
    ...codesOf("failure_reason", row.failure_reason),
    attention: row.attention ?? null,
    attention_reason: row.attention_reason ?? null,
    ...codesOf("attention_reason", row.attention_reason),
    note: row.note ?? null,
    refund_reason_id: row.refund_reason_id ?? null,
    idempotency_key: row.idempotency_key,
    status_history: row.status_history,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/**
 * An svc payment's money from one Query read: captured and refunded, each total rounded
 * half-up to the sen once, as the checkout was (a 39.852 capture is the 3985 sen svc
 * received, and refunds of 39.852 and 79.704 are 12456 sen refunded: src/lib/money/sen-sums.ts),
 * Medusa's exact remainder, and the order its collection became (and its status).
 */
export async function loadPayment(container: Container, paymentId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: [
      "id",
      "provider_id",
      "currency_code",
      "data",
      "captures.amount",
      "captures.raw_amount",
      "refunds.amount",
      "refunds.raw_amount",
      "payment_collection.order.id",
      "payment_collection.order.status",
    ],
    filters: { id: paymentId },
  })
  const p = data[0]
  if (!p) throw notFound(say("refund.noPayment", { payment: paymentId }))
  const captured = exactSum(amountsOf(p.captures))
  const refunded = exactSum(amountsOf(p.refunds))
  const data_: Record<string, unknown> = p.data ?? {}
  return {
    id: String(p.id),
    provider_id: String(p.provider_id),
    currency_code: String(p.currency_code),
    checkoutId: typeof data_.checkoutId === "string" ? data_.checkoutId : null,
    capturedSen: medusaAmountToSen(captured),
    refundedSen: medusaAmountToSen(refunded),
    /** what is left, exact, as Medusa counts it */
    exactLeft: MathBN.sub(captured, refunded),
    orderId: p.payment_collection?.order?.id ?? null,
    orderStatus: p.payment_collection?.order?.status ?? null,
  }
}

export type RefundResult = {
  /** svc did not answer: the request is kept with its key and the job finishes it (a route answers 202) */
  kept: boolean
  payout: ReturnType<typeof publicPayout>
  /** the answer line, in the catalogue's words (the route answers its English and code) */
  message: Said
}

/** A refund as the admin asked it: the shape validators.ts checks (the route, and the workflow's first step). */
export type RefundRequest = RefundRequestInput

/** The payout request to store for a refund that passed every check (svc_payout's columns). */
type NewPayoutRequest = NonNullable<
  Awaited<ReturnType<typeof checkRefundRequest>>["request"]
>

/** What the checks decided: the answer already given to this request_id, or the payout request to store. */
export type CheckedRefund = {
  replay?: RefundResult
  request?: NewPayoutRequest
  /** a request stored earlier, to finish with its own key (the job) */
  existing?: string
}

/**
 * A refund to the buyer's bank account as an svc payout (DESIGN §6), step 1
 * (src/workflows/refund-to-bank runs the steps): every check that can be made
 * before money moves: the payment is an svc payment in MYR with money
 * captured; the amount is exact in sen, within the payout range and not more
 * than what is left to refund (captured − refunded − payout requests still
 * open); the bank is one svc pays out to; the prefund balance covers the
 * amount. Then (storePayoutRequest) the payout request is stored with a fresh
 * Idempotency-Key (REQUESTED), and (finishRefund) Medusa's
 * refundPaymentWorkflow records the refund under its own lock against
 * over-refunding and calls the provider, which sends the payout with that key
 * (src/providers/svc/svc-base.ts, refundPayment).
 */
export async function checkRefundRequest(
  container: Container,
  input: RefundRequest,
  actorId?: string
) {
  const amountSen = parseRinggit(
    input.amount,
    "amount",
    -Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER
  )
  if (amountSen < 1)
    throw invalidData(
      say("refund.amountNotPositive", { amount: fromSen(amountSen) })
    )
  const { client, svcModule } = adminDeps(container)
  // The same form again (lost answer, double click): its payout, before the checks its own
  // success would now fail (what is left to refund, the prefund balance).
  const again = await samePayout(svcModule, input, amountSen)
  if (again) return { replay: again }

  const payment = await loadPayment(container, input.payment_id)
  const { id, provider_id: provider, currency_code: currency } = payment
  if (!SVC_PROVIDER_RE.test(provider))
    throw invalidData(say("refund.notSvc", { payment: id, provider }))
  if (currency.toLowerCase() !== "myr")
    throw invalidData(
      say("refund.notMyr", { currency: currency.toUpperCase() })
    )
  if (payment.capturedSen <= 0)
    throw invalidData(say("refund.nothingCaptured", { payment: payment.id }))
  // what Medusa would refuse only after the payout left (a canceled order, an order change in progress)
  await refuseRefundMedusaWouldReject(container, payment)
  // a refund reason the store has (Medusa's refund reasons, Settings → Refund reasons)
  const reason = input.refund_reason_id
  const payments = container.resolve(Modules.PAYMENT)
  if (reason && !(await payments.listRefundReasons({ id: reason })).length)
    throw invalidData(say("refund.noReason", { id: reason }))

  const open = await svcModule.listSvcPayouts({
    payment_id: payment.id,
    status: OPEN_PAYOUT_STATUSES,
  })
  const openSen = open.reduce((n, r) => n + Number(r.amount_sen), 0)
  const left = payment.capturedSen - payment.refundedSen - openSen
  if (amountSen > left) {
    throw invalidData(
      say("refund.tooMuch", {
        left: fromSen(Math.max(0, left)),
        captured: fromSen(payment.capturedSen),
        refunded: fromSen(payment.refundedSen),
        open: fromSen(openSen),
        amount: fromSen(amountSen),
      })
    )
  }

  const b = input.beneficiary
  if (b.bank_code) {
    const active = await client.payouts.activeBanks().catch((e) => {
      throw unexpectedState(say("refund.banksUnread", { error: messageOf(e) }))
    })
    const banks = activeBanks.safeParse(active)
    if (
      !banks.success ||
      !banks.data.banks.some((x) => x.code === b.bank_code)
    ) {
      throw invalidData(say("refund.bankNotPaid", { bank: b.bank_code }))
    }
  }
  const prefund = await client.payouts.prefund.balance().catch(() => null)
  if (
    prefund &&
    /^\d+$/.test(prefund.available) &&
    Number(prefund.available) < amountSen
  ) {
    throw invalidData(
      say("refund.prefundLow", {
        balance: fromSen(prefund.available),
        amount: fromSen(amountSen),
      })
    )
  }

  const destination: Record<string, unknown> = b.bank_code
    ? { bankCode: b.bank_code, accountNumber: b.account_number }
    : { proxyType: b.proxy_type, proxyValue: b.proxy_value }
  if (input.name_check) destination.nameCheck = input.name_check
  return {
    request: {
      request_id: input.request_id ?? null,
      payment_id: payment.id,
      order_id: payment.orderId,
      checkout_id: payment.checkoutId,
      amount_sen: amountSen,
      beneficiary_name: b.name,
      destination,
      note: input.note ?? null,
      // Medusa's refund reason, as its own Refund button stores it on the refund
      refund_reason_id: input.refund_reason_id ?? null,
      requested_by: actorId ?? null,
    },
  }
}

/**
 * Store a checked payout request, REQUESTED, with a fresh Idempotency-Key (v4),
 * before anything is sent (spec: Idempotency rules 1). The same form sent twice
 * at the same moment: the unique request_id let one row in, and the other gets
 * that row's answer.
 */
export async function storePayoutRequest(
  container: Container,
  request: NewPayoutRequest,
  input: RefundRequest
): Promise<{ rowId: string | null; replay: RefundResult | null }> {
  const { svcModule } = adminDeps(container)
  try {
    const row = await svcModule.createSvcPayouts({
      ...request,
      idempotency_key: randomUUID(),
      status: "REQUESTED",
      status_history: appendEntry(
        null,
        "REQUESTED",
        "admin",
        request.requested_by ?? undefined
      ),
    })
    return { rowId: row.id, replay: null }
  } catch (e) {
    const replay = await samePayout(svcModule, input, request.amount_sen)
    if (replay) return { rowId: null, replay }
    throw e
  }
}

/**
 * A request_id names one refund: sent again with the same body it answers with that payout
 * request as it stands (the first request, or the job with its own key, finishes it); with
 * another body it is refused, naming the field that differs. Null: no request has it.
 */
async function samePayout(
  svcModule: SvcModuleService,
  input: RefundRequest,
  amountSen: number
): Promise<RefundResult | null> {
  const [row] = input.request_id
    ? await svcModule.listSvcPayouts({ request_id: input.request_id })
    : []
  if (!row) return null
  const dest = row.destination ?? {}
  const b = input.beneficiary
  // [field, as stored, as asked now]: the first that differs is named
  const destinationFields: [string, unknown, unknown][] = [
    ["beneficiary.name", row.beneficiary_name ?? null, b.name],
    ["beneficiary.bank_code", dest.bankCode ?? undefined, b.bank_code],
    [
      "beneficiary.account_number",
      dest.accountNumber ?? undefined,
      b.account_number,
    ],
    ["beneficiary.proxy_type", dest.proxyType ?? undefined, b.proxy_type],
    ["beneficiary.proxy_value", dest.proxyValue ?? undefined, b.proxy_value],
    ["name_check", dest.nameCheck ?? undefined, input.name_check],
  ]
  const differs =
    row.payment_id !== input.payment_id
      ? "payment_id"
      : Number(row.amount_sen) !== amountSen
        ? english(
            say("refund.amountThenNow", {
              then: fromSen(Number(row.amount_sen)),
              now: fromSen(amountSen),
            })
          )
        : (destinationFields.find(([, then, now]) => then !== now)?.[0] ?? null)
  if (differs)
    throw invalidData(say("refund.requestIdUsed", { field: differs }))
  const done = !OPEN_PAYOUT_STATUSES.includes(String(row.status))
  const was = { payout: String(row.payout_id ?? row.id), status: row.status }
  const reason = row.failure_reason
  return answerWith(
    !done,
    row,
    !done
      ? say("refund.againSending")
      : reason
        ? say("refund.againWhy", { ...was, reason })
        : say("refund.again", was)
  )
}

/**
 * Ask Medusa for the refund of a stored payout request (REQUESTED, or
 * UNCERTAIN to finish it with the same key) and report what became of it.
 * Used by the admin route and by the reconciliation job.
 */
export async function finishRefund(
  container: Container,
  rowId: string,
  opts: { actorId?: string; note?: string | null } = {}
): Promise<RefundResult> {
  const { svcModule } = adminDeps(container)
  const before = await svcModule.retrieveSvcPayout(rowId)
  const amountSen = Number(before.amount_sen)
  const p = await loadPayment(container, before.payment_id!)
  // Medusa records the payout's amount, or, when it refunds all that is left of a payment whose
  // amount has a fraction of a sen (39.852 paid as 3985 sen), Medusa's exact remainder, so the
  // payment shows fully refunded (all that is left in sen: the captures rounded minus the refunds)
  const all =
    MathBN.gt(p.exactLeft, 0) && p.capturedSen - p.refundedSen === amountSen
  // metadata is not in Medusa's input type, yet is passed through to the refund
  // (refundPaymentStep -> paymentModule.refundPayment): the provider finds the row by it
  const input: RefundPaymentWorkflowInput & {
    metadata: { svc_payout_id: string }
  } = {
    payment_id: before.payment_id!,
    amount: all ? p.exactLeft.toFixed() : fromSen(amountSen),
    created_by: opts.actorId,
    note: opts.note ?? before.note ?? undefined,
    refund_reason_id: before.refund_reason_id ?? undefined,
    metadata: { svc_payout_id: rowId },
  }
  // not runAsStep: a nested workflow's failure fails this one, yet svc's no answer must end as 202 with the request kept (UNCERTAIN)
  const workflowError = await refundPaymentWorkflow(container)
    .run({ input })
    .then(
      () => null,
      (e: unknown) => e ?? "Unknown error"
    )
  const row = await svcModule.retrieveSvcPayout(rowId)
  if (!workflowError) return sentAnswer(row)
  const message = messageOf(workflowError)
  if (row.status === "REQUESTED") {
    // Medusa refused before the provider ran (e.g. its own over-refund guard):
    // nothing was sent; close the request so it no longer counts as open.
    await svcModule.abandonPayoutRequest(
      rowId,
      `Medusa refused the refund: ${message}`,
      "refund",
      message
    )
    throw invalidData(say("refund.medusaRefused", { message }))
  }
  if (row.status === "UNCERTAIN")
    return answerWith(true, row, say("refund.noAnswer"))
  throw workflowError instanceof MedusaError
    ? workflowError
    : invalidData(message)
}

/** The answer for a payout request as it stands: `kept` (202) or not (200), and its line. */
const answerWith = (
  kept: boolean,
  row: PayoutRecord,
  message: Said
): RefundResult => ({ kept, payout: publicPayout(row), message })

/** The answer for a payout svc made: 200, the request as it stands. */
const sentAnswer = (row: PayoutRecord) =>
  answerWith(
    false,
    row,
    say("refund.sent", { payout: String(row.payout_id), status: row.status })
  )

/**
 * Finish a stored payout request that svc did not answer for (UNCERTAIN) with
 * its own key. When Medusa's refund survived (the process died mid-send, so
 * nothing removed it), asking Medusa again would record a second refund for
 * one payout: the payout is sent again for that refund instead
 * (resendForRecordedRefund). Otherwise Medusa is asked for the refund again,
 * which sends the payout with the same key; svc replays the payout it made or
 * makes the one it never did. One payout, one refund.
 */
export async function finishPayoutRequest(
  container: Container,
  rowId: string
): Promise<RefundResult> {
  const { svcModule } = adminDeps(container)
  const row = await svcModule.retrieveSvcPayout(rowId)
  if (
    !row.refund_id ||
    !(await new MedusaReads(container).refundExists(row.refund_id))
  )
    return finishRefund(container, rowId)
  const deps = {
    client: adminDeps(container).client,
    payouts: svcModule,
    events: container,
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
  const sent = await resendForRecordedRefund(deps, rowId, row.refund_id)
  const after = await svcModule.retrieveSvcPayout(rowId)
  return sent
    ? sentAnswer(after)
    : answerWith(
        true,
        after,
        say("refund.notFinished", { id: rowId, status: after.status })
      )
}
