import { listFpxBanks, type FpxBank, type FpxBankList } from "./banks.js"
import { SvcStoreError, inputError, storeError } from "./errors.js"
import {
  FPX_RETAIL_MAX_SEN,
  isRetailBankType,
  overRetailCap,
} from "./fpx-rules.js"
import { svcText, type SvcText, type SvcTextOptions } from "./i18n/text.js"
import { leaveSvcLine, waitForSvcTurn, type SvcLineOptions } from "./line.js"
import { medusaAmountToSen } from "./medusa-amount.js"
import { svcMethodOf } from "./providers.js"
import type { StoreSdk } from "./sdk.js"

type Payment = StoreSdk["store"]["payment"]
/** The cart as `@medusajs/js-sdk` returns it (`HttpTypes.StoreCart`). */
export type StoreCart = Parameters<Payment["initiatePaymentSession"]>[0]
type PaymentCollection = Awaited<
  ReturnType<Payment["initiatePaymentSession"]>
>["payment_collection"]
/** A payment session of the cart's payment collection (`HttpTypes.StorePaymentSession`). */
export type StorePaymentSession = NonNullable<
  PaymentCollection["payment_sessions"]
>[number]

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

export type FpxDirectChoice = {
  bank: FpxBank
  bankType: "RETAIL" | "CORPORATE"
  buyerName: string
}

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

/** The sentence a shopper reads when personal banking cannot take the amount, in the kit's language. */
export function retailCapText(
  capSen: number = FPX_RETAIL_MAX_SEN,
  opts: SvcTextOptions = {}
): string {
  const text = svcText(opts)
  return text.t("retailCap", { cap: text.amount(capSen) })
}

/**
 * FPX direct's checks, before any call: the bank is an FPX bank, online and of
 * the chosen type; the buyer name is 1-100 characters trimmed; personal banking
 * is within FPX's cap. Each error names the field and carries its `code`; its
 * message is in the language of `opts` (default the page's).
 */
export function checkFpxDirectChoice(
  input: {
    bank?: FpxBank | string
    bankType?: string
    buyerName?: string
    amountSen?: number | null
  },
  banks?: FpxBankList,
  opts: SvcTextOptions = {}
): FpxDirectChoice {
  const text = svcText(opts)
  const code =
    typeof input.bank === "string" ? input.bank.trim() : input.bank?.code
  if (!code) throw inputError(text, "bank", "bankRequired")
  const all = banks ? [...banks.retail, ...banks.corporate] : []
  const bank =
    (typeof input.bank === "object" ? input.bank : undefined) ??
    all.find((b) => b.code === code)
  if (!bank) throw inputError(text, "bank", "notFpxBank", { code })
  if (!bank.active)
    throw inputError(text, "bank", "bankOffline", { bank: bank.name })
  const bankType = input.bankType ?? bank.bank_type
  if (bankType !== "RETAIL" && bankType !== "CORPORATE")
    throw inputError(text, "bankType", "bankTypeInvalid")
  if (bank.bank_type !== bankType)
    throw inputError(
      text,
      "bankType",
      bank.bank_type === "CORPORATE" ? "bankIsCorporate" : "bankIsRetail",
      { bank: bank.name }
    )
  const buyerName = (input.buyerName ?? "").trim()
  if (buyerName.length < 1 || buyerName.length > 100)
    throw inputError(text, "buyerName", "buyerNameRule")
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  if (
    isRetailBankType(bankType) &&
    input.amountSen != null &&
    overRetailCap(input.amountSen, cap)
  ) {
    throw inputError(text, "bankType", "retailCap", { cap: text.amount(cap) })
  }
  return { bank, bankType, buyerName }
}

/**
 * Starts an svc payment for the cart: creates its payment session (Medusa
 * replaces the cart's earlier session) with only the fields the provider
 * accepts, and returns where to send the shopper (`redirectUrl`, svc's page).
 * FPX direct input is checked first, so a wrong choice costs no call. When
 * svc's checkout budget has no turn now (the store keeps the cart's place),
 * it waits in line and starts at its turn (`waitForSvcTurn`: `opts.onWait`
 * hears the place, aborting `opts.signal` leaves). Errors are in the
 * language of `opts` (default the page's).
 */
