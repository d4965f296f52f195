import { container as appContainer } from "@medusajs/framework"
import { Module } from "@medusajs/framework/utils"
import SvcModuleService from "./service"
import { SVC_MODULE } from "../../lib/svc-runtime/module-key"

export { SVC_MODULE }

export default Module(SVC_MODULE, {
  service: SvcModuleService,
})

export { SvcModuleService }

type Resolver = { resolve: (key: string) => unknown }

/**
 * The svc module's service from `scope`, else from the application's container
 * (`@medusajs/framework`'s `container`): a payment provider lives in the payment
 * module's own container, which does not hold other modules. Undefined where
 * neither has it (a provider unit-tested alone, with no app).
 */
export function svcModuleFrom(scope?: Resolver): SvcModuleService | undefined {
  for (const c of [scope, appContainer]) {
    try {
      const s = c?.resolve(SVC_MODULE) as SvcModuleService | undefined
      // not instanceof: the app may have loaded the module from the built plugin, this file from elsewhere
      if (typeof s?.recordJobRun === "function") return s
    } catch {
      // awilix throws for a name it does not hold
    }
  }
  return undefined
}
