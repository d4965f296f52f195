import { Modules } from "@medusajs/framework/utils"

type Container = { resolve: <T = unknown>(k: string) => T }
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
export async function withCheckoutLock<T>(container: Container, checkoutId: string, job: () => Promise<T>): Promise<T> {
  let locking: Locking | undefined
  try {
    locking = container.resolve<Locking>(Modules.LOCKING)
  } catch {
    locking = undefined
  }
  if (!locking) return job()
  return locking.execute(`svc:checkout:${checkoutId}`, job, { timeout: LOCK_TIMEOUT_S })
}
