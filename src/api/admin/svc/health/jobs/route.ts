import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { svcFromContainer } from "../../../../../lib/svc-runtime/config"
import { jobStates } from "./job-checks"

/**
 * GET /admin/svc/health/jobs: the doctor's job checks alone (the reconciliation
 * job and the watcher: when each last ran, and a warning with the likely cause
 * when one is off, overdue or keeps failing). No svc call: the svc overview
 * page reads it on every visit.
 */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({
    jobs: await jobStates(req.scope, svcFromContainer(req.scope).options),
  })
}
