import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import { publicPayout } from "../../../../workflows/refund-to-bank/request-refund"
import type { RefundPayoutsQuery } from "./validators"

/** GET /admin/svc/payouts: refund payouts (by order, payment or needing attention), account numbers masked. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, RefundPayoutsQuery>,
  res: MedusaResponse
) {
  const q = req.validatedQuery
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.payment_id) filters.payment_id = q.payment_id
  if (q.attention === "true") filters.attention = { $ne: null }
  const svcModule = req.scope.resolve<SvcModuleService>(SVC_MODULE)
  const rows = await svcModule.listSvcPayouts(filters, {
    take: q.limit,
    order: { created_at: "DESC" },
  })
  res.json({ payouts: rows.map((r) => publicPayout(r)) })
}
