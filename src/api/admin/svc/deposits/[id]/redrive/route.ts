import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { redriveDeposit } from "../../../../../../lib/svc-admin/deposits"
import { param, scope } from "../../../../../../lib/svc-admin/http"

/** POST /admin/svc/deposits/:id/redrive: only a stored COMPLETED deposit from a trigger address; refused before any svc call otherwise. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ deposit: await redriveDeposit(scope(req), param(req, "id")) })
}
