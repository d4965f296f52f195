import { ownerRoutes } from "../../../../trigger-addresses"

/** POST /admin/svc/bank-accounts/:id/allowed-senders/:sender_id `{active}`; DELETE: remove it (src/api/admin/svc/trigger-addresses.ts). */
export const { changeSender: POST, removeSender: DELETE } =
  ownerRoutes("BANK_ACCOUNT")
