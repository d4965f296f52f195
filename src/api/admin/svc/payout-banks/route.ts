import { svcFromContainer } from "../../../../lib/svc-runtime/config"
import { toMedusaError } from "../../../../lib/svc-runtime/errors"
import { answer } from "../answer"

/**
 * GET /admin/svc/payout-banks: the banks svc pays refunds out to now
 * (`GET /v1/payouts/active-banks`) and the prefund balance refunds are paid
 * from (`GET /v1/payout/prefund/balance`, sen as a string).
 */
export const GET = answer(async (scope) => {
  const { client } = svcFromContainer(scope)
  try {
    const [active, prefund] = await Promise.all([
      client.payouts.activeBanks(),
      client.payouts.prefund.balance(),
    ])
    // spec gap: the active-banks response is not shown; the sandbox answers {banks: [{code, name}]}
    const banks =
      !Array.isArray(active) && Array.isArray(active.banks) ? active.banks : []
    return { banks, prefund_available_sen: prefund.available }
  } catch (e) {
    throw toMedusaError(e, "reading the payout banks")
  }
})
