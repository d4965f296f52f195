import { Module } from "@medusajs/framework/utils"
import SvcModuleService from "./service"

export const SVC_MODULE = "svc"

export default Module(SVC_MODULE, {
  service: SvcModuleService,
})

export { SvcModuleService }
