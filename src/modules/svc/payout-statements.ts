/**
 * The atomic statements on `svc_payout` (refunds as payouts) that the svc
 * module's service runs through Medusa's transaction manager (service.ts:
 * claimPayout, recordPayoutSent, ...). Each is one SQL statement, because
 * each must decide and write at once: a row is claimed for at most one Medusa
 * refund, and a sent row is never written back to "not sent".
 */

/** A payout request as the provider sends it (the columns the statements return). */
export type PayoutRow = {
  id: string
  idempotency_key: string
  refund_id: string | null
  payment_id: string | null
  checkout_id: string | null
  amount_sen: number
  status: string
  beneficiary_id: string | null
  beneficiary_name: string | null
  destination: Record<string, unknown> | null
  payout_id: string | null
}

/** Where an order's refunds go: the bank account or DuitNow proxy named with its refunds in the svc refunds panel. */
export type NamedDestination = {
  beneficiary_id: string | null
  beneficiary_name: string | null
  destination: Record<string, unknown>
}

/** The payout request of a refund Medusa made itself (its Refund button, returns, claims). */
export type PayoutForRefund = {
  id: string
  idempotencyKey: string
  refundId: string
  paymentId: string
  orderId: string | null
  checkoutId: string | null
  amountSen: number
  named: NamedDestination
}

/** One `status_history` entry, as JSON for `|| ?::jsonb`. */
export const historyEntry = (status: string, source: string, detail?: string) =>
  JSON.stringify([
    {
      status,
      at: new Date().toISOString(),
      source,
      ...(detail ? { detail: detail.slice(0, 300) } : {}),
    },
  ])

const APPEND_HISTORY = `status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || :history::jsonb)`
const PAYOUT_ROW_COLUMNS = `id, idempotency_key, refund_id, payment_id, checkout_id, amount_sen, status, beneficiary_id, beneficiary_name, destination, payout_id`

/** REQUESTED (or UNCERTAIN: finishing with the same key) → SENDING for one refund. */
export const CLAIM_PAYOUT = `update svc_payout set refund_id = :refundId, status = 'SENDING', ${APPEND_HISTORY}, updated_at = now()
   where id = :rowId and deleted_at is null and status in ('REQUESTED', 'UNCERTAIN')
   returning ${PAYOUT_ROW_COLUMNS}`

/**
 * svc's answer recorded; returns the payout id the row had before (the row locked first, so
 * of two senders with the same key, the one that finds it null made the payout known: once).
 */
export const RECORD_PAYOUT_SENT = `with prev as (select id as prev_id, payout_id as previous_payout_id from svc_payout where id = :rowId and deleted_at is null for update)
   update svc_payout p set payout_id = :payoutId, status = :status, fee_sen = coalesce(:feeSen, fee_sen), beneficiary_id = coalesce(:beneficiaryId, p.beneficiary_id),
     failure_reason = null, ${APPEND_HISTORY}, updated_at = now()
   from prev where p.id = prev.prev_id
   returning prev.previous_payout_id, ${PAYOUT_ROW_COLUMNS}, order_id`

/** svc's later status (tracking), only while the row still has the status it was read with: one caller makes each change. */
export const RECORD_PAYOUT_STATUS = `update svc_payout set status = :status, fee_sen = coalesce(:feeSen, fee_sen), attention = coalesce(:attention, attention),
     attention_reason = coalesce(:attentionReason, attention_reason), ${APPEND_HISTORY}, updated_at = now()
   where id = :rowId and deleted_at is null and status = :fromStatus
   returning ${PAYOUT_ROW_COLUMNS}, order_id`

/** Only from SENDING: a row svc answered for is never written back to "not sent". */
export const RECORD_PAYOUT_NOT_SENT = `update svc_payout set status = :status, failure_reason = :reason, ${APPEND_HISTORY}, updated_at = now()
   where id = :rowId and deleted_at is null and status = 'SENDING'`

/** Only from REQUESTED: nothing was sent for such a row, so FAILED is the truth. */
export const ABANDON_PAYOUT_REQUEST = `update svc_payout set status = 'FAILED', failure_reason = :reason, ${APPEND_HISTORY}, updated_at = now()
   where id = :rowId and deleted_at is null and status = 'REQUESTED'
   returning id`

export const NAMED_DESTINATION = `select beneficiary_id, beneficiary_name, destination from svc_payout
   where (payment_id = :paymentId or (:orderId::text is not null and order_id = :orderId)) and destination is not null and deleted_at is null
   order by (status = 'FAILED') asc, created_at desc limit 1`

/** Made once per Medusa refund: a second call for the same refund inserts nothing and finds the first (its id). */
export const PAYOUT_FOR_REFUND = `with made as (
   insert into svc_payout (id, idempotency_key, refund_id, payment_id, order_id, checkout_id, amount_sen,
                            beneficiary_id, beneficiary_name, destination, status, status_history, note)
   select :id, :idempotencyKey, :refundId, :paymentId, :orderId, :checkoutId, :amountSen, :beneficiary_id, :beneficiary_name,
          :destination::jsonb, 'REQUESTED', jsonb_build_object('entries', :history::jsonb), :note
    where not exists (select 1 from svc_payout where refund_id = :refundId and deleted_at is null)
   returning id)
   select id from made union all
   select id from svc_payout where refund_id = :refundId and deleted_at is null limit 1`

/** A withdrawal's later status from svc, only while the row still has the status it was read with. */
export const RECORD_WITHDRAWAL_STATUS = `update svc_withdrawal set status = :status, failure_reason = coalesce(:failureReason, failure_reason), ${APPEND_HISTORY}, updated_at = now()
   where id = :rowId and deleted_at is null and status = :fromStatus
   returning id`

/** A fee as svc writes it (digits, in sen), else null. */
export const feeSen = (fee: string | null | undefined): number | null =>
  fee != null && /^\d+$/.test(String(fee)) ? Number(fee) : null
