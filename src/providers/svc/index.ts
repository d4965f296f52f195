import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { SvcBase, type CheckoutType } from "./svc-base"
import { SvcFpxDirectProviderService } from "./services/svc-fpx-direct"
import svcStartUp from "./start-up"

/** The buyer pays from a wallet held at svc (checkout type SVC_ACCOUNT). */
export class SvcWalletProviderService extends SvcBase {
  static override identifier = "svc-wallet"
  protected readonly checkoutType: CheckoutType = "SVC_ACCOUNT"
}

/** FPX online banking; the buyer picks the bank on svc's hosted page (FPX_HOSTED). */
export class SvcFpxProviderService extends SvcBase {
  static override identifier = "svc-fpx"
  protected readonly checkoutType: CheckoutType = "FPX_HOSTED"
}

export default ModuleProvider(Modules.PAYMENT, {
  services: [
    SvcWalletProviderService,
    SvcFpxProviderService,
    SvcFpxDirectProviderService,
  ],
  loaders: [svcStartUp],
})

export { SvcFpxDirectProviderService }
