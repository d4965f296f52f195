import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { verifyBeneficiary } from "../../../../../../lib/svc-admin/beneficiaries"
import { param, scope } from "../../../../../../lib/svc-admin/http"
import type { BeneficiaryVerify } from "../../validators"

/** POST /admin/svc/beneficiaries/:id/verify `{name_check?}`: bank check (and name check) again, recorded on it. */
export async function POST(
  req: AuthenticatedMedusaRequest<BeneficiaryVerify>,
  res: MedusaResponse
) {
  res.json({
    beneficiary: await verifyBeneficiary(
      scope(req),
      param(req, "id"),
      req.validatedBody.name_check
    ),
  })
}
