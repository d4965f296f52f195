import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { reprocessTrackedEvent } from "../../tracked-events"

/** POST /admin/svc/events/tracked/:id/process: re-read the payout or fiat withdrawal from svc, as the webhook does. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ event: await reprocessTrackedEvent(req.scope, req.params.id) })
}
