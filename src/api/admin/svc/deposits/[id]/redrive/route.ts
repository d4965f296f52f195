import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { depositSchema } from "../../../../../../client/schemas/deposits"
import {
  adminDeps,
  withDepositLock,
} from "../../../../../../lib/svc-admin/context"
import {
  areaOf,
  depositsOf,
  storeDeposit,
} from "../../../../../../lib/svc-admin/deposits"
import {
  notAllowed,
  notFound,
  svcCall,
} from "../../../../../../lib/svc-admin/errors"
import { depositView } from "../../deposit-view"

/**
 * POST /admin/svc/deposits/:id/redrive: redrive a deposit that started no
 * transfer. Only a stored COMPLETED deposit from a trigger address is sent to
 * svc; anything else is refused here, before any call (svc answers 400
 * INVALID_REQUEST before COMPLETED). svc may be asked again: a deposit that has
 * a transfer returns it, never a second one.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { id } = req.params
  const { client, svcModule } = adminDeps(req.scope)
  const [row] = await svcModule.listSvcDeposits({ deposit_id: id })
  if (!row)
    throw notFound(`id: deposit ${id} is not known here yet; look it up first`)
  if (row.status !== "COMPLETED") {
    throw notAllowed(
      `status: the deposit is ${row.status}; svc redrives only COMPLETED deposits (tokens credited to the wallet). Wait for its COMPLETED event, or look it up again to refresh it. Nothing was sent to svc.`
    )
  }
  if (!row.trigger_address)
    throw notAllowed(
      "trigger_address: this deposit did not go to a trigger address, so there is no withdrawal to redrive. Nothing was sent to svc."
    )
  const area = areaOf(row)
  // the wallet-area redrive answer is not shown (spec gap): read as the payout one, a deposit
  const d = await svcCall("redriving the deposit", async () =>
    depositSchema.parse(await depositsOf(client, area).redrive(id))
  )
  const { row: saved } = await withDepositLock(req.scope, id, () =>
    storeDeposit(req.scope, area, d, "redrive")
  )
  res.json({ deposit: depositView(saved) })
}
