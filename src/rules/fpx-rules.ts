/**
 * FPX's own limits, which the svc spec does not state (PayNet's FPX FAQ): each
 * transaction is capped by channel. Personal banking (B2C, bank type 01 /
 * RETAIL) RM1-RM30,000; corporate banking (B2B, 02 / CORPORATE)
 * RM2-RM1,000,000. svc's own range is RM10-RM1,000,000 for every type.
 *
 * One rule, two users: the provider checks it before svc is called, and the storefront kit
 * (packages/storefront re-exports this file; its build bundles it) shows shoppers the same
 * cap and sentence. No imports: src/rules is browser code too (src/__tests__/layout.spec.ts).
 */

/** Default cap of a personal-banking (retail) FPX payment, in sen: RM30,000. */
export const FPX_RETAIL_MAX_SEN = 3_000_000

/** RM with thousands separators from integer sen, without floating point: 3000000 → "RM30,000", 12050 → "RM120.50". */
export function formatRinggit(sen: number): string {
  const whole = Math.trunc(sen / 100)
  const cents = Math.abs(sen % 100)
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${sen < 0 ? "-" : ""}RM${grouped}${cents ? `.${String(cents).padStart(2, "0")}` : ""}`
}

/** Is this bank type personal banking (retail)? Accepts RETAIL/01 and CORPORATE/02. */
export function isRetailBankType(bankType: string | undefined | null): boolean {
  return bankType === "RETAIL" || bankType === "01"
}

/** True when a personal-banking FPX payment of `amountSen` is above the cap. */
export function overRetailCap(
  amountSen: number,
  capSen: number = FPX_RETAIL_MAX_SEN
): boolean {
  return amountSen > capSen
}

/**
 * The one sentence a shopper (and the provider's error) reads when personal
 * banking cannot take the amount: the limit and the way out.
 */
export function retailCapSentence(capSen: number = FPX_RETAIL_MAX_SEN): string {
  return `FPX personal banking is limited to ${formatRinggit(capSen)} per payment; for a larger amount pay with FPX corporate banking or with the svc wallet.`
}
