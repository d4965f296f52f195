import { ownerRoutes } from "../../../trigger-addresses"

/** POST /admin/svc/beneficiaries/:id/trigger-address: creates its trigger address, or returns the one it has (src/api/admin/svc/trigger-addresses.ts). */
export const { createAddress: POST } = ownerRoutes("BENEFICIARY")
