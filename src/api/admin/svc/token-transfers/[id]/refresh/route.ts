import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { param, scope } from "../../../../../../plugin/admin-tools/http"
import { refreshTokenTransfer } from "../../../../../../plugin/admin-tools/token-transfers"

/** POST /admin/svc/token-transfers/:id/refresh: re-read from svc (or send an unanswered one again with its key). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  res.json({ transfer: await refreshTokenTransfer(scope(req), param(req, "id"), "admin") })
}
