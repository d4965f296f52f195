import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
} from "react"
import type { FpxBank, FpxBankList } from "../banks.js"
import { SvcInputError } from "../errors.js"
import { FPX_RETAIL_MAX_SEN, overRetailCap } from "../fpx-rules.js"
import type { SvcMessages } from "../i18n/en.js"
import { svcText } from "../i18n/text.js"
import { svcLineText, type SvcLineWait } from "../line.js"
import { rememberFpxBank } from "../remember.js"
import {
  amountToSen,
  checkFpxDirectChoice,
  startSvcPayment,
  type StartSvcPaymentInput,
  type StoreCart,
  type StorePaymentSession,
} from "../payment.js"
import {
  isSvcProvider,
  svcMethodOf,
  svcPaymentTitle,
  svcProviderId,
} from "../providers.js"
import type { StoreSdk } from "../sdk.js"
import { FpxBankPicker, type BankType } from "./fpx-bank-picker.js"
import { useFpxBankLoad } from "./use-fpx-banks.js"

export type SvcPaymentChoice = {
  providerId: string
  /** Ready to pay: the input for `startSvcPayment`; null while FPX direct lacks a bank or a name. */
  input: StartSvcPaymentInput | null
}

/**
 * The storefront's own controls, rendered by the kit in place of its plain `<button>` and
 * `<input>`: they get the props of a native element (id, type, disabled, onClick or value and
 * onChange, aria-*, children) and must pass them on, as `@medusajs/ui`'s `Button` and `Input`
 * and the Next.js starter's `Button` do. The kit's stylesheet does not style them.
 */
export type SvcKitComponents = {
  /** The pay button. */
  Button?: ComponentType<ButtonHTMLAttributes<HTMLButtonElement>>
  /** The account holder's name and the bank search box. */
  Input?: ComponentType<InputHTMLAttributes<HTMLInputElement>>
}

export type SvcPaymentOptionsProps = {
  sdk: StoreSdk
  cart: StoreCart
  /** The provider ids offered (e.g. the cart region's, from `sdk.store.payment.listPaymentProviders`); svc's are shown. Default: the three with id `svc`. */
  providerIds?: string[]
  /** Called whenever the choice changes (and, with `value`, when the shopper picks an svc method). */
  onChange?: (choice: SvcPaymentChoice | null) => void
  /**
   * The provider chosen on the host's payment step, when the host keeps the choice (its own
   * methods beside svc's): an svc provider is shown chosen, any other leaves svc's methods
   * unchosen and hides the pay button, so the step has one action. Default: the kit keeps the
   * choice, starting from the cart's pending svc session.
   */
  value?: string | null
  /**
   * The cart's payment session changed: called with the new session once the kit created it,
   * awaited before the shopper leaves for svc, and again when the shopper comes back to this
   * page with the browser's Back button from the back-forward cache. A storefront that caches
   * the cart on its server (the Next.js starter's `force-cache` and cache tags) refreshes it
   * here, so its own steps see the session.
   */
  onSessionChange?: (session: StorePaymentSession) => void | Promise<void>
  /** The storefront's own Button and Input (`{ Button, Input }`). */
  components?: SvcKitComponents
  /** Show a pay button that starts the payment and goes to svc (default true). */
  payButton?: boolean
  /** Instead of `window.location.assign(redirectUrl)` after the payment started. */
  onStarted?: (started: {
    redirectUrl: string
    session: StorePaymentSession
  }) => void
  /** A reason shown above the options (e.g. the last attempt failed). */
  notice?: ReactNode
  /** Prefix of element ids (default "svc-"): `${p}method-wallet|fpx|fpx-direct`, `${p}fpx-cap`, `${p}buyer-name`, `${p}pay`, `${p}error`, banks as in FpxBankPicker. */
  idPrefix?: string
  /** The language (default: the page's `<html lang>`, then English): "en", "ms", "zh-CN"; see docs/storefront-languages.md. */
  locale?: string
  /** The store's own words for any of the kit's messages (a partial catalogue). */
  messages?: Partial<SvcMessages>
  /**
   * FPX direct: pre-select the bank and type last used on this device, and remember the one a
   * payment is started with (localStorage only, nothing sent; default true).
   */
  rememberBank?: boolean
  /** Over `messages`; kept for compatibility. */
  labels?: {
    pay?: string
    buyerName?: string
    buyerNamePlaceholder?: string
    redirecting?: string
  }
  className?: string
}

