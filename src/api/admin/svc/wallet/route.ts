import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { walletOverview } from "../../../../workflows/withdraw/withdrawals"

/** GET /admin/svc/wallet: svc wallet balance (sen strings), account type, linked bank accounts (numbers masked). */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json(await walletOverview(req.scope))
}
