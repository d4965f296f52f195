import { ownerRoutes } from "../../../../../../lib/svc-admin/http"

/** GET /admin/svc/bank-accounts/:id/allowed-senders; POST `{address, label?}`: allow a sender (src/lib/svc-admin/http.ts). */
export const { listSenders: GET, addSender: POST } = ownerRoutes("BANK_ACCOUNT")
