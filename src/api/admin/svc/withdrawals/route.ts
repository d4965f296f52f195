import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import { firstIssue } from "../../../../plugin/core/admin-input"
import { requestWithdrawal, withdrawalRequestSchema } from "../../../../plugin/settlements/withdrawals"

/**
 * POST /admin/svc/withdrawals: settle, i.e. send svc wallet balance to a linked
 * bank account. Body `{request_id?, bank_account_id, amount ("1500.00"), reference?}`;
 * the same request_id again answers with the same withdrawal (another body: 400 naming the field).
 * 200 sent (PENDING, then PROCESSING and COMPLETED by webhook or job); 202 svc
 * did not answer, the job finishes it with the same key; 400 by field, nothing sent.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const parsed = withdrawalRequestSchema.safeParse(req.body ?? {})
  if (!parsed.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, firstIssue(parsed.error))
  const r = await requestWithdrawal(req.scope as never, parsed.data, req.auth_context?.actor_id)
  res.status(r.httpStatus).json({ withdrawal: r.withdrawal, message: r.message })
}

const listQuery = z
  .object({ limit: z.coerce.number().int("must be an integer").min(1, "must be 1-200").max(200, "must be 1-200").default(50) })
  .strict()

/** GET /admin/svc/withdrawals: the newest settlements first. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const parsed = listQuery.safeParse(req.query)
  if (!parsed.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, firstIssue(parsed.error))
  const svcModule = req.scope.resolve<SvcModuleService>(SVC_MODULE)
  const rows = await svcModule.listSvcWithdrawals({}, { take: parsed.data.limit, order: { created_at: "DESC" } })
  res.json({ withdrawals: rows }) // nothing secret in a withdrawal row
}
