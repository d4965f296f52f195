import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { trackTokenTransferWorkflow } from "../../../../../../workflows/transfer-tokens"

/** POST /admin/svc/token-transfers/:id/refresh: re-read from svc (or send an unanswered one again with its key). */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { result } = await trackTokenTransferWorkflow(req.scope).run({
    input: { id: String(req.params.id), source: "admin" },
  })
  res.json({ transfer: result.transfer })
}
