import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { scope } from "../../../../../../svc-admin/http"
import { parseAdmin } from "../../../../../../svc-admin/input"
import { refreshTokenTransfer } from "../../../../../../svc-admin/token-transfers"

/** POST /admin/svc/token-transfers/:id/refresh: re-read from svc (or send an unanswered one again with its key). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { id } = parseAdmin(z.object({ id: z.string().regex(/^svctt_\w+$/, "must be a token transfer id (svctt_…)") }).passthrough(), req.params)
  res.json({ transfer: await refreshTokenTransfer(scope(req), id, "admin") })
}
