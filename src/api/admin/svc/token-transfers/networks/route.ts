import { listNetworks } from "../../../../../workflows/transfer-tokens/token-transfers"
import { answer } from "../../answer"

/** GET /admin/svc/token-transfers/networks: svc's active networks and token ids (GET /v1/wallet/networks). */
export const GET = answer(async (scope) => ({
  networks: await listNetworks(scope),
}))
