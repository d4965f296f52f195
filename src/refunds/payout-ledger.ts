/**
 * The provider's side of `svc_payout` (refunds as payouts), through the
 * payment module's PostgreSQL connection, like src/svc-account/checkout-ledger.ts.
 *
 * The admin route (src/api/admin/svc/refunds) writes a REQUESTED row with its
 * Idempotency-Key *before* it asks Medusa for the refund; Medusa then calls
 * the provider's refundPayment with the new refund's id, and the refund's
 * metadata names the row (`svc_payout_id`). The provider claims the row for
 * that refund atomically, so one row is sent for at most one Medusa refund.
 */
type Knex = {
  (table: string): any
  raw: (sql: string, bindings?: unknown[]) => Promise<any>
}

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

const rowsOf = (r: any): any[] => (Array.isArray(r?.rows) ? r.rows : Array.isArray(r) ? r : [])
const entry = (status: string, source: string, detail?: string) =>
  JSON.stringify([{ status, at: new Date().toISOString(), source, ...(detail ? { detail: detail.slice(0, 300) } : {}) }])

export class PayoutLedger {
  constructor(private readonly knex: Knex | undefined) {}

  /** The svc payout row a Medusa refund was made for (refund.metadata.svc_payout_id), or null. */
  async payoutRowIdOfRefund(refundId: string): Promise<string | null> {
    if (!this.knex || !refundId) return null
    const r = rowsOf(await this.knex.raw(`select metadata from refund where id = ? and deleted_at is null`, [refundId]))
    const id = r[0]?.metadata?.svc_payout_id
    return typeof id === "string" ? id : null
  }

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
}
