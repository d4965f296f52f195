import { SvcBase, type CheckoutType } from "../svc-base"

/** The buyer pays from a wallet held at svc (checkout type SVC_ACCOUNT). */
export class SvcWalletProviderService extends SvcBase {
  static override identifier = "svc-wallet"
  protected readonly checkoutType: CheckoutType = "SVC_ACCOUNT"
}
