import { adminDeps, mask } from "../../../../../lib/svc-admin/context"
import { svcCall } from "../../../../../lib/svc-admin/errors"
import { z } from "@medusajs/framework/zod"
import type { PayoutsQuery } from "../validators"
import { answerQuery } from "../../answer"

/** svc's fields of a payout and its beneficiary, read one by one below (spec gap: not shown). */
const loose = z.record(z.string(), z.unknown())

/**
 * GET /admin/svc/prefund/payouts?limit=&cursor=&status=: one page of all the
 * account's payouts (`GET /v1/payouts`), not only the store's refunds. spec
 * gap: the list's query and response are not shown; read as svc's cursor page
 * (`data`, `hasMore`, `nextCursor`, as the sandbox answers), or a bare array.
 * Account numbers and proxy values are masked.
 */
export const GET = answerQuery<PayoutsQuery>(
  async (scope, { limit, cursor, status }) => {
    const { client, svcModule } = adminDeps(scope)
    const r = await svcCall("reading svc", () =>
      client.payouts.list({
        limit,
        ...(cursor ? { cursor } : {}),
        ...(status ? { status } : {}),
      })
    )
    const page = Array.isArray(r)
      ? { data: r, hasMore: false, nextCursor: null }
      : r
    const data = z.array(loose).catch([]).parse(page.data)
    const ids = data
      .map((p) => p.payoutId)
      .filter((x): x is string => typeof x === "string")
    const refunds = ids.length
      ? await svcModule.listSvcPayouts({ payout_id: ids })
      : []
    const refundOf = new Map(refunds.map((p) => [p.payout_id, p]))
    return {
      payouts: data.map((p) => {
        const b = loose
          .nullable()
          .catch(null)
          .parse(p.beneficiary ?? null)
        return {
          payout_id: p.payoutId,
          status: p.status,
          amount_sen: p.amount ?? null,
          fee_sen: p.fee ?? null,
          net_amount_sen: p.netAmount ?? null,
          beneficiary_id: p.beneficiaryId ?? null,
          beneficiary: b && {
            name: b.name ?? null,
            bank_code: b.bankCode ?? null,
            account_number: mask(b.accountNumber),
            proxy_type: b.proxyType ?? null,
            proxy_value: mask(b.proxyValue),
          },
          reference: p.reference ?? null,
          settled_at: p.settledAt ?? null,
          created_at: p.createdAt ?? null,
          refund_of_order: refundOf.get(String(p.payoutId))?.order_id ?? null,
        }
      }),
      has_more: page.hasMore === true,
      next_cursor: typeof page.nextCursor === "string" ? page.nextCursor : null,
    }
  }
)
