import type { MedusaContainer } from "@medusajs/framework/types"
import { adminDeps } from "../../../../lib/svc-admin/context"
import { sweepOpenDeposits } from "../../../../lib/svc-admin/deposits"
import { AREA, depositView } from "./deposit-view"
import type { DepositsQuery } from "./validators"
import { answerQuery } from "../answer"

/** The stored deposits, newest first, after re-reading a few whose withdrawal is still open. */
export async function listDeposits(
  container: MedusaContainer,
  { limit, offset, area, status, destination_id }: DepositsQuery
) {
  await sweepOpenDeposits(container)
  const [rows, count] = await adminDeps(
    container
  ).svcModule.listAndCountSvcDeposits(
    {
      ...(area ? { area: AREA[area] } : {}),
      ...(status ? { status } : {}),
      ...(destination_id ? { destination_id } : {}),
    },
    { take: limit, skip: offset, order: { created_at: "DESC" } }
  )
  return { deposits: rows.map(depositView), count, limit, offset }
}

/** GET /admin/svc/deposits?area=&status=&destination_id=&limit=&offset=: deposits from the events received (and look-ups). */
export const GET = answerQuery<DepositsQuery>(listDeposits)
