import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Container = MedusaContainer
type Locking = { execute: <T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }) => Promise<T> }

/** Long enough for one settlement (a capture and a cart completion) queued behind another. */
const LOCK_TIMEOUT_S = 120

/**
 * Runs `job` alone for this checkout: the webhook subscriber, the job and the
 * watcher settle one checkout one at a time, on this instance and on every
 * other one sharing Medusa's locking module (in-memory in one process; the
 * Redis or PostgreSQL locking provider across instances). Never a home-made
 * coordinator: this is Medusa's `Modules.LOCKING`.
 */
export async function withCheckoutLock<T>(container: Container, checkoutId: string, job: () => Promise<T>, opts?: { timeoutS?: number }): Promise<T> {
  let locking: Locking | undefined
  try {
    locking = container.resolve<Locking>(Modules.LOCKING)
  } catch {
    locking = undefined
  }
  if (!locking) return job()
  return locking.execute(`svc:checkout:${checkoutId}`, job, { timeout: opts?.timeoutS ?? LOCK_TIMEOUT_S })
}

/**
 * Settlements applied at once in this process (a capture and a cart completion
 * each). Unbounded, fifty webhook settlements share two cores fairly and all
 * finish together at the end (measured: every webhook-only order ~10 s after
 * payment at 100 shoppers); a few at a time, first come first served, the
 * first are done in a second and the queue drains in order.
 */
const APPLY_SLOTS = 4
let applying = 0
const applyQueue: Array<() => void> = []

export async function withApplySlot<T>(job: () => Promise<T>): Promise<T> {
  if (applying >= APPLY_SLOTS) await new Promise<void>((resolve) => applyQueue.push(resolve))
  else applying++
  try {
    return await job()
  } finally {
    const next = applyQueue.shift()
    if (next)
      next() // the slot passes straight to the next in line
    else applying--
  }
}
