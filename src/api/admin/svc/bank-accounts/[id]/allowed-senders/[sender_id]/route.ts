import { ownerRoutes } from "../../../../../../../plugin/admin-tools/http"

/** POST /admin/svc/bank-accounts/:id/allowed-senders/:sender_id `{active}`; DELETE: remove it (src/plugin/admin-tools/http.ts). */
export const { changeSender: POST, removeSender: DELETE } = ownerRoutes("BANK_ACCOUNT")
