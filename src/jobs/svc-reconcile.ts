import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcilePending } from "../reconcile/reconcile-pending"

/**
 * Recovers what webhooks did not bring (see reconcile-pending.ts). Runs on
 * worker and shared instances, every 5 minutes (README: the job).
 */
export default async function svcReconcileJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const r = await reconcilePending(container as never)
    if (r.waiting) {
      logger.info(`svc reconcile: ${r.waiting} waiting session(s), ${r.svcCalls} svc call(s), outcomes ${JSON.stringify(r.outcomes)}`)
    }
  } catch (e) {
    logger.warn(`svc reconcile: ${(e as Error).message}`)
  }
}

export const config = {
  name: "svc-reconcile-checkouts",
  schedule: "*/5 * * * *",
}
