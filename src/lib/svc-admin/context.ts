import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { svcFromContainer } from "../svc-runtime/config"
import { SVC_MODULE } from "../svc-runtime/module-key"
import type SvcModuleService from "../../modules/svc/service"

/** Medusa's container, as the admin tools and the money going out of the wallet name it. */
export type Container = MedusaContainer

/** The svc client (shared runtime: limiter, clock, connection pool) and the plugin's tables. */
export function adminDeps(container: MedusaContainer) {
  return {
    client: svcFromContainer(container).client,
    svcModule: container.resolve<SvcModuleService>(SVC_MODULE),
  }
}

/** "••••5678": bank account numbers and proxy values are never shown or stored in full. */
export const mask = (v: unknown): string | null =>
  typeof v === "string" ? `••••${v.length > 4 ? v.slice(-4) : ""}` : null

/**
 * One deposit handled at a time (its events, a look-up, a redrive), through
 * Medusa's locking module like the checkouts (src/workflows/settle-checkout):
 * svc sends a deposit's events back to back, and without it two of them could
 * both find the deposit unstored.
 */
export const withDepositLock = <T>(
  container: MedusaContainer,
  depositId: string,
  job: () => Promise<T>
): Promise<T> =>
  container
    .resolve<ILockingModule>(Modules.LOCKING)
    .execute(`svc:deposit:${depositId}`, job, { timeout: 60 })
