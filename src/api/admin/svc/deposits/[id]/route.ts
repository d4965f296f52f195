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
import { answerQuery } from "../../answer"

/**
 * GET /admin/svc/deposits/:id?area=wallet|payout: read from svc and stored (a
 * COMPLETED one never moves back). svc is asked in the area given, else the
 * stored one, else the wallet area and then the payout area.
 */
export const GET = answerQuery<DepositLookupQuery>(
  async (scope, { area }, req) => {
    const { id } = req.params
    const [stored] = await adminDeps(scope).svcModule.listSvcDeposits({
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
        const { row } = await refreshLocked(scope, a, id, "lookup")
        return { deposit: depositView(row) }
      } catch (e) {
        last = e
        if (!(e instanceof SvcNotFoundError)) break
      }
    }
    throw adminSvcError(last, "looking up the deposit")
  }
)
