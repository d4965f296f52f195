import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listBankAccounts } from "../../../../svc-admin/bank-accounts"
import { scope } from "../../../../svc-admin/http"
import { bankAccountsQuery, parseAdmin } from "../../../../svc-admin/input"

/** GET /admin/svc/bank-accounts?search=&limit=&cursor=: one cursor page of linked bank accounts (numbers masked) with their trigger addresses. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listBankAccounts(scope(req), parseAdmin(bankAccountsQuery, req.query)))
}
