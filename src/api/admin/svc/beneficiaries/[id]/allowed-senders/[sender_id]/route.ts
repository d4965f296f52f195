import { ownerRoutes } from "../../../../trigger-addresses"

/** POST /admin/svc/beneficiaries/:id/allowed-senders/:sender_id `{active}`; DELETE: remove it (src/api/admin/svc/trigger-addresses.ts). */
export const { changeSender: POST, removeSender: DELETE } =
  ownerRoutes("BENEFICIARY")
