import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import {
  listBeneficiaries,
  registerBeneficiary,
} from "../../../../lib/svc-admin/beneficiaries"
import { actor, scope } from "../../../../lib/svc-admin/http"
import type { ListQuery } from "../validators"
import type { BeneficiaryRegister } from "./validators"

/** GET /admin/svc/beneficiaries?limit=&offset=: the beneficiaries registered from this store (svc has no list route). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, ListQuery>,
  res: MedusaResponse
) {
  res.json(await listBeneficiaries(scope(req), req.validatedQuery))
}

/**
 * POST /admin/svc/beneficiaries `{name, bank_code + account_number | proxy_type + proxy_value, name_check?}`:
 * register with svc (bank-checked; name-checked with name_check). 201 new, 200 already registered.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<BeneficiaryRegister>,
  res: MedusaResponse
) {
  const r = await registerBeneficiary(scope(req), req.validatedBody, actor(req))
  res.status(r.existing ? 200 : 201).json(r)
}
