import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import {
  SvcFpxDirectProviderService,
  SvcFpxProviderService,
  SvcWalletProviderService,
} from "./services"
import svcStartUp from "./start-up"

export default ModuleProvider(Modules.PAYMENT, {
  services: [
    SvcWalletProviderService,
    SvcFpxProviderService,
    SvcFpxDirectProviderService,
  ],
  loaders: [svcStartUp],
})

export {
  SvcWalletProviderService,
  SvcFpxProviderService,
  SvcFpxDirectProviderService,
}