/** Read by screen readers, not shown (without the kit's stylesheet too). */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const

const METHOD_IDS = {
  wallet: "wallet",
  fpx: "fpx",
  fpxDirect: "fpx-direct",
} as const

/**
 * The svc payment methods as one radio group (svc wallet, FPX, FPX choosing
 * the bank here); for FPX direct the bank picker and the account holder's
 * name; for FPX hosted above FPX's personal-banking cap, the cap as a notice.
 * With `payButton`, paying starts the payment (`startSvcPayment`) and takes the
 * shopper to svc; errors are shown as a sentence (role="alert"). At svc's
 * ceiling the shopper waits in line (their place and wait, a Cancel, focused,
 * told to screen readers at most every 15 s) and goes on to svc at their turn
 * without a click. A cart with a
 * pending svc session (the shopper came back from svc) opens on that method,
 * bank and name; `onSessionChange` tells the host of the session it made.
 */
export function SvcPaymentOptions(props: SvcPaymentOptionsProps) {
  const {
    sdk,
    cart,
    idPrefix = "svc-",
    labels = {},
    payButton = true,
    components = {},
    locale,
    messages,
    rememberBank = true,
  } = props
  const textOpts = { locale, messages }
  const text = svcText(textOpts)
  const providerIds = (
    props.providerIds ??
    (["wallet", "fpx", "fpxDirect"] as const).map((m) => svcProviderId(m))
  ).filter((p) => svcMethodOf(p))
  // a shopper back from svc finds the method, bank and name of the cart's pending svc session
  const pending = cart.payment_collection?.payment_sessions?.find(
    (s) => s.status === "pending" && isSvcProvider(s.provider_id)
  )
  const pendingText = (k: string) =>
    typeof pending?.data?.[k] === "string" ? (pending.data[k] as string) : ""
  const [ownChoice, setOwnChoice] = useState<string | null>(
    pending && providerIds.includes(pending.provider_id)
      ? pending.provider_id
      : null
  )
  const controlled = props.value !== undefined
  const providerId = controlled
    ? props.value && providerIds.includes(props.value)
      ? props.value
      : null
    : ownChoice
  const [banks, setBanks] = useState<FpxBankList | null>(null)
  const [bank, setBank] = useState<FpxBank | null>(null)
  const [bankType, setBankType] = useState<BankType>(
    pendingText("bankType") === "CORPORATE" ? "CORPORATE" : "RETAIL"
  )
  const [buyerName, setBuyerName] = useState(pendingText("buyerName"))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const started = useRef<StorePaymentSession | null>(null)
  // the line: the wait shown, the sentence last told to screen readers (and when), Cancel's abort
  const [waiting, setWaiting] = useState<SvcLineWait | null>(null)
  const [told, setTold] = useState("")
  const toldAt = useRef(0)
  const line = useRef<AbortController | null>(null)
  const inLine = useRef(false)
  const onSessionChange = useRef(props.onSessionChange)
  onSessionChange.current = props.onSessionChange
  /** The host's onSessionChange, awaited; what it throws, at once or later, is its own and never stops a payment. */
  const tell = async (session: StorePaymentSession) => {
    try {
      await onSessionChange.current?.(session)
    } catch {
      // the host's refresh failed: the payment goes on
    }
  }
  const method = svcMethodOf(providerId)
  const pendingBank = pendingText("bank")
  const amountSen = amountToSen(cart.total)
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  const overCap = amountSen != null && overRetailCap(amountSen, cap)

  useFpxBankLoad(
    sdk,
    method !== "fpxDirect" || !!banks,
    setBanks,
    setError,
    [method, banks, sdk],
    textOpts
  )
  useEffect(() => {
    if (!banks || bank || !pendingBank) return
    const b = [...banks.retail, ...banks.corporate].find(
      (x) => x.code === pendingBank && x.active
    )
    if (b) setBank(b)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [banks])

  // Back from svc through the back-forward cache: the page is as it was left ("Taking you to
  // svc…"); the pay button works again and the host hears of the session it may not have seen
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return
      setBusy(false)
      if (started.current) void tell(started.current)
    }
    window.addEventListener("pageshow", onShow)
    return () => {
      window.removeEventListener("pageshow", onShow)
      line.current?.abort() // the page left: so does its place in line
    }
  }, [])
  // into the line: focus on Cancel (the pay button is gone); out by Cancel: back on the pay button
  useEffect(() => {
    if (!!waiting === inLine.current) return
    inLine.current = !!waiting
    document
      .getElementById(`${idPrefix}${waiting ? "line-cancel" : "pay"}`)
      ?.focus()
  }, [waiting, idPrefix])

  let input: StartSvcPaymentInput | null = null
  let choiceError: string | null = null
  if (providerId && method !== "fpxDirect") input = { providerId }
  if (providerId && method === "fpxDirect" && bank && banks) {
    try {
      const c = checkFpxDirectChoice(
        { bank, bankType: bank.bank_type, buyerName, amountSen },
        banks,
        textOpts
      )
      input = {
        providerId,
        bank: c.bank,
        bankType: c.bankType,
        buyerName: c.buyerName,
        banks,
      }
    } catch (e) {
      if (!(e instanceof SvcInputError)) throw e
      if (e.field !== "buyerName" || buyerName.trim()) choiceError = e.message
    }
  }
  const inputKey = input
    ? JSON.stringify({
        p: input.providerId,
        b: bank?.code,
        t: input.bankType,
        n: input.buyerName,
      })
    : ""
  useEffect(() => {
    props.onChange?.(providerId ? { providerId, input } : null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [providerId, inputKey])

  const onWait = (w: SvcLineWait) => {
    setWaiting(w)
    if (Date.now() - toldAt.current < 15_000) return
    toldAt.current = Date.now()
    setTold(svcLineText(w, textOpts))
  }
  const leave = () => {
    line.current?.abort()
    setWaiting(null)
    setBusy(false)
  }
  const pay = async () => {
    if (!input) return
    const signal = (line.current = new AbortController()).signal
    setBusy(true)
    setError(null)
    try {
      const s = await startSvcPayment(sdk, cart, input, {
        ...textOpts,
        signal,
        onWait,
      })
      setWaiting(null)
      toldAt.current = 0
      if (signal.aborted) return // Cancel as the turn came: the shopper stays
      started.current = s.session
      // this device remembers the bank for the shopper's next payment (nothing is sent anywhere)
      if (rememberBank && input.bankType && typeof input.bank === "object")
        rememberFpxBank(input.bank, input.bankType)
      // the host's refresh (e.g. its cached cart) before the shopper leaves; its failure never stops the payment
      await tell(s.session)
      if (props.onStarted) props.onStarted(s)
      else window.location.assign(s.redirectUrl)
    } catch (e) {
      setWaiting(null)
      toldAt.current = 0
      if (signal.aborted) return // the shopper left the line
      setError((e as Error).message)
      setBusy(false)
    }
  }

  const choose = (p: string) => {
    setOwnChoice(p)
    setError(null)
    if (controlled)
      props.onChange?.({
        providerId: p,
        input: svcMethodOf(p) === "fpxDirect" ? null : { providerId: p },
      })
  }
  const Button = components.Button
  const Input = components.Input
  const nameInput: InputHTMLAttributes<HTMLInputElement> = {
    id: `${idPrefix}buyer-name`,
    type: "text",
    autoComplete: "name",
    maxLength: 100,
    value: buyerName,
    placeholder: labels.buyerNamePlaceholder ?? text.t("buyerNamePlaceholder"),
    onChange: (e) => setBuyerName(e.target.value),
  }
  const errorId = `${idPrefix}error`
  const payProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: "button",
    id: `${idPrefix}pay`,
    disabled: !input || busy,
    onClick: pay,
    "aria-describedby": (error ?? choiceError) ? errorId : undefined,
    children: busy
      ? (labels.redirecting ?? text.t("redirecting"))
      : (labels.pay ?? text.t("pay")),
  }

  const cancelProps: ButtonHTMLAttributes<HTMLButtonElement> = {
    type: "button",
    id: `${idPrefix}line-cancel`,
    onClick: leave,
    "aria-describedby": `${idPrefix}line`,
    children: text.t("lineCancel"),
  }

  return (
    <div
      className={`svc-kit svc-payment${props.className ? ` ${props.className}` : ""}`}
    >
      {props.notice}
      {/* in line, the method chosen at Pay is the one its turn starts: Cancel to change it */}
      <fieldset className="svc-methods" disabled={!!waiting}>
        <legend className="svc-methods-legend">
          {text.t("methodsLegend")}
        </legend>
        {providerIds.map((p) => {
          const m = svcMethodOf(p)!
          const id = `${idPrefix}method-${METHOD_IDS[m]}`
          const capNote =
            m === "fpx" && overCap ? `${idPrefix}fpx-cap` : undefined
          // the label is the whole box: a tap anywhere on the method chooses it
          return (
            <Fragment key={p}>
              <div
                className={`svc-method${providerId === p ? " svc-method--selected" : ""}`}
              >
                <label htmlFor={id} className="svc-method-label">
                  <input
                    type="radio"
                    id={id}
                    name={`${idPrefix}method`}
                    value={p}
                    checked={providerId === p}
                    aria-describedby={capNote}
                    onChange={() => choose(p)}
                  />
                  <span className="svc-method-title">
                    {svcPaymentTitle(p, textOpts)}
                  </span>
                </label>
              </div>
              {capNote && (
                <p className="svc-notice" role="note" id={capNote}>
                  {text.t("retailCap", { cap: text.amount(cap) })}
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
            components={components}
            locale={locale}
            messages={messages}
            // a shopper back from svc finds the session's bank; otherwise the one last used here
            rememberBank={rememberBank && !pendingBank}
          />
          <div className="svc-buyer-name">
            <label
              htmlFor={`${idPrefix}buyer-name`}
              className="svc-buyer-name-label"
            >
              {labels.buyerName ?? text.t("buyerName")}
            </label>
            {Input ? (
              <Input {...nameInput} />
            ) : (
              <input
                {...nameInput}
                className="svc-input svc-buyer-name-input"
              />
            )}
          </div>
        </div>
      )}
      {(error ?? choiceError) && (
        <p className="svc-error" role="alert" id={errorId}>
          {error ?? choiceError}
        </p>
      )}
      {waiting && (
        <div className="svc-line">
          <p className="svc-notice" id={`${idPrefix}line`}>
            {svcLineText(waiting, textOpts)} {text.t("lineKeep")}
          </p>
          {Button ? (
            <Button {...cancelProps} />
          ) : (
            <button {...cancelProps} className="svc-pay svc-line-cancel" />
          )}
        </div>
      )}
      <p style={VISUALLY_HIDDEN} role="status">
        {waiting ? told : ""}
      </p>
      {payButton && (!controlled || providerId) && !waiting && (
        <div className="svc-pay-row">
          {Button ? (
            <Button {...payProps} />
          ) : (
            <button {...payProps} className="svc-pay" />
          )}
        </div>
      )}
    </div>
  )
}
