import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import {
  SvcFpxDirectProviderService,
  SvcFpxProviderService,
  SvcWalletProviderService,
} from "./services"

export default ModuleProvider(Modules.PAYMENT, {
  services: [
    SvcWalletProviderService,
    SvcFpxProviderService,
    SvcFpxDirectProviderService,
  ],
})

export {
  SvcWalletProviderService,
  SvcFpxProviderService,
  SvcFpxDirectProviderService,
}
