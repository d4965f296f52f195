import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { verifyBeneficiary } from "../../../../../../plugin/admin-tools/beneficiaries"
import { param, scope } from "../../../../../../plugin/admin-tools/http"
import type { beneficiaryVerify } from "../../../../../../plugin/admin-tools/input"

/** POST /admin/svc/beneficiaries/:id/verify `{name_check?}`: bank check (and name check) again, recorded on it. */
export async function POST(req: AuthenticatedMedusaRequest<z.output<typeof beneficiaryVerify>>, res: MedusaResponse) {
  res.json({ beneficiary: await verifyBeneficiary(scope(req), param(req, "id"), req.validatedBody.name_check) })
}
