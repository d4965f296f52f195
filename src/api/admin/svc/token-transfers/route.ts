import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listTokenTransfers } from "../../../../workflows/transfer-tokens/token-transfers"
import { transferTokensWorkflow } from "../../../../workflows/transfer-tokens"
import type { ListQuery } from "../validators"
import type { TokenTransferRequest } from "./validators"
import { spoken } from "../../../../lib/texts"

/** GET /admin/svc/token-transfers?limit=&offset=: newest first; open ones re-read from svc first. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, ListQuery>,
  res: MedusaResponse
) {
  res.json(await listTokenTransfers(req.scope, req.validatedQuery))
}

/**
 * POST /admin/svc/token-transfers `{request_id, network_id, token_id, address_to, amount ("150.00"), reference?}`:
 * 200 sent; 202 svc did not answer (kept with its key; send the same request_id again); 400 by field, nothing sent.
 * The same request_id never makes a second transfer. The transfer workflow (src/workflows/transfer-tokens) does it all.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<TokenTransferRequest>,
  res: MedusaResponse
) {
  const { result } = await transferTokensWorkflow(req.scope).run({
    input: {
      request: req.validatedBody,
      actor_id: req.auth_context?.actor_id,
    },
  })
  const { httpStatus, message, ...answer } = result // {transfer}
  res.status(httpStatus).json({ ...answer, ...spoken("message", message) })
}
