import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { scope } from "../../../../../../plugin/admin-tools/http"
import { parseAdmin } from "../../../../../../plugin/admin-tools/input"
import { refreshTokenTransfer } from "../../../../../../plugin/admin-tools/token-transfers"

/** POST /admin/svc/token-transfers/:id/refresh: re-read from svc (or send an unanswered one again with its key). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { id } = parseAdmin(z.object({ id: z.string().regex(/^svctt_\w+$/, "must be a token transfer id (svctt_…)") }).passthrough(), req.params)
  res.json({ transfer: await refreshTokenTransfer(scope(req), id, "admin") })
}
