import { model } from "@medusajs/framework/utils"

import {
  attentionColumns,
  requestIdIndex,
  requestKeyColumns,
  svcStatusColumns,
} from "./columns"

/**
 * A refund made as an svc payout (svc has no checkout refund): money from the
 * merchant's prefund balance to the buyer's bank account or DuitNow proxy.
 *
 * Life of a row (docs/architecture.md: "Refunds are payouts"):
 * REQUESTED (admin asked; key fixed and stored before anything is sent) →
 * SENDING (the provider's refundPayment claimed it for one Medusa refund) →
 * svc's status INITIATED → SETTLED (or REVERSED / RETURNED: money back in the
 * prefund, the buyer was not paid; `attention` is set). A definite refusal is
 * FAILED; no answer is UNCERTAIN, finished later with the same key. One row is
 * at most one payout whatever crashes in between. `request_id` is the admin
 * form's own id (optional for API callers): unique, so the same request sent
 * again, even at the same moment, is one payout.
 */
const SvcPayout = model
  .define("svc_payout", {
    id: model.id({ prefix: "svcpo" }).primaryKey(),
    ...requestKeyColumns(),
    refund_id: model.text().nullable(),
    payment_id: model.text().nullable(),
    order_id: model.text().nullable(),
    checkout_id: model.text().nullable(),
    amount_sen: model.number(),
    fee_sen: model.number().nullable(),
    beneficiary_id: model.text().nullable(),
    beneficiary_name: model.text().nullable(),
    // where the money goes: {bankCode, accountNumber} or {proxyType, proxyValue}, and nameCheck
    destination: model.json().nullable(),
    payout_id: model.text().nullable(),
    ...svcStatusColumns(),
    failure_reason: model.text().nullable(),
    ...attentionColumns(),
    note: model.text().nullable(),
    // Medusa's refund reason (refund_reason), stored on Medusa's refund as its own Refund button does
    refund_reason_id: model.text().nullable(),
    requested_by: model.text().nullable(),
  })
  .indexes([
    { on: ["payout_id"] },
    { on: ["payment_id"] },
    { on: ["order_id"] },
    { on: ["status"] },
    requestIdIndex,
  ])

export default SvcPayout
