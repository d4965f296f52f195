import { container as appContainer } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Module } from "@medusajs/framework/utils"
import SvcModuleService from "./service"

/** The name the module is registered under (src/lib/svc-runtime/module-key.ts says the same, for code that must not import the module). */
export const SVC_MODULE = "svc"

export default Module(SVC_MODULE, {
  service: SvcModuleService,
})

export { SvcModuleService }

/**
 * The svc module's service from `scope`, else from the application's container
 * (`@medusajs/framework`'s `container`): a payment provider lives in the payment
 * module's own container, which does not hold other modules. Undefined where
 * neither has it (a provider unit-tested alone, with no app).
 */
export function svcModuleFrom(
  scope?: Pick<MedusaContainer, "resolve">
): SvcModuleService | undefined {
  for (const c of [scope, appContainer]) {
    try {
      const s = c?.resolve<SvcModuleService | undefined>(SVC_MODULE)
      // not instanceof: the app may have loaded the module from the built plugin, this file from elsewhere
      if (typeof s?.recordJobRun === "function") return s
    } catch {
      // awilix throws for a name it does not hold
    }
  }
  return undefined
}
