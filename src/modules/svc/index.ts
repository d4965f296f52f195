import { Module } from "@medusajs/framework/utils"
import SvcModuleService from "./service"
import { SVC_MODULE } from "../../plugin/core/module-key"

export { SVC_MODULE }

export default Module(SVC_MODULE, {
  service: SvcModuleService,
})

export { SvcModuleService }
