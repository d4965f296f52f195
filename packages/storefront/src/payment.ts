import { listFpxBanks, type FpxBank, type FpxBankList } from "./banks.js"
import { SvcInputError, SvcStoreError, storeError } from "./errors.js"
import { FPX_RETAIL_MAX_SEN, isRetailBankType, overRetailCap, retailCapSentence } from "./fpx-rules.js"
import { medusaAmountToSen } from "./medusa-amount.js"
import { svcMethodOf } from "./providers.js"
import type { StoreSdk } from "./sdk.js"

type Payment = StoreSdk["store"]["payment"]
/** The cart as `@medusajs/js-sdk` returns it (`HttpTypes.StoreCart`). */
export type StoreCart = Parameters<Payment["initiatePaymentSession"]>[0]
type PaymentCollection = Awaited<ReturnType<Payment["initiatePaymentSession"]>>["payment_collection"]
/** A payment session of the cart's payment collection (`HttpTypes.StorePaymentSession`). */
export type StorePaymentSession = NonNullable<PaymentCollection["payment_sessions"]>[number]

export type StartSvcPaymentInput = {
  /** `pp_svc-wallet_svc`, `pp_svc-fpx_svc` or `pp_svc-fpx-direct_svc` */
  providerId: string
  /** FPX direct: the bank (from `listFpxBanks`) or its code */
  bank?: FpxBank | string
  /** FPX direct: RETAIL (personal banking) or CORPORATE; default: the bank's own type */
  bankType?: "RETAIL" | "CORPORATE"
  /** FPX direct: the account holder's name as at the bank, 1-100 characters (trimmed) */
  buyerName?: string
  /** FPX direct: the list already loaded (else it is read once to check the bank) */
  banks?: FpxBankList
}

export type FpxDirectChoice = { bank: FpxBank; bankType: "RETAIL" | "CORPORATE"; buyerName: string }

/**
 * Major units as Medusa returns them (120.5, "30125", 39.852) to integer sen,
 * rounded half-up to the sen as the svc checkout will be (39.852 → 3985), from
 * the decimal text, never by multiplying a float; null when it is not an amount.
 */
export function amountToSen(amount: unknown): number | null {
  if (typeof amount !== "number" && typeof amount !== "string") return null
  try {
    const sen = medusaAmountToSen(amount)
    return sen >= 0 ? sen : null
  } catch {
    return null
  }
}

/**
 * FPX direct's checks, before any call: the bank is an FPX bank, online and of
 * the chosen type; the buyer name is 1-100 characters trimmed; personal banking
 * is within FPX's cap. Each error names the field.
 */
export function checkFpxDirectChoice(input: { bank?: FpxBank | string; bankType?: string; buyerName?: string; amountSen?: number | null }, banks?: FpxBankList): FpxDirectChoice {
  const code = typeof input.bank === "string" ? input.bank.trim() : input.bank?.code
  if (!code) throw new SvcInputError("bank", "Choose your bank.")
  const all = banks ? [...banks.retail, ...banks.corporate] : []
  const bank = (typeof input.bank === "object" ? input.bank : undefined) ?? all.find((b) => b.code === code)
  if (!bank) throw new SvcInputError("bank", `"${code}" is not an FPX bank; choose one from the list.`)
  if (!bank.active) throw new SvcInputError("bank", `${bank.name} is offline right now; choose another bank.`)
  const bankType = input.bankType ?? bank.bank_type
  if (bankType !== "RETAIL" && bankType !== "CORPORATE") {
    throw new SvcInputError("bankType", "bankType must be RETAIL (personal banking) or CORPORATE.")
  }
  if (bank.bank_type !== bankType) {
    throw new SvcInputError("bankType", `${bank.name} is a ${bank.bank_type === "CORPORATE" ? "corporate" : "personal"} banking bank; bankType must be ${bank.bank_type}.`)
  }
  const buyerName = (input.buyerName ?? "").trim()
  if (buyerName.length < 1 || buyerName.length > 100) {
    throw new SvcInputError("buyerName", "Enter the account holder's name as at your bank (1-100 characters).")
  }
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  if (isRetailBankType(bankType) && input.amountSen != null && overRetailCap(input.amountSen, cap)) {
    throw new SvcInputError("bankType", retailCapSentence(cap))
  }
  return { bank, bankType, buyerName }
}

/**
 * Starts an svc payment for the cart: creates its payment session (Medusa
 * replaces the cart's earlier session) with only the fields the provider
 * accepts, and returns where to send the shopper (`redirectUrl`, svc's page).
 * FPX direct input is checked first, so a wrong choice costs no call.
 */
export async function startSvcPayment(sdk: StoreSdk, cart: StoreCart, input: StartSvcPaymentInput): Promise<{ redirectUrl: string; session: StorePaymentSession }> {
  const method = svcMethodOf(input.providerId)
  if (!method) throw new SvcInputError("providerId", `"${input.providerId}" is not an svc payment provider (pp_svc-wallet_…, pp_svc-fpx_… or pp_svc-fpx-direct_…).`)
  if (!cart?.id) throw new SvcInputError("cart", "There is no cart to pay.")
  const data: Record<string, unknown> = { cart_id: cart.id }
  const direct = method === "fpxDirect"
  const banks = direct ? (input.banks ?? (typeof input.bank === "string" ? await listFpxBanks(sdk, { includeInactive: true }) : undefined)) : undefined
  // the shopper's choice first, on the cart as the storefront has it: a wrong choice costs no call
  if (direct) checkFpxDirectChoice({ ...input, amountSen: amountToSen(cart.total) }, banks)
  checkCart(cart)
  // Medusa lets a completed cart's payment collection take a new session: the
  // storefront's copy of the cart may be stale, so read it now (totals too)
  try {
    cart = (await sdk.store.cart.retrieve(cart.id, { fields: "id,completed_at,total,currency_code,*payment_collection" })).cart
  } catch (e) {
    throw storeError(e, "The cart cannot be read right now; please try again.")
  }
  checkCart(cart)
  if (direct) {
    const choice = checkFpxDirectChoice({ ...input, amountSen: amountToSen(cart.total) }, banks)
    Object.assign(data, { bank: choice.bank.code, bankType: choice.bankType, buyerName: choice.buyerName })
  }
  let collection: PaymentCollection
  try {
    collection = (await sdk.store.payment.initiatePaymentSession(cart, { provider_id: input.providerId, data })).payment_collection
  } catch (e) {
    throw storeError(e, "The payment could not be started; please try again.")
  }
  const session = collection.payment_sessions?.find((s) => s.provider_id === input.providerId)
  const url = session?.data?.checkoutUrl
  if (!session || typeof url !== "string" || !url) {
    const reason = session?.data?.failureReason
    throw new SvcStoreError(typeof reason === "string" && reason ? reason : "The payment could not be started; please try again.")
  }
  return { redirectUrl: url, session }
}

function checkCart(cart: StoreCart): void {
  if ((cart as { completed_at?: unknown }).completed_at) {
    // a paid cart is final: never a second payment for it
    throw new SvcInputError("cart", "This cart is already paid and its order placed.")
  }
  if (cart.currency_code && cart.currency_code.toLowerCase() !== "myr") {
    throw new SvcInputError("cart", `svc accepts Malaysian ringgit (MYR) only; this cart is in ${cart.currency_code.toUpperCase()}.`)
  }
}
