import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { watchWaiting } from "../workflows/sweeps/watch-waiting"
import { JOB_NAMES, reportingRun, secretsOf, svcOptions } from "./_heartbeat"

/**
 * Sessions awaiting payment, watched every `watchEverySeconds` (provider
 * option, default 5; 0 turns it off): see src/workflows/sweeps/watch-waiting.ts. Runs
 * on worker and shared instances; with Medusa's Redis workflow engine a
 * scheduled job runs once per tick across instances.
 */
export default async function svcWatchCheckoutsJob(container: MedusaContainer) {
  if (watchSeconds() === 0) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // each tick is recorded (the doctor's "Checkout watcher" check)
  await reportingRun(
    container,
    JOB_NAMES.watch,
    secretsOf(svcOptions()),
    async () => {
      const t0 = Date.now()
      const r = await watchWaiting(container)
      const took = Date.now() - t0
      // a tick longer than a few intervals holds up the ticks after it (Medusa runs one at a time)
      if (took > Math.max(10_000, 3 * watchSeconds() * 1000))
        logger.warn(
          `svc watch: a tick took ${took} ms (${JSON.stringify(r.ms ?? {})}); the next ticks waited for it`
        )
      if (Object.keys(r.outcomes).length || r.sends || r.paidCarts) {
        logger.info(
          `svc watch: ${r.waiting} waiting, ${r.svcCalls} svc call(s), outcomes ${JSON.stringify(r.outcomes)}` +
            (r.unsettled
              ? `, ${r.unsettled} left half applied settled again`
              : "") +
            (r.sends ? `, sends finished ${JSON.stringify(r.sends)}` : "") +
            (r.paidCarts
              ? `, paid carts without an order ${JSON.stringify(r.paidCarts)}`
              : "")
        )
      }
      return {
        counts: {
          waiting: r.waiting,
          svc_calls: r.svcCalls,
          outcomes: r.outcomes,
          ms: took,
        },
        error: null,
      }
    }
  ).catch((e: Error) => logger.warn(`svc watch: ${e.message}`))
}

/** The provider's option; 5 where it is not set or the config is not loaded (e.g. a unit test). */
const watchSeconds = () => svcOptions()?.watchEverySeconds ?? 5

export const config = {
  name: "svc-watch-checkouts",
  // Read at load (a getter, as svc-reconcile's). Off (0): the job still
  // needs a schedule; it returns at once every minute.
  get schedule() {
    return { interval: (watchSeconds() || 60) * 1000 }
  },
}
