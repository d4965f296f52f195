import type { InitiatePaymentInput } from "@medusajs/framework/types"
import {
  isRetailBankType,
  overRetailCap,
  retailCapSentence,
} from "../../../rules/fpx-rules"
import { SvcBase, type CheckoutType } from "../svc-base"
import {
  pickStorefrontData,
  type StorefrontData,
} from "../../../lib/medusa-data/session-data"
import { checkMyrAmount } from "../create-checkout"
import { invalidData } from "../../../lib/svc-runtime/errors"

/**
 * FPX with the bank chosen in the storefront (FPX_DIRECT): the session data
 * must carry `bank` (an active code of GET /store/svc/fpx-banks), `bankType`
 * and `buyerName`; all three are checked before svc is called, and so is FPX's
 * own cap on personal banking (option fpxRetailMaxSen, RM30,000 by default).
 */
export class SvcFpxDirectProviderService extends SvcBase {
  static override identifier = "svc-fpx-direct"
  protected readonly checkoutType: CheckoutType = "FPX_DIRECT"

  /**
   * PayNet caps a personal-banking (B2C, type 01) FPX payment at RM30,000; svc
   * would accept the checkout and the bank would refuse it. Refused first (a new
   * payment or a changed one), no svc call, with the limit and the way out.
   */
  protected override checkFirst(input: InitiatePaymentInput): void {
    if (!isRetailBankType(pickStorefrontData(input.data).bankType)) return
    const cap = this.config.fpxRetailMaxSen
    if (overRetailCap(checkMyrAmount(input.amount, input.currency_code), cap)) {
      throw invalidData(
        `svc FPX direct: bankType RETAIL: ${retailCapSentence(cap)}`
      )
    }
  }

  protected override async checkTypeRules(sf: StorefrontData): Promise<void> {
    const missing = (["bank", "bankType", "buyerName"] as const).filter(
      (k) => !sf[k]
    )
    if (missing.length) {
      throw invalidData(
        `svc FPX direct needs ${missing.join(", ")} in the payment session data (bank from GET /store/svc/fpx-banks, bankType RETAIL or CORPORATE, buyerName 1-100 characters)`
      )
    }
    const banks = await this.wrap(() => this.catalog.fpxBanks())
    const bank = banks.find((b) => b.code === sf.bank)
    if (!bank) {
      throw invalidData(
        `svc FPX direct: bank "${sf.bank}" is not an FPX bank; choose one from GET /store/svc/fpx-banks`
      )
    }
    if (!bank.active) {
      throw invalidData(
        `svc FPX direct: ${bank.displayName} is offline right now; choose another bank`
      )
    }
    const wantType =
      sf.bankType === "CORPORATE" || sf.bankType === "02" ? "02" : "01"
    if (bank.type !== wantType) {
      throw invalidData(
        `svc FPX direct: ${bank.displayName} is a ${bank.type === "02" ? "corporate" : "retail"} bank; bankType must be ${bank.type === "02" ? "CORPORATE" : "RETAIL"}`
      )
    }
  }
}
