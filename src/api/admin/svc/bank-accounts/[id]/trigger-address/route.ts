import { ownerRoutes } from "../../../../../../plugin/admin-tools/http"

/** POST /admin/svc/bank-accounts/:id/trigger-address: creates its trigger address, or returns the one it has (src/plugin/admin-tools/http.ts). */
export const { createAddress: POST } = ownerRoutes("BANK_ACCOUNT")
