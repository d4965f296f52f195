import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ownerOf, scope } from "../../../../../../plugin/admin-tools/http"
import { allowedSenderAdd, parseAdmin } from "../../../../../../plugin/admin-tools/input"
import { addAllowedSender, listAllowedSenders } from "../../../../../../plugin/admin-tools/trigger-addresses"

/** GET /admin/svc/beneficiaries/:id/allowed-senders: the trigger address's allowed senders, "count of limit" (50; disabled ones count). */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json(await listAllowedSenders(scope(req), ownerOf(req, "BENEFICIARY")))
}

/** POST /admin/svc/beneficiaries/:id/allowed-senders `{address, label?}`: allow a sender (403 at 50 explained). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const owner = ownerOf(req, "BENEFICIARY")
  const input = parseAdmin(allowedSenderAdd, req.body)
  res.status(201).json({ allowed_sender: await addAllowedSender(scope(req), owner, input) })
}
