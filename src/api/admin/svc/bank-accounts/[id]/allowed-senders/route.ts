import { ownerRoutes } from "../../../../../../plugin/admin-tools/http"

/** GET /admin/svc/bank-accounts/:id/allowed-senders; POST `{address, label?}`: allow a sender (src/plugin/admin-tools/http.ts). */
export const { listSenders: GET, addSender: POST } = ownerRoutes("BANK_ACCOUNT")
