import { Fragment, useEffect, useState, type ReactNode } from "react"
import type { FpxBank, FpxBankList } from "../banks.js"
import { SvcInputError } from "../errors.js"
import { FPX_RETAIL_MAX_SEN, overRetailCap, retailCapSentence } from "../fpx-rules.js"
import { amountToSen, checkFpxDirectChoice, startSvcPayment, type StartSvcPaymentInput, type StoreCart, type StorePaymentSession } from "../payment.js"
import { svcMethodOf, svcPaymentTitle, svcProviderId } from "../providers.js"
import type { StoreSdk } from "../sdk.js"
import { FpxBankPicker, type BankType } from "./fpx-bank-picker.js"
import { useFpxBankLoad } from "./use-fpx-banks.js"

export type SvcPaymentChoice = {
  providerId: string
  /** Ready to pay: the input for `startSvcPayment`; null while FPX direct lacks a bank or a name. */
  input: StartSvcPaymentInput | null
}

export type SvcPaymentOptionsProps = {
  sdk: StoreSdk
  cart: StoreCart
  /** The provider ids offered (e.g. the cart region's, from `sdk.store.payment.listPaymentProviders`); svc's are shown. Default: the three with id `svc`. */
  providerIds?: string[]
  /** Called whenever the choice changes. */
  onChange?: (choice: SvcPaymentChoice | null) => void
  /** Show a pay button that starts the payment and goes to svc (default true). */
  payButton?: boolean
  /** Instead of `window.location.assign(redirectUrl)` after the payment started. */
  onStarted?: (started: { redirectUrl: string; session: StorePaymentSession }) => void
  /** A reason shown above the options (e.g. the last attempt failed). */
  notice?: ReactNode
  /** Prefix of element ids (default "svc-"): `${p}method-wallet|fpx|fpx-direct`, `${p}fpx-cap`, `${p}buyer-name`, `${p}pay`, `${p}error`, banks as in FpxBankPicker. */
  idPrefix?: string
  labels?: { pay?: string; buyerName?: string; buyerNamePlaceholder?: string; redirecting?: string }
  className?: string
}

const METHOD_IDS = { wallet: "wallet", fpx: "fpx", fpxDirect: "fpx-direct" } as const

/**
 * The svc payment methods as one radio group (svc wallet, FPX, FPX choosing
 * the bank here); for FPX direct the bank picker and the account holder's
 * name; for FPX hosted above FPX's personal-banking cap, the cap as a notice.
 * With `payButton`, paying starts the payment (`startSvcPayment`) and takes the
 * shopper to svc; errors are shown as a sentence (role="alert").
 */
export function SvcPaymentOptions(props: SvcPaymentOptionsProps) {
  const { sdk, cart, idPrefix = "svc-", labels = {}, payButton = true } = props
  const providerIds = (props.providerIds ?? (["wallet", "fpx", "fpxDirect"] as const).map((m) => svcProviderId(m))).filter((p) => svcMethodOf(p))
  const [providerId, setProviderId] = useState<string | null>(null)
  const [banks, setBanks] = useState<FpxBankList | null>(null)
  const [bank, setBank] = useState<FpxBank | null>(null)
  const [bankType, setBankType] = useState<BankType>("RETAIL")
  const [buyerName, setBuyerName] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const method = svcMethodOf(providerId)
  const amountSen = amountToSen(cart.total)
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  const overCap = amountSen != null && overRetailCap(amountSen, cap)

  useFpxBankLoad(sdk, method !== "fpxDirect" || !!banks, setBanks, setError, [method, banks, sdk])

  let input: StartSvcPaymentInput | null = null
  let choiceError: string | null = null
  if (providerId && method !== "fpxDirect") input = { providerId }
  if (providerId && method === "fpxDirect" && bank && banks) {
    try {
      const c = checkFpxDirectChoice({ bank, bankType: bank.bank_type, buyerName, amountSen }, banks)
      input = { providerId, bank: c.bank, bankType: c.bankType, buyerName: c.buyerName, banks }
    } catch (e) {
      if (!(e instanceof SvcInputError)) throw e
      if (e.field !== "buyerName" || buyerName.trim()) choiceError = e.message
    }
  }
  const inputKey = input ? JSON.stringify({ p: input.providerId, b: bank?.code, t: input.bankType, n: input.buyerName }) : ""
  useEffect(() => {
    props.onChange?.(providerId ? { providerId, input } : null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [providerId, inputKey])

  const pay = async () => {
    if (!input) return
    setBusy(true)
    setError(null)
    try {
      const started = await startSvcPayment(sdk, cart, input)
      if (props.onStarted) props.onStarted(started)
      else window.location.assign(started.redirectUrl)
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <div className={`svc-payment${props.className ? ` ${props.className}` : ""}`}>
      {props.notice}
      <fieldset className="svc-methods">
        <legend className="svc-methods-legend">Pay with svc</legend>
        {providerIds.map((p) => {
          const m = svcMethodOf(p)!
          const id = `${idPrefix}method-${METHOD_IDS[m]}`
          const capNote = m === "fpx" && overCap ? `${idPrefix}fpx-cap` : undefined
          // the label is the whole box: a tap anywhere on the method chooses it
          return (
            <Fragment key={p}>
              <div className={`svc-method${providerId === p ? " svc-method--selected" : ""}`}>
                <label htmlFor={id} className="svc-method-label">
                  <input
                    type="radio"
                    id={id}
                    name={`${idPrefix}method`}
                    value={p}
                    checked={providerId === p}
                    aria-describedby={capNote}
                    onChange={() => {
                      setProviderId(p)
                      setError(null)
                    }}
                  />
                  <span className="svc-method-title">{svcPaymentTitle(p)}</span>
                </label>
              </div>
              {capNote && (
                <p className="svc-notice" role="note" id={capNote}>
                  {retailCapSentence(cap)}
                </p>
              )}
            </Fragment>
          )
        })}
      </fieldset>
      {method === "fpxDirect" && (
        <div className="svc-fpx-direct">
          <FpxBankPicker
            banks={banks ?? undefined}
            value={bank?.code ?? null}
            onChange={(b) => {
              setBank(b)
              setError(null)
            }}
            amountSen={amountSen}
            defaultBankType={bankType}
            onBankTypeChange={setBankType}
            idPrefix={idPrefix}
          />
          <label htmlFor={`${idPrefix}buyer-name`} className="svc-buyer-name">
            {labels.buyerName ?? "Name of the account holder"}{" "}
            <input
              id={`${idPrefix}buyer-name`}
              type="text"
              autoComplete="name"
              maxLength={100}
              value={buyerName}
              placeholder={labels.buyerNamePlaceholder ?? "As at your bank"}
              onChange={(e) => setBuyerName(e.target.value)}
            />
          </label>
        </div>
      )}
      {(error ?? choiceError) && (
        <p className="svc-error" role="alert" id={`${idPrefix}error`}>
          {error ?? choiceError}
        </p>
      )}
      {payButton && (
        <button type="button" id={`${idPrefix}pay`} className="svc-pay" disabled={!input || busy} onClick={pay}>
          {busy ? labels.redirecting ?? "Taking you to svc…" : labels.pay ?? "Pay now"}
        </button>
      )}
    </div>
  )
}
