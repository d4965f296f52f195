import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { adminDeps } from "../../../../../../lib/svc-admin/context"
import { svcCall } from "../../../../../../lib/svc-admin/errors"
import { fieldsFromSvc, requireBeneficiary } from "../../from-svc"
import type { BeneficiaryVerify } from "../../validators"

/** POST /admin/svc/beneficiaries/:id/verify `{name_check?}`: bank check (and name check) again, recorded on it. */
export async function POST(
  req: AuthenticatedMedusaRequest<BeneficiaryVerify>,
  res: MedusaResponse
) {
  const { id } = req.params
  const nameCheck = req.validatedBody.name_check
  const { client, svcModule } = adminDeps(req.scope)
  const row = await requireBeneficiary(req.scope, id)
  const b = await svcCall("verifying the beneficiary", () =>
    client.payouts.beneficiaries.verify(id, nameCheck ? { nameCheck } : {})
  )
  res.json({
    beneficiary: await svcModule.updateSvcBeneficiaries({
      id: row.id,
      ...fieldsFromSvc(b),
      ...(nameCheck ? { name_check: nameCheck } : {}),
    }),
  })
}
