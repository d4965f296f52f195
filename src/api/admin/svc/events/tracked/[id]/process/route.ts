import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { scope } from "../../../../../../../plugin/admin-tools/http"
import { parseAdmin } from "../../../../../../../plugin/admin-tools/input"
import { reprocessTrackedEvent } from "../../../../../../../plugin/admin-tools/tracked-events"

/** POST /admin/svc/events/tracked/:id/process: re-read the payout or fiat withdrawal from svc, as the webhook does. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { id } = parseAdmin(z.object({ id: z.string().regex(/^svcwh_\w+$/, "must be a webhook event id (svcwh_…)") }).passthrough(), req.params)
  res.json({ event: await reprocessTrackedEvent(scope(req), id) })
}
