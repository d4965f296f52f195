import { SVC_MODULE } from "../../../../modules/svc"
import type SvcModuleService from "../../../../modules/svc/service"
import { withdrawWorkflow } from "../../../../workflows/withdraw"
import type { WithdrawalRequest, WithdrawalsQuery } from "./validators"
import { answerQuery, sendOut } from "../answer"

/**
 * POST /admin/svc/withdrawals: settle, i.e. send svc wallet balance to a linked
 * bank account. Body `{request_id?, bank_account_id, amount ("1500.00"), reference?}`;
 * the same request_id again answers with the same withdrawal (another body: 400 naming the field).
 * 200 sent (PENDING, then PROCESSING and COMPLETED by webhook or job); 202 svc
 * did not answer, the job finishes it with the same key; 400 by field, nothing sent.
 * The withdraw workflow (src/workflows/withdraw) does it all.
 */
export const POST = sendOut<WithdrawalRequest>((scope, input) =>
  withdrawWorkflow(scope).run({ input })
)

/** GET /admin/svc/withdrawals: the newest settlements first. */
export const GET = answerQuery<WithdrawalsQuery>(async (scope, q) => ({
  // nothing secret in a withdrawal row
  withdrawals: await scope
    .resolve<SvcModuleService>(SVC_MODULE)
    .listSvcWithdrawals({}, { take: q.limit, order: { created_at: "DESC" } }),
}))