export async function startSvcPayment(
  sdk: StoreSdk,
  cart: StoreCart,
  input: StartSvcPaymentInput,
  opts: SvcLineOptions = {}
): Promise<{ redirectUrl: string; session: StorePaymentSession }> {
  const text = svcText(opts)
  const method = svcMethodOf(input.providerId)
  if (!method)
    throw inputError(text, "providerId", "notSvcProvider", {
      id: input.providerId,
    })
  if (!cart?.id) throw inputError(text, "cart", "noCart")
  const data: Record<string, unknown> = { cart_id: cart.id }
  const direct = method === "fpxDirect"
  const banks = direct
    ? (input.banks ??
      (typeof input.bank === "string"
        ? await listFpxBanks(sdk, { ...opts, includeInactive: true })
        : undefined))
    : undefined
  // the shopper's choice first, on the cart as the storefront has it: a wrong choice costs no call
  if (direct)
    checkFpxDirectChoice(
      { ...input, amountSen: amountToSen(cart.total) },
      banks,
      opts
    )
  checkCart(cart, text)
  let refusedAtTurn = 0
  for (;;) {
    // Medusa lets a completed cart's payment collection take a new session: the
    // storefront's copy of the cart may be stale, so read it now (totals too)
    try {
      cart = (
        await sdk.store.cart.retrieve(cart.id, {
          fields: "id,completed_at,total,currency_code,*payment_collection",
        })
      ).cart
    } catch (e) {
      throw storeError(e, "cartUnreadable", text)
    }
    checkCart(cart, text)
    if (direct) {
      const choice = checkFpxDirectChoice(
        { ...input, amountSen: amountToSen(cart.total) },
        banks,
        opts
      )
      Object.assign(data, {
        bank: choice.bank.code,
        bankType: choice.bankType,
        buyerName: choice.buyerName,
      })
    }
    let collection: PaymentCollection
    try {
      collection = (
        await sdk.store.payment.initiatePaymentSession(cart, {
          provider_id: input.providerId,
          data,
        })
      ).payment_collection
    } catch (e) {
      // A 503 is the store's "no turn at svc's checkout budget now" (the cart
      // keeps its place in line) or svc unavailable: the line tells which. A
      // turn at once twice running was not the line's refusal.
      const turnAtOnce =
        unavailable(e) && !(await waitForSvcTurn(sdk, cart.id, opts))
      if (!unavailable(e) || (turnAtOnce && refusedAtTurn++)) {
        if (turnAtOnce) await leaveSvcLine(sdk, cart.id)
        throw storeError(e, "startFailed", text)
      }
      if (!turnAtOnce) refusedAtTurn = 0
      continue
    }
    return startedSession(collection.payment_sessions, input.providerId, text)
  }
}

/** The store's 503: no turn now (its place kept in line), or svc unavailable. */
const unavailable = (e: unknown) =>
  e instanceof Error && "status" in e && e.status === 503

/**
 * The provider's session among those Medusa answered and svc's page to send
 * the shopper to; none (svc refused: its reason in the store's words) throws
 * `startFailed`.
 */
export function startedSession(
  sessions: StorePaymentSession[] | undefined,
  providerId: string,
  text: SvcText
): { redirectUrl: string; session: StorePaymentSession } {
  const session = sessions?.find((s) => s.provider_id === providerId)
  const url = session?.data?.checkoutUrl
  if (!session || typeof url !== "string" || !url) {
    const reason = session?.data?.failureReason
    throw new SvcStoreError(
      text.store("startFailed", typeof reason === "string" ? reason : null),
      undefined,
      undefined,
      "startFailed"
    )
  }
  return { redirectUrl: url, session }
}

function checkCart(cart: StoreCart, text: SvcText): void {
  // a paid cart is final: never a second payment for it
  if ((cart as { completed_at?: unknown }).completed_at)
    throw inputError(text, "cart", "cartPaid")
  if (cart.currency_code && cart.currency_code.toLowerCase() !== "myr") {
    throw inputError(text, "cart", "cartCurrency", {
      currency: cart.currency_code.toUpperCase(),
    })
  }
}
