import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { SvcNotFoundError } from "../../../../../client/errors"
import { adminDeps } from "../../../../../lib/svc-admin/context"
import {
  areaOf,
  refreshLocked,
  type DepositArea,
} from "../../../../../lib/svc-admin/deposits"
import { adminSvcError } from "../../../../../lib/svc-admin/errors"
import { AREA, depositView } from "../deposit-view"
import type { DepositLookupQuery } from "../validators"

/**
 * GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a
 * COMPLETED one never moves back). svc is asked in the area given, else the
 * stored one, else the wallet area and then the payout area.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, DepositLookupQuery>,
  res: MedusaResponse
) {
  const { id } = req.params
  const { area } = req.validatedQuery
  const [stored] = await adminDeps(req.scope).svcModule.listSvcDeposits({
    deposit_id: id,
  })
  const areas: DepositArea[] = area
    ? [AREA[area]]
    : stored
      ? [areaOf(stored)]
      : ["WALLET", "PAYOUT"]
  let last: unknown
  for (const a of areas) {
    try {
      const { row } = await refreshLocked(req.scope, a, id, "lookup")
      return res.json({ deposit: depositView(row) })
    } catch (e) {
      last = e
      if (!(e instanceof SvcNotFoundError)) break
    }
  }
  throw adminSvcError(last, "looking up the deposit")
}
