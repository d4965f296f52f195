import { ownerRoutes } from "../../../../../../lib/svc-admin/http"

/** POST /admin/svc/bank-accounts/:id/trigger-address: creates its trigger address, or returns the one it has (src/lib/svc-admin/http.ts). */
export const { createAddress: POST } = ownerRoutes("BANK_ACCOUNT")
