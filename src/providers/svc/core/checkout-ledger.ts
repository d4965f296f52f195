import { generateEntityId } from "@medusajs/framework/utils"

/**
 * Writes the plugin's `svc_checkout` rows from inside the payment module.
 *
 * Medusa gives a payment provider the payment module's container, not the
 * plugin module's service, so the provider writes through the shared
 * PostgreSQL connection (`__pg_connection__`, a knex instance) into the table
 * the `svc` module owns and migrates. Reads for admins and the job go through
 * the module service. When no connection is there (a unit test of the
 * provider alone) the ledger is a no-op: correctness never depends on it, since
 * keys and titles are derived from the session (see keys.ts).
 */
type Knex = {
  (table: string): any
  raw: (sql: string, bindings?: unknown[]) => Promise<any>
}

export type LedgerStatus = {
  status: string
  at: string
  source: string
  detail?: string
}

export class CheckoutLedger {
  constructor(private readonly knex: Knex | undefined) {}

  /** Record the key and title before the request is sent (spec: Idempotency rules 1). */
  async recordIntent(row: {
    paymentSessionId: string
    providerId: string
    attempt: number
    type: string
    idempotencyKey: string
    title: string
    amountSen: number
  }): Promise<void> {
    if (!this.knex) return
    const entry: LedgerStatus = { status: "CREATING", at: new Date().toISOString(), source: "initiate" }
    await this.knex.raw(
      `insert into svc_checkout (id, payment_session_id, provider_id, attempt, type, idempotency_key, title, amount_sen, status, status_history)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'CREATING', ?::jsonb)
       on conflict (idempotency_key) where deleted_at is null do nothing`,
      [
        generateEntityId("", "svcco"),
        row.paymentSessionId,
        row.providerId,
        row.attempt,
        row.type,
        row.idempotencyKey,
        row.title,
        row.amountSen,
        JSON.stringify({ entries: [entry] }),
      ]
    )
  }

  /** svc answered: attach the checkout id and link. */
  async recordCreated(idempotencyKey: string, c: { checkoutId: string; checkoutUrl: string; expiresAt: string }): Promise<void> {
    if (!this.knex) return
    await this.knex.raw(
      `update svc_checkout set checkout_id = ?, checkout_url = ?, expires_at = ?,
         status = case when status = 'CREATING' then 'CREATED' else status end,
         status_history = case when status = 'CREATING'
           then jsonb_set(status_history, '{entries}', (status_history->'entries') || ?::jsonb) else status_history end,
         updated_at = now()
       where idempotency_key = ? and deleted_at is null`,
      [
        c.checkoutId,
        c.checkoutUrl,
        c.expiresAt,
        JSON.stringify([{ status: "CREATED", at: new Date().toISOString(), source: "initiate" }]),
        idempotencyKey,
      ]
    )
  }

  /** Creation failed for good (a 4xx): keep the row, marked, for the audit trail. */
  async recordCreateFailed(idempotencyKey: string, reason: string): Promise<void> {
    if (!this.knex) return
    await this.knex.raw(
      `update svc_checkout set status = 'CREATE_FAILED', failure_reason = ?, updated_at = now()
       where idempotency_key = ? and status = 'CREATING' and deleted_at is null`,
      [reason.slice(0, 500), idempotencyKey]
    )
  }

  /**
   * Record a status read from svc. History only grows; a final status is never
   * overwritten by an older one (PROCESSING after COMPLETED changes nothing).
   */
  async recordStatus(
    checkoutId: string,
    s: { status: string; source: string; paidAt?: string | null; txHash?: string | null; failureReason?: string | null }
  ): Promise<void> {
    if (!this.knex) return
    await this.knex.raw(
      `update svc_checkout set
         status = ?,
         paid_at = coalesce(?, paid_at),
         tx_hash = coalesce(?, tx_hash),
         failure_reason = coalesce(?, failure_reason),
         status_history = jsonb_set(status_history, '{entries}', (status_history->'entries') || ?::jsonb),
         updated_at = now()
       where checkout_id = ? and deleted_at is null and status <> ?
         and status not in ('COMPLETED', 'FAILED', 'CANCELLED', 'REJECTED')`,
      [
        s.status,
        s.paidAt ?? null,
        s.txHash ?? null,
        s.failureReason ?? null,
        JSON.stringify([{ status: s.status, at: new Date().toISOString(), source: s.source }]),
        checkoutId,
        s.status,
      ]
    )
  }
}
