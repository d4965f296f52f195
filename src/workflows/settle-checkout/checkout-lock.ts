import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  StepResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/core-flows"

/**
 * The checkout's lock (Medusa's locking module, taken with acquireLockStep) is held on a
 * short lease that the run renews while it lives: a process killed while holding it frees
 * it within one lease (seconds), and the next run, waiting in acquireLockStep (it tries
 * every 0.3 s), takes it as soon as the lease ends. A fixed lease long enough for the worst
 * case made every crash cost that worst case (two minutes) to every later settlement of the
 * checkout, and to the watcher's whole tick, which waits for it.
 */
export const CHECKOUT_LOCK_LEASE_S = 15
/**
 * A live run is renewed at most this long: a settlement's worst case (a capture waiting 30 s
 * for Medusa's cart lock, then a cart completion). A run still holding the lock then (hung on
 * a call that never ends) loses it one lease later, as it did with a fixed lease this long.
 */
export const CHECKOUT_LOCK_HOLD_MAX_S = 120

/** An error's message: a workflow's run throws its step's error as a plain object, not an Error. */
export const messageOf = (e: unknown) =>
  e && typeof e === "object" && "message" in e ? String(e.message) : String(e)
/** What Medusa's locking module (and its providers) say when a lock is held by another owner. */
export const LOCK_ERROR = /acquir\w* lock|lock for key/i

/** What renewLease needs of Medusa's locking module (or one of its providers, in a unit test). */
type Locking = {
  acquire: (
    key: string,
    args: { ownerId: string; expire: number }
  ) => Promise<unknown>
}

export type LeaseRenewal = { stop: () => void }

/**
 * Renew `key`'s lease for `ownerId` every third of the lease (two renewals can fail before it
 * lapses), until stopped or `maxS` passed. Taking a lock its owner holds sets its lease again in
 * each of Medusa's locking providers (in-memory, Redis, PostgreSQL); a renewal refused because
 * another owner holds the key means the lease lapsed (the process was stalled longer than it):
 * said in the log, and renewal stops.
 */
export function renewLease(
  locking: Locking,
  key: string,
  ownerId: string,
  opts: {
    leaseS: number
    maxS: number
    warn: (message: string) => void
    onEnd?: () => void
  }
): LeaseRenewal {
  const everyMs = Math.max(Math.floor((opts.leaseS * 1000) / 3), 100)
  const until = Date.now() + opts.maxS * 1000
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const end = () => {
    stopped = true
    opts.onEnd?.()
  }
  const schedule = () => {
    if (stopped) return
    if (Date.now() + everyMs > until) return end()
    timer = setTimeout(renew, everyMs)
    timer.unref()
  }
  const renew = async () => {
    if (stopped) return
    try {
      await locking.acquire(key, { ownerId, expire: opts.leaseS })
    } catch (e) {
      const message = messageOf(e)
      if (LOCK_ERROR.test(message)) {
        if (!stopped)
          opts.warn(
            `lost the lock ${key} while its run was still going (the lease of ${opts.leaseS} s lapsed before it was renewed)`
          )
        return end()
      }
      if (!stopped)
        opts.warn(`renewing the lock ${key}: ${message}; trying again`)
    }
    schedule()
  }
  schedule()
  return {
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}

/** The renewals of the runs in this process, by the run's own name as the lock's holder. */
const renewals = new Map<string, LeaseRenewal>()

function stopRenewal(ownerId: string) {
  renewals.get(ownerId)?.stop()
  renewals.delete(ownerId)
}

/** Right after acquireLockStep: the lease renewed while the run lives (stopped when the run fails). */
export const keepCheckoutLockStep = createStep(
  "svc-keep-checkout-lock",
  async (input: { key: string; owner_id: string }, { container }) => {
    const locking = container.resolve(Modules.LOCKING)
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    stopRenewal(input.owner_id)
    const held: { renewal?: LeaseRenewal } = {}
    held.renewal = renewLease(locking, input.key, input.owner_id, {
      leaseS: CHECKOUT_LOCK_LEASE_S,
      maxS: CHECKOUT_LOCK_HOLD_MAX_S,
      warn: (m) => logger.warn(`svc: ${m}`),
      // a renewal that ended on its own (the hold's limit, or the lock lost) is forgotten here too
      onEnd: () => {
        if (held.renewal && renewals.get(input.owner_id) === held.renewal)
          renewals.delete(input.owner_id)
      },
    })
    renewals.set(input.owner_id, held.renewal)
    return new StepResponse(undefined, input.owner_id)
  },
  async (ownerId) => {
    if (ownerId) stopRenewal(ownerId)
  }
)

/** Right before releaseLockStep: no more renewals. */
export const stopKeepingCheckoutLockStep = createStep(
  "svc-stop-keeping-checkout-lock",
  async (input: { owner_id: string }) => {
    stopRenewal(input.owner_id)
    return new StepResponse(undefined)
  }
)

/** The lock's key and holder, a step's result (or a property of one) */
type Lock =
  | WorkflowData<{ key: string; owner_id: string }>
  | { key: string; owner_id: string }

/** In a workflow: the checkout's lock taken (waited for `timeoutS` at most) on a lease renewed while the run lives. */
export function takeCheckoutLock(lock: Lock, timeoutS: number) {
  acquireLockStep({
    key: lock.key,
    ownerId: lock.owner_id,
    timeout: timeoutS,
    ttl: CHECKOUT_LOCK_LEASE_S,
    executeOnSubWorkflow: true,
  })
  keepCheckoutLockStep(lock)
}

/** In a workflow: the lock's renewals stopped and the lock given back. */
export function giveCheckoutLock(lock: Lock) {
  stopKeepingCheckoutLockStep(lock)
  releaseLockStep({
    key: lock.key,
    ownerId: lock.owner_id,
    executeOnSubWorkflow: true,
  })
}
