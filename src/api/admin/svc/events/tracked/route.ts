import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"
import { scope } from "../../../../../plugin/admin-tools/http"
import type { listQuery } from "../../../../../plugin/admin-tools/input"
import { listTrackedEvents } from "../../../../../plugin/admin-tools/tracked-events"

/** GET /admin/svc/events/tracked?limit=&offset=: payout.created/updated and wallet.withdrawal.updated deliveries with their outcome. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, z.output<typeof listQuery>>, res: MedusaResponse) {
  res.json(await listTrackedEvents(scope(req), req.validatedQuery))
}
