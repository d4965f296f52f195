/**
 * The provider's side of `svc_payout` (refunds as payouts), through the
 * payment module's PostgreSQL connection, like src/plugin/account/checkout-ledger.ts.
 *
 * The admin route (src/api/admin/svc/refunds) writes a REQUESTED row with its
 * Idempotency-Key *before* it asks Medusa for the refund; Medusa then calls
 * the provider's refundPayment with the new refund's id, and the refund's
 * metadata names the row (`svc_payout_id`). The provider claims the row for
 * that refund atomically, so one row is sent for at most one Medusa refund.
 */
import type { Knex } from "../core/knex"

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
export type NamedDestination = { beneficiary_id: string | null; beneficiary_name: string | null; destination: Record<string, unknown> }

const rowsOf = (r: any): any[] => (Array.isArray(r?.rows) ? r.rows : Array.isArray(r) ? r : [])
const entry = (status: string, source: string, detail?: string) =>
  JSON.stringify([{ status, at: new Date().toISOString(), source, ...(detail ? { detail: detail.slice(0, 300) } : {}) }])

export class PayoutLedger {
  constructor(private readonly knex: Knex | undefined) {}

  /**
   * Claim a REQUESTED (or UNCERTAIN: finishing with the same key) row for a
   * refund. Null when the row does not exist or is already sent, failed or
   * claimed by a refund still running.
   */
  async claim(rowId: string, refundId: string): Promise<PayoutRow | null> {
    if (!this.knex) return null
    const r = rowsOf(
      await this.knex.raw(
        `update svc_payout set refund_id = ?, status = 'SENDING',
           status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || ?::jsonb),
           updated_at = now()
         where id = ? and deleted_at is null and status in ('REQUESTED', 'UNCERTAIN')
         returning id, idempotency_key, refund_id, payment_id, checkout_id, amount_sen, status,
           beneficiary_id, beneficiary_name, destination, payout_id`,
        [refundId, entry("SENDING", "refund", `Medusa refund ${refundId}`), rowId]
      )
    )
    return (r[0] as PayoutRow) ?? null
  }

  async recordSent(rowId: string, p: { payoutId: string; status: string; fee?: string | null; beneficiaryId?: string | null }): Promise<void> {
    if (!this.knex) return
    const fee = p.fee != null && /^\d+$/.test(String(p.fee)) ? Number(p.fee) : null
    await this.knex.raw(
      `update svc_payout set payout_id = ?, status = ?, fee_sen = coalesce(?, fee_sen), beneficiary_id = coalesce(?, beneficiary_id),
         failure_reason = null,
         status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || ?::jsonb),
         updated_at = now()
       where id = ? and deleted_at is null`,
      [p.payoutId, p.status, fee, p.beneficiaryId ?? null, entry(p.status, "refund"), rowId]
    )
  }

  /** FAILED (svc refused: nothing was sent) or UNCERTAIN (no answer: finish later with the same key). */
  async recordNotSent(rowId: string, status: "FAILED" | "UNCERTAIN", reason: string): Promise<void> {
    if (!this.knex) return
    await this.knex.raw(
      `update svc_payout set status = ?, failure_reason = ?,
         status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || ?::jsonb),
         updated_at = now()
       where id = ? and deleted_at is null and status = 'SENDING'`,
      [status, reason.slice(0, 500), entry(status, "refund", reason), rowId]
    )
  }

  /**
   * The destination named for this order's refunds: the newest payout request of the order
   * (or payment) with one, preferring those svc did not refuse.
   */
  async namedDestination(paymentId: string, orderId: string | null): Promise<NamedDestination | null> {
    if (!this.knex) return null
    const r = rowsOf(
      await this.knex.raw(
        `select beneficiary_id, beneficiary_name, destination from svc_payout
          where (payment_id = ? or (?::text is not null and order_id = ?)) and destination is not null and deleted_at is null
          order by (status = 'FAILED') asc, created_at desc limit 1`,
        [paymentId, orderId, orderId]
      )
    )[0]
    return r ? { beneficiary_id: r.beneficiary_id ?? null, beneficiary_name: r.beneficiary_name ?? null, destination: r.destination } : null
  }

  /**
   * The payout request of a refund made by Medusa itself (its Refund button, returns,
   * claims): one row per Medusa refund, made once (a second call for the same refund
   * finds it), REQUESTED with a fresh Idempotency-Key stored before anything is sent.
   */
  async requestForRefund(args: {
    id: string
    idempotencyKey: string
    refundId: string
    paymentId: string
    orderId: string | null
    checkoutId: string | null
    amountSen: number
    named: NamedDestination
  }): Promise<string> {
    if (!this.knex) throw new Error("svc: no database connection for payout requests")
    const made = rowsOf(
      await this.knex.raw(
        `insert into svc_payout (id, idempotency_key, refund_id, payment_id, order_id, checkout_id, amount_sen,
                                 beneficiary_id, beneficiary_name, destination, status, status_history, note)
         select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, 'REQUESTED', jsonb_build_object('entries', ?::jsonb), ?
          where not exists (select 1 from svc_payout where refund_id = ? and deleted_at is null)
         returning id`,
        [
          args.id,
          args.idempotencyKey,
          args.refundId,
          args.paymentId,
          args.orderId,
          args.checkoutId,
          args.amountSen,
          args.named.beneficiary_id,
          args.named.beneficiary_name,
          JSON.stringify(args.named.destination),
          entry("REQUESTED", "medusa-refund", `Medusa refund ${args.refundId}`),
          "Medusa's Refund (button, return or claim), to the destination named for this order",
          args.refundId,
        ]
      )
    )
    if (made[0]?.id) return made[0].id
    const existing = rowsOf(await this.knex.raw(`select id from svc_payout where refund_id = ? and deleted_at is null limit 1`, [args.refundId]))
    return existing[0].id
  }
}
