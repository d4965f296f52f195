import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { listBankAccounts } from "../../../../plugin/admin-tools/bank-accounts"
import { scope } from "../../../../plugin/admin-tools/http"
import type { bankAccountsQuery } from "../../../../plugin/admin-tools/input"

/** GET /admin/svc/bank-accounts?search=&limit=&cursor=: one cursor page of linked bank accounts (numbers masked) with their trigger addresses. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof bankAccountsQuery>>, res: MedusaResponse) {
  res.json(await listBankAccounts(scope(req), req.validatedQuery))
}
