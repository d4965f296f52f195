import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ownerOf, scope } from "../../../../../../plugin/admin-tools/http"
import { createTriggerAddress } from "../../../../../../plugin/admin-tools/trigger-addresses"

/**
 * POST /admin/svc/beneficiaries/:id/trigger-address: creates its trigger address, or
 * returns the one it has (one for life; svc answers the same address again).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ trigger_address: await createTriggerAddress(scope(req), ownerOf(req, "BENEFICIARY")) })
}
