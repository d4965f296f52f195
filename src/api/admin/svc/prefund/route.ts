import { prefundBalance } from "../../../../lib/svc-admin/prefund"
import { answer } from "../answer"

/** GET /admin/svc/prefund: the payout prefund balance (`available_sen`). */
export const GET = answer(prefundBalance)
