import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import { firstIssue, publicPayout } from "../../../../plugin/refunds/request-refund"

const querySchema = z
  .object({
    order_id: z.string().regex(/^order_[0-9A-Za-z]+$/, "must be an order id").optional(),
    payment_id: z.string().regex(/^pay_[0-9A-Za-z]+$/, "must be a payment id").optional(),
    attention: z.enum(["true", "false"], { errorMap: () => ({ message: "must be true or false" }) }).optional(),
    limit: z.coerce.number().int("must be an integer").min(1, "must be 1-200").max(200, "must be 1-200").default(50),
  })
  .strict()

/** GET /admin/svc/payouts: refund payouts (by order, payment or needing attention), account numbers masked. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const parsed = querySchema.safeParse(req.query)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, firstIssue(parsed.error))
  const q = parsed.data
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.payment_id) filters.payment_id = q.payment_id
  if (q.attention === "true") filters.attention = { $ne: null }
  const svcModule = req.scope.resolve<SvcModuleService>(SVC_MODULE)
  const rows = await svcModule.listSvcPayouts(filters, { take: q.limit, order: { created_at: "DESC" } })
  res.json({ payouts: rows.map((r) => publicPayout(r as never)) })
}
