import { ownerRoutes } from "../../../../../../plugin/admin-tools/http"

/** GET /admin/svc/beneficiaries/:id/allowed-senders; POST `{address, label?}`: allow a sender (src/plugin/admin-tools/http.ts). */
export const { listSenders: GET, addSender: POST } = ownerRoutes("BENEFICIARY")
