import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { scope } from "../../../../../plugin/admin-tools/http"
import { listNetworks } from "../../../../../plugin/admin-tools/token-transfers"

/** GET /admin/svc/token-transfers/networks: svc's active networks and token ids (GET /v1/wallet/networks). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ networks: await listNetworks(scope(req)) })
}
