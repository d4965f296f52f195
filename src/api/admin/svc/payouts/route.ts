import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import { publicPayout } from "../../../../workflows/refund-to-bank/request-refund"
import type { RefundPayoutsQuery } from "./validators"
import { answerQuery } from "../answer"

/** GET /admin/svc/payouts: refund payouts (by order, payment or needing attention), account numbers masked. */
export const GET = answerQuery<RefundPayoutsQuery>(async (scope, q) => {
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.payment_id) filters.payment_id = q.payment_id
  if (q.attention === "true") filters.attention = { $ne: null }
  const rows = await scope
    .resolve<SvcModuleService>(SVC_MODULE)
    .listSvcPayouts(filters, { take: q.limit, order: { created_at: "DESC" } })
  return { payouts: rows.map((r) => publicPayout(r)) }
})
