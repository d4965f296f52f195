import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { scope } from "../../../../../lib/svc-admin/http"
import { listNetworks } from "../../../../../workflows/transfer-tokens/token-transfers"

/** GET /admin/svc/token-transfers/networks: svc's active networks and token ids (GET /v1/wallet/networks). */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ networks: await listNetworks(scope(req)) })
}
