import { MedusaError } from "@medusajs/framework/utils"
import type {
  InitiatePaymentInput,
  InitiatePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import {
  isRetailBankType,
  overRetailCap,
  retailCapSentence,
} from "../../../rules/fpx-rules"
import { SvcBase, type CheckoutType } from "../svc-base"
import type { StorefrontData } from "../../../lib/medusa-data/session-data"

/**
 * FPX with the bank chosen in the storefront (FPX_DIRECT): the session data
 * must carry `bank` (an active code of GET /store/svc/fpx-banks), `bankType`
 * and `buyerName`; all three are checked before svc is called, and so is FPX's
 * own cap on personal banking (option fpxRetailMaxSen, RM30,000 by default).
 */
export class SvcFpxDirectProviderService extends SvcBase {
  static override identifier = "svc-fpx-direct"
  protected readonly checkoutType: CheckoutType = "FPX_DIRECT"

  override async initiatePayment(
    input: InitiatePaymentInput
  ): Promise<InitiatePaymentOutput> {
    this.checkRetailCap(
      input.amount,
      input.currency_code,
      this.storefrontData(input.data).bankType
    )
    return super.initiatePayment(input)
  }

  override async updatePayment(
    input: UpdatePaymentInput
  ): Promise<UpdatePaymentOutput> {
    // the bank type the session will carry: the new one, or the one it has
    const prev =
      typeof input.data?.bankType === "string" ? input.data.bankType : undefined
    this.checkRetailCap(
      input.amount,
      input.currency_code,
      this.storefrontData(input.data).bankType ?? prev
    )
    return super.updatePayment(input)
  }

  /**
   * PayNet caps a personal-banking (B2C, type 01) FPX payment at RM30,000; svc
   * would accept the checkout and the bank would refuse it. Refused here, no
   * svc call, with the limit and the way out.
   */
  protected checkRetailCap(
    amount: unknown,
    currency: string,
    bankType: string | undefined
  ): void {
    if (!isRetailBankType(bankType)) return
    const amountSen = this.checkAmount(amount, currency)
    if (overRetailCap(amountSen, this.options_.fpxRetailMaxSen)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `svc FPX direct: bankType RETAIL: ${retailCapSentence(this.options_.fpxRetailMaxSen)}`
      )
    }
  }

  protected override async checkTypeRules(sf: StorefrontData): Promise<void> {
    const missing = (["bank", "bankType", "buyerName"] as const).filter(
      (k) => !sf[k]
    )
    if (missing.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `svc FPX direct needs ${missing.join(", ")} in the payment session data (bank from GET /store/svc/fpx-banks, bankType RETAIL or CORPORATE, buyerName 1-100 characters)`
      )
    }
    const banks = await this.wrap(() => this.catalog.fpxBanks())
    const bank = banks.find((b) => b.code === sf.bank)
    if (!bank) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `svc FPX direct: bank "${sf.bank}" is not an FPX bank; choose one from GET /store/svc/fpx-banks`
      )
    }
    if (!bank.active) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `svc FPX direct: ${bank.displayName} is offline right now; choose another bank`
      )
    }
    const wantType =
      sf.bankType === "CORPORATE" || sf.bankType === "02" ? "02" : "01"
    if (bank.type !== wantType) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `svc FPX direct: ${bank.displayName} is a ${bank.type === "02" ? "corporate" : "retail"} bank; bankType must be ${bank.type === "02" ? "CORPORATE" : "RETAIL"}`
      )
    }
  }
}
