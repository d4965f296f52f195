import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { SvcNotFoundError } from "../../../../../client/errors"
import { adminDeps } from "../../../../../lib/svc-admin/context"
import { adminSvcError } from "../../../../../lib/svc-admin/errors"
import { requireBeneficiary } from "../from-svc"

/**
 * DELETE /admin/svc/beneficiaries/:id: remove it at svc (its trigger address is
 * deactivated too). spec gap: the deletion route is assumed
 * `DELETE /v1/payouts/beneficiaries/{id}` (the spec names it without a path).
 */
export async function DELETE(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { id } = req.params
  const { client, svcModule } = adminDeps(req.scope)
  const row = await requireBeneficiary(req.scope, id)
  try {
    await client.payouts.beneficiaries.remove(id)
  } catch (e) {
    // already removed at svc: record it here too
    if (!(e instanceof SvcNotFoundError))
      throw adminSvcError(e, "removing the beneficiary")
  }
  await svcModule.updateSvcTriggerAddresses({
    selector: { owner_type: "BENEFICIARY", owner_id: id },
    data: { active: false },
  })
  res.json({
    beneficiary: await svcModule.updateSvcBeneficiaries({
      id: row.id,
      removed_at: new Date(),
    }),
  })
}
