import { trackTokenTransferWorkflow } from "../../../../../../workflows/transfer-tokens"
import { answer } from "../../../answer"

/** POST /admin/svc/token-transfers/:id/refresh: re-read from svc (or send an unanswered one again with its key). */
export const POST = answer(async (scope, req) => {
  const { result } = await trackTokenTransferWorkflow(scope).run({
    input: { id: String(req.params.id), source: "admin" },
  })
  return { transfer: result.transfer }
})
