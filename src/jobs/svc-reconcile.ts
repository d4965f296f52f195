import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcilePending } from "../workflows/sweeps/reconcile-pending"
import { sweepRefundPayouts } from "../workflows/track-payout/sweep-payouts"
import { trackWithdrawalWorkflow } from "../workflows/withdraw"
import { trackTokenTransferWorkflow } from "../workflows/transfer-tokens"
import { sweepOpenDeposits } from "../lib/svc-admin/deposits"
import { z } from "@medusajs/framework/zod"
import {
  JOB_NAMES,
  lastCounts,
  reportingRun,
  secretsOf,
  svcOptions,
} from "./_heartbeat"

/** Where the last run's listing stopped (reconcile-pending.ts, its page cap), from its heartbeat. */
const listMark = z.object({
  status: z.enum(["COMPLETED", "FAILED", "CANCELLED", "REJECTED"]),
  startDt: z.string(),
  cursor: z.string().optional(),
})

/**
 * Recovers what webhooks did not bring (see reconcile-pending.ts), and brings
 * refund payouts, withdrawals, token transfers and open deposit withdrawals up
 * to date (src/workflows/refund-to-bank/track-payout.ts, src/workflows/withdraw, src/lib/svc-admin). Runs on
 * worker and shared instances, every `reconcileEveryMinutes` (provider option,
 * default 5) minutes.
 */
export default async function svcReconcileJob(container: MedusaContainer) {
  // reconcileEveryMinutes 0: off (test apps that reconcile by hand); Medusa still fires the schedule
  if (reconcileMinutes() > 0) await reconcileNow(container)
}

/** One run of the job, whatever its schedule (a test app's run by hand). */
export async function reconcileNow(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // each run is recorded (the doctor's "Reconciliation job" check): its counts, and the first part that threw
  await reportingRun(
    container,
    JOB_NAMES.reconcile,
    secretsOf(svcOptions()),
    async () => {
      const counts: Record<string, unknown> = {}
      const errors: string[] = []
      const part = (name: string, fn: () => Promise<void>) =>
        fn().catch((e: unknown) => {
          const message = e instanceof Error ? e.message : String(e)
          errors.push(`${name}: ${message}`)
          logger.warn(
            `svc reconcile${name === "checkouts" ? "" : ` (${name})`}: ${message}`
          )
        })
      await part("checkouts", async () => {
        // the listing goes on where the last run's stopped (any instance's: the heartbeat row)
        const { list_mark } = await lastCounts(container, JOB_NAMES.reconcile)
        const r = await reconcilePending(
          container,
          listMark.safeParse(list_mark).data
        )
        counts.waiting = r.waiting
        counts.svc_calls = r.svcCalls
        counts.outcomes = r.outcomes
        counts.list_mark = r.mark ?? null
        if (r.waiting || r.paidCarts) {
          logger.info(
            `svc reconcile: ${r.waiting} waiting session(s), ${r.svcCalls} svc call(s), outcomes ${JSON.stringify(r.outcomes)}` +
              (r.paidCarts
                ? `, paid carts without an order ${JSON.stringify(r.paidCarts)}`
                : "")
          )
        }
      })
      await part("payouts", async () => {
        const p = await sweepRefundPayouts(container)
        counts.payouts = p
        if (p.refreshed || p.finished || p.abandoned || p.errors)
          logger.info(`svc reconcile: refund payouts ${JSON.stringify(p)}`)
      })
      await part("withdrawals", async () => {
        const w = (
          await trackWithdrawalWorkflow(container).run({
            input: { source: "job" },
          })
        ).result.report
        if (w) counts.withdrawals = w
        if (w && (w.finished || w.refreshed || w.errors))
          logger.info(`svc reconcile: withdrawals ${JSON.stringify(w)}`)
      })
      // Token transfers (svc sends no event for them) and deposits whose onward withdrawal is open:
      // brought to their final status here too, not only when an admin opens their list.
      await part("token transfers", async () => {
        const t = (
          await trackTokenTransferWorkflow(container).run({ input: {} })
        ).result.report
        if (t) counts.token_transfers = t
        if (t && (t.refreshed || t.errors))
          logger.info(`svc reconcile: token transfers ${JSON.stringify(t)}`)
      })
      await part("deposits", async () => {
        counts.deposits = await sweepOpenDeposits(container)
      })
      return { counts, error: errors.length ? errors.join("; ") : null }
    }
  )
}

/** The provider option `reconcileEveryMinutes` (0: off), default 5. */
export function reconcileMinutes(): number {
  return svcOptions()?.reconcileEveryMinutes ?? 5
}

/** The schedule from the provider's options (Medusa reads it once, at load; 0: the job returns at once). */
export function reconcileSchedule(): string {
  const minutes = reconcileMinutes() || 5
  if (minutes < 60) return `*/${minutes} * * * *`
  return `0 */${Math.max(1, Math.round(minutes / 60))} * * *`
}

// A getter: read when Medusa loads the job, after its config. A value built
// at import froze the default (`*/5`) wherever the file was imported first.
export const config = {
  name: "svc-reconcile-checkouts",
  get schedule() {
    return reconcileSchedule()
  },
}
