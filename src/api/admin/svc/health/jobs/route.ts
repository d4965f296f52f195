import { svcFromContainer } from "../../../../../lib/svc-runtime/config"
import { answer } from "../../answer"
import { jobStates } from "./job-checks"

/**
 * GET /admin/svc/health/jobs: the doctor's job checks alone (the reconciliation
 * job and the watcher: when each last ran, and a warning with the likely cause
 * when one is off, overdue or keeps failing). No svc call: the svc overview
 * page reads it on every visit.
 */
export const GET = answer(async (scope) => ({
  jobs: await jobStates(scope, svcFromContainer(scope).options),
}))
