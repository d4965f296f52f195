import { SvcBase, type CheckoutType } from "../svc-base"

/** FPX online banking; the buyer picks the bank on svc's hosted page (FPX_HOSTED). */
export class SvcFpxProviderService extends SvcBase {
  static override identifier = "svc-fpx"
  protected readonly checkoutType: CheckoutType = "FPX_HOSTED"
}
