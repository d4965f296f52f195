import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listBeneficiaries, registerBeneficiary } from "../../../../plugin/admin-tools/beneficiaries"
import { actor, scope } from "../../../../plugin/admin-tools/http"
import { beneficiaryRegister, listQuery, parseAdmin } from "../../../../plugin/admin-tools/input"

/** GET /admin/svc/beneficiaries?limit=&offset=: the beneficiaries registered from this store (svc has no list route). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listBeneficiaries(scope(req), parseAdmin(listQuery, req.query)))
}

/**
 * POST /admin/svc/beneficiaries `{name, bank_code + account_number | proxy_type + proxy_value, name_check?}`:
 * register with svc (bank-checked; name-checked with name_check). 201 new, 200 already registered.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const input = parseAdmin(beneficiaryRegister, req.body)
  const r = await registerBeneficiary(scope(req), input, actor(req))
  res.status(r.existing ? 200 : 201).json(r)
}
