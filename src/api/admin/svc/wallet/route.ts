import { walletOverview } from "../../../../workflows/withdraw/withdrawals"
import { answer } from "../answer"

/** GET /admin/svc/wallet: svc wallet balance (sen strings), account type, linked bank accounts (numbers masked). */
export const GET = answer(walletOverview)
