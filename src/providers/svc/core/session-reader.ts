/**
 * Reads a payment session row through the payment module's own database
 * connection. Used by the webhook check: the amount to capture must be the
 * session's current amount, and the checkout its current checkout.
 * Returns undefined when no connection is available, null when not found.
 */
export async function readPaymentSession(
  knex: unknown,
  id: string
): Promise<{ id: string; amount: string; status: string; data: Record<string, unknown> } | null | undefined> {
  if (typeof knex !== "function") return undefined
  const k = knex as unknown as { raw: (sql: string, b: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }
  const res = await k.raw(
    `select id, raw_amount, amount, status, data from payment_session where id = ? and deleted_at is null`,
    [id]
  )
  const row = res.rows[0]
  if (!row) return null
  const raw = row.raw_amount as { value?: string } | null
  return {
    id: String(row.id),
    amount: raw?.value ?? String(row.amount),
    status: String(row.status),
    data: (row.data as Record<string, unknown>) ?? {},
  }
}
