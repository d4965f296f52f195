import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ownerOf, pathId, scope } from "../../../../../../../plugin/admin-tools/http"
import { allowedSenderChange, parseAdmin } from "../../../../../../../plugin/admin-tools/input"
import { removeAllowedSender, setAllowedSenderActive } from "../../../../../../../plugin/admin-tools/trigger-addresses"

/** POST /admin/svc/beneficiaries/:id/allowed-senders/:sender_id `{active}`: disable (false) or enable (true). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const owner = ownerOf(req, "BENEFICIARY")
  const senderId = pathId(req, "sender_id", "an allowed sender")
  const { active } = parseAdmin(allowedSenderChange, req.body)
  res.json({ allowed_sender: await setAllowedSenderActive(scope(req), owner, senderId, active) })
}

/** DELETE /admin/svc/beneficiaries/:id/allowed-senders/:sender_id: remove it (frees a place in the 50). */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const owner = ownerOf(req, "BENEFICIARY")
  const senderId = pathId(req, "sender_id", "an allowed sender")
  res.json(await removeAllowedSender(scope(req), owner, senderId))
}
