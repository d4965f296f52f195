import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { configManager } from "@medusajs/framework/config"
import { reconcilePending } from "../workflows/sweeps/reconcile-pending"
import { sweepRefundPayouts } from "../workflows/track-payout/sweep-payouts"
import { trackWithdrawalWorkflow } from "../workflows/track-withdrawal"
import { findSvcProviderConfig } from "../lib/svc-runtime/config"
import { trackTokenTransferWorkflow } from "../workflows/track-token-transfer"
import { sweepOpenDeposits } from "../lib/svc-admin/deposits"

/**
 * Recovers what webhooks did not bring (see reconcile-pending.ts), and brings
 * refund payouts, withdrawals, token transfers and open deposit withdrawals up
 * to date (src/workflows/refund-to-bank/track-payout.ts, src/workflows/withdraw, src/lib/svc-admin). Runs on
 * worker and shared instances, every `reconcileEveryMinutes` (provider option,
 * default 5) minutes.
 */
export default async function svcReconcileJob(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // reconcileEveryMinutes 0: off (test apps that reconcile by hand); Medusa still fires the schedule
  if (reconcileMinutes() === 0) return
  try {
    const r = await reconcilePending(container)
    if (r.waiting || r.paidCarts) {
      logger.info(
        `svc reconcile: ${r.waiting} waiting session(s), ${r.svcCalls} svc call(s), outcomes ${JSON.stringify(r.outcomes)}` +
          (r.paidCarts ? `, paid carts without an order ${JSON.stringify(r.paidCarts)}` : "")
      )
    }
  } catch (e) {
    logger.warn(`svc reconcile: ${(e as Error).message}`)
  }
  try {
    const p = await sweepRefundPayouts(container)
    if (p.refreshed || p.finished || p.abandoned || p.errors) logger.info(`svc reconcile: refund payouts ${JSON.stringify(p)}`)
  } catch (e) {
    logger.warn(`svc reconcile (payouts): ${(e as Error).message}`)
  }
  try {
    const w = (await trackWithdrawalWorkflow(container).run({ input: { source: "job" } })).result.report
    if (w && (w.finished || w.refreshed || w.errors)) logger.info(`svc reconcile: withdrawals ${JSON.stringify(w)}`)
  } catch (e) {
    logger.warn(`svc reconcile (withdrawals): ${(e as Error).message}`)
  }
  // Token transfers (svc sends no event for them) and deposits whose onward withdrawal is open:
  // brought to their final status here too, not only when an admin opens their list.
  try {
    const t = (await trackTokenTransferWorkflow(container).run({ input: {} })).result.report
    if (t && (t.refreshed || t.errors)) logger.info(`svc reconcile: token transfers ${JSON.stringify(t)}`)
  } catch (e) {
    logger.warn(`svc reconcile (token transfers): ${(e as Error).message}`)
  }
  try {
    await sweepOpenDeposits(container)
  } catch (e) {
    logger.warn(`svc reconcile (deposits): ${(e as Error).message}`)
  }
}

/** The provider option `reconcileEveryMinutes` (0: off), default 5 where the config is not loaded. */
export function reconcileMinutes(): number {
  try {
    return findSvcProviderConfig(configManager.config)?.options.reconcileEveryMinutes ?? 5
  } catch {
    return 5 // config not loaded (e.g. a unit test): the default
  }
}

/** The schedule, built at import from the provider's options (Medusa reads it once; 0: the job returns at once). */
export function reconcileSchedule(): string {
  const minutes = reconcileMinutes() || 5
  if (minutes < 60) return `*/${minutes} * * * *`
  return `0 */${Math.max(1, Math.round(minutes / 60))} * * *`
}

export const config = {
  name: "svc-reconcile-checkouts",
  schedule: reconcileSchedule(),
}
