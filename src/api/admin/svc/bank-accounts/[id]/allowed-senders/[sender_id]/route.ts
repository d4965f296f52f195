import { ownerRoutes } from "../../../../../../../lib/svc-admin/http"

/** POST /admin/svc/bank-accounts/:id/allowed-senders/:sender_id `{active}`; DELETE: remove it (src/lib/svc-admin/http.ts). */
export const { changeSender: POST, removeSender: DELETE } =
  ownerRoutes("BANK_ACCOUNT")
