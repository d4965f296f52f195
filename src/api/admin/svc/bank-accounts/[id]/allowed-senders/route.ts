import { ownerRoutes } from "../../../trigger-addresses"

/** GET /admin/svc/bank-accounts/:id/allowed-senders; POST `{address, label?}`: allow a sender (src/api/admin/svc/trigger-addresses.ts). */
export const { listSenders: GET, addSender: POST } = ownerRoutes("BANK_ACCOUNT")
