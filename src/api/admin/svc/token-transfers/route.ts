import { listTokenTransfers } from "../../../../workflows/transfer-tokens/token-transfers"
import { transferTokensWorkflow } from "../../../../workflows/transfer-tokens"
import type { ListQuery } from "../validators"
import type { TokenTransferRequest } from "./validators"
import { answerQuery, sendOut } from "../answer"

/** GET /admin/svc/token-transfers?limit=&offset=: newest first; open ones re-read from svc first. */
export const GET = answerQuery<ListQuery>(listTokenTransfers)

/**
 * POST /admin/svc/token-transfers `{request_id, network_id, token_id, address_to, amount ("150.00"), reference?}`:
 * 200 sent; 202 svc did not answer (kept with its key; send the same request_id again); 400 by field, nothing sent.
 * The same request_id never makes a second transfer. The transfer workflow (src/workflows/transfer-tokens) does it all.
 * Answers `{transfer, message}`.
 */
export const POST = sendOut<TokenTransferRequest>((scope, input) =>
  transferTokensWorkflow(scope).run({ input })
)
