import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { listBankAccounts } from "../../../../lib/svc-admin/bank-accounts"
import { scope } from "../../../../lib/svc-admin/http"
import type { BankAccountsQuery } from "./validators"

/** GET /admin/svc/bank-accounts?search=&limit=&cursor=: one cursor page of linked bank accounts (numbers masked) with their trigger addresses. */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, BankAccountsQuery>,
  res: MedusaResponse
) {
  res.json(await listBankAccounts(scope(req), req.validatedQuery))
}
