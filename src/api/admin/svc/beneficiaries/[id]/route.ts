import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { removeBeneficiary } from "../../../../../lib/svc-admin/beneficiaries"
import { param, scope } from "../../../../../lib/svc-admin/http"

/**
 * DELETE /admin/svc/beneficiaries/:id: remove it at svc (its trigger address is
 * deactivated too). spec gap: the deletion route is assumed
 * `DELETE /v1/payouts/beneficiaries/{id}` (the spec names it without a path).
 */
export async function DELETE(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({
    beneficiary: await removeBeneficiary(scope(req), param(req, "id")),
  })
}
