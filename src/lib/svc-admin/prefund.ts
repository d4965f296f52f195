import { adminDeps, mask, type Container } from "./context"
import { adminSvcError } from "./errors"

type Loose = Record<string, unknown>

/** `GET /v1/payout/prefund/balance`: `available` in sen (string). */
export async function prefundBalance(container: Container) {
  const { client } = adminDeps(container)
  try {
    const b = await client.payouts.prefund.balance()
    return { available_sen: b.available }
  } catch (e) {
    throw adminSvcError(e, "reading svc")
  }
}

/**
 * One page of all the account's payouts (`GET /v1/payouts`), not only the
 * store's refunds. spec gap: the list's query and response are not shown; read
 * as svc's cursor page (`data`, `hasMore`, `nextCursor`, as the sandbox
 * answers), or a bare array. Account numbers and proxy values are masked.
 */
export async function listAllPayouts(
  container: Container,
  q: { limit: number; cursor?: string; status?: string }
) {
  const { client, svcModule } = adminDeps(container)
  let r: unknown
  try {
    r = await client.payouts.list({
      limit: q.limit,
      ...(q.cursor ? { cursor: q.cursor } : {}),
      ...(q.status ? { status: q.status } : {}),
    })
  } catch (e) {
    throw adminSvcError(e, "reading svc")
  }
  const page = Array.isArray(r)
    ? { data: r, hasMore: false, nextCursor: null }
    : (r as Loose)
  const data = (Array.isArray(page.data) ? page.data : []) as Loose[]
  const ids = data
    .map((p) => p.payoutId)
    .filter((x): x is string => typeof x === "string")
  const refunds = ids.length
    ? await svcModule.listSvcPayouts({ payout_id: ids })
    : []
  const refundOf = new Map(refunds.map((p) => [p.payout_id, p]))
  return {
    payouts: data.map((p) => {
      const b = (p.beneficiary ?? null) as Loose | null
      const ours = refundOf.get(String(p.payoutId))
      return {
        payout_id: p.payoutId,
        status: p.status,
        amount_sen: p.amount ?? null,
        fee_sen: p.fee ?? null,
        net_amount_sen: p.netAmount ?? null,
        beneficiary_id: p.beneficiaryId ?? null,
        beneficiary: b
          ? {
              name: b.name ?? null,
              bank_code: b.bankCode ?? null,
              account_number: mask(b.accountNumber),
              proxy_type: b.proxyType ?? null,
              proxy_value: mask(b.proxyValue),
            }
          : null,
        reference: p.reference ?? null,
        settled_at: p.settledAt ?? null,
        created_at: p.createdAt ?? null,
        refund_of_order: ours ? ((ours as Loose).order_id ?? null) : null,
      }
    }),
    has_more: page.hasMore === true,
    next_cursor: typeof page.nextCursor === "string" ? page.nextCursor : null,
  }
}
