import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listBankAccounts } from "../../../../plugin/admin-tools/bank-accounts"
import { scope } from "../../../../plugin/admin-tools/http"
import { bankAccountsQuery, parseAdmin } from "../../../../plugin/admin-tools/input"

/** GET /admin/svc/bank-accounts?search=&limit=&cursor=: one cursor page of linked bank accounts (numbers masked) with their trigger addresses. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listBankAccounts(scope(req), parseAdmin(bankAccountsQuery, req.query)))
}
