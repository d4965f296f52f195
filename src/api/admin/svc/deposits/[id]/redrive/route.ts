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
import { notAllowed, notFound } from "../../../../../../lib/svc-runtime/errors"
import { svcCall } from "../../../../../../lib/svc-admin/errors"
import { say } from "../../../../../../lib/texts"
import { depositView } from "../../deposit-view"
import { answer } from "../../../answer"

/**
 * POST /admin/svc/deposits/:id/redrive: redrive a deposit that started no
 * transfer. Only a stored COMPLETED deposit from a trigger address is sent to
 * svc; anything else is refused here, before any call (svc answers 400
 * INVALID_REQUEST before COMPLETED). svc may be asked again: a deposit that has
 * a transfer returns it, never a second one.
 */
export const POST = answer(async (scope, req) => {
  const { id } = req.params
  const { client, svcModule } = adminDeps(scope)
  const [row] = await svcModule.listSvcDeposits({ deposit_id: id })
  if (!row) throw notFound(say("tools.depositNotHere", { id }))
  if (row.status !== "COMPLETED") {
    throw notAllowed(say("tools.redriveNotCompleted", { status: row.status }))
  }
  if (!row.trigger_address) throw notAllowed(say("tools.redriveNoTrigger"))
  const area = areaOf(row)
  // the wallet-area redrive answer is not shown (spec gap): read as the payout one, a deposit
  const d = await svcCall("redriving the deposit", async () =>
    depositSchema.parse(await depositsOf(client, area).redrive(id))
  )
  const { row: saved } = await withDepositLock(scope, id, () =>
    storeDeposit(scope, area, d, "redrive")
  )
  return { deposit: depositView(saved) }
})
