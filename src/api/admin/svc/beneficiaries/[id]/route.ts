import { SvcNotFoundError } from "../../../../../client/errors"
import { adminDeps } from "../../../../../lib/svc-admin/context"
import { adminSvcError } from "../../../../../lib/svc-admin/errors"
import { answer } from "../../answer"
import { requireBeneficiary } from "../from-svc"

/**
 * DELETE /admin/svc/beneficiaries/:id: remove it at svc (its trigger address is
 * deactivated too). spec gap: the deletion route is assumed
 * `DELETE /v1/payouts/beneficiaries/{id}` (the spec names it without a path).
 */
export const DELETE = answer(async (scope, req) => {
  const { id } = req.params
  const { client, svcModule } = adminDeps(scope)
  const row = await requireBeneficiary(scope, id)
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
  return {
    beneficiary: await svcModule.updateSvcBeneficiaries({
      id: row.id,
      removed_at: new Date(),
    }),
  }
})
