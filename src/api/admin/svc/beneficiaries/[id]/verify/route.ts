import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { verifyBeneficiary } from "../../../../../../plugin/admin-tools/beneficiaries"
import { pathId, scope } from "../../../../../../plugin/admin-tools/http"
import { beneficiaryVerify, parseAdmin } from "../../../../../../plugin/admin-tools/input"

/** POST /admin/svc/beneficiaries/:id/verify `{name_check?}`: bank check (and name check) again, recorded on it. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = pathId(req, "id", "a beneficiary")
  const { name_check } = parseAdmin(beneficiaryVerify, req.body)
  res.json({ beneficiary: await verifyBeneficiary(scope(req), id, name_check) })
}
