import { ownerRoutes } from "../../../../../../lib/svc-admin/http"

/** POST /admin/svc/beneficiaries/:id/trigger-address: creates its trigger address, or returns the one it has (src/lib/svc-admin/http.ts). */
export const { createAddress: POST } = ownerRoutes("BENEFICIARY")
