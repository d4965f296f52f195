import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from "react"
import { filterFpxBanks, type FpxBank, type FpxBankList } from "../banks.js"
import { FPX_RETAIL_MAX_SEN, overRetailCap } from "../fpx-rules.js"
import type { SvcMessages } from "../i18n/en.js"
import { svcText, type SvcText } from "../i18n/text.js"
import { findRememberedBank, rememberedFpxBank } from "../remember.js"
import type { StoreSdk } from "../sdk.js"
import { useFpxBankLoad } from "./use-fpx-banks.js"

export type BankType = "RETAIL" | "CORPORATE"

export type FpxBankPickerProps = {
  /** The banks (from `listFpxBanks(sdk, { includeInactive: true })`); or give `sdk` and the picker loads them. */
  banks?: FpxBankList
  sdk?: StoreSdk
  /** The chosen bank's code. */
  value?: string | null
  onChange?: (bank: FpxBank) => void
  /** The amount to pay in sen: above FPX's personal-banking cap, personal banking is disabled with the reason. */
  amountSen?: number | null
  /** The tab shown first (default RETAIL, or CORPORATE when personal banking is over the cap). */
  defaultBankType?: BankType
  /** Called when the shopper switches tabs. */
  onBankTypeChange?: (bankType: BankType) => void
  /** Prefix of element ids: the radio of a bank is `${idPrefix}bank-${code}`, the tabs `${idPrefix}tab-retail` / `-corporate` (default "svc-"). */
  idPrefix?: string
  /** The language (default: the page's `<html lang>`, then English): "en", "ms", "zh-CN"; see docs/storefront-languages.md. */
  locale?: string
  /** The store's own words for any of the kit's messages (a partial catalogue). */
  messages?: Partial<SvcMessages>
  /**
   * Pre-select the bank and type last used on this device (localStorage, written when a payment
   * is started with it; default true). A remembered bank now offline or gone is not chosen, and
   * the picker says why.
   */
  rememberBank?: boolean
  /** Tab labels, the search box's label and the sentences below (over `messages`; kept for compatibility). */
  labels?: {
    retail?: string
    corporate?: string
    legend?: string
    offline?: string
    loading?: string
    search?: string
    /** The number of banks shown, announced politely as the shopper types (default "19 banks", "2 of 19 banks match “may”", "No bank matches “x”"). */
    matches?: (m: { shown: number; total: number; query: string }) => string
    /** Said when the chosen bank is not in the list shown (a search, or the other tab): it stays chosen. */
    chosenHidden?: (bankName: string) => string
  }
  className?: string
  /** The storefront's own Input for the search box (the kit's stylesheet leaves it alone). */
  components?: { Input?: ComponentType<InputHTMLAttributes<HTMLInputElement>> }
}

const matchesSentence = (
  text: SvcText,
  { shown, total, query }: { shown: number; total: number; query: string }
) =>
  !query
    ? text.t(total === 1 ? "bankCountOne" : "bankCount", { total })
    : text.t(
        shown === 0
          ? "matchesNone"
          : shown === 1
            ? "matchesOne"
            : "matchesMany",
        { shown, total, query }
      )

/**
 * FPX bank picker: personal / corporate tabs, each a radio group of banks with
 * their logos; offline banks stay in the list, disabled and marked offline.
 * A search box (`${idPrefix}banks-search`) filters the list as the shopper
 * types, the number of matches announced politely; a bank hidden by the search
 * stays chosen (and is said so). Native radios (arrow keys move, labels read
 * out, the whole row is the label); the tabs take the arrow keys too.
 * Unstyled: class names `svc-fpx-*` (optional CSS:
 * `medusa-payment-svc-storefront/react/style.css`: rows that wrap long names,
 * at least 44 px high, a compact scrolling list on narrow screens).
 */
export function FpxBankPicker(props: FpxBankPickerProps) {
  const {
    sdk,
    value,
    onChange,
    amountSen,
    idPrefix = "svc-",
    labels = {},
    className,
    locale,
    messages,
    rememberBank = true,
  } = props
  const text = svcText({ locale, messages })
  const [loaded, setLoaded] = useState<FpxBankList | null>(null)
  const [error, setError] = useState<string | null>(null)
  const banks = props.banks ?? loaded
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  const retailCapped = amountSen != null && overRetailCap(amountSen, cap)
  const [tab, setTab] = useState<BankType>(props.defaultBankType ?? "RETAIL")
  const [query, setQuery] = useState("")
  const shown: BankType = retailCapped ? "CORPORATE" : tab
  const uid = useId()
  const name = `${idPrefix}bank-${uid}`

  useFpxBankLoad(sdk, !!props.banks, setLoaded, setError, [props.banks, sdk], {
    locale,
    messages,
  })

  // the bank last used on this device, once the list is known, unless a bank is chosen already
  const [rememberedNote, setRememberedNote] = useState<string | null>(null)
  const rememberDone = useRef(false)
  useEffect(() => {
    if (rememberDone.current || !banks || !rememberBank) return
    rememberDone.current = true
    const found = value ? null : findRememberedBank(banks, rememberedFpxBank())
    if (!found) return
    if (found.state !== "ready")
      setRememberedNote(
        text.t(
          found.state === "offline" ? "rememberedOffline" : "rememberedGone",
          { bank: found.name }
        )
      )
    else if (found.bankType === "CORPORATE" || !retailCapped) {
      setTab(found.bankType)
      props.onBankTypeChange?.(found.bankType)
      onChange?.(found.bank)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [banks, rememberBank])

  const choose = (t: BankType) => {
    if (t === "RETAIL" && retailCapped) return
    setTab(t)
    props.onBankTypeChange?.(t)
  }
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault()
      const next = shown === "RETAIL" ? "CORPORATE" : "RETAIL"
      choose(next)
      document.getElementById(`${idPrefix}tab-${next.toLowerCase()}`)?.focus()
    }
  }
  const tabButton = (t: BankType, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${idPrefix}tab-${t.toLowerCase()}`}
      className={`svc-fpx-tab${shown === t ? " svc-fpx-tab--active" : ""}`}
      aria-selected={shown === t}
      aria-controls={`${idPrefix}banks-panel`}
      tabIndex={shown === t ? 0 : -1}
      disabled={t === "RETAIL" && retailCapped}
      onClick={() => choose(t)}
      onKeyDown={onTabKey}
    >
      {label}
    </button>
  )

  const list = banks
    ? shown === "CORPORATE"
      ? banks.corporate
      : banks.retail
    : []
  const matching = filterFpxBanks(list, query)
  const chosen =
    value && banks
      ? [...banks.retail, ...banks.corporate].find((b) => b.code === value)
      : undefined
  const chosenHidden = !!chosen && !matching.some((b) => b.code === chosen.code)
  const status = [
    labels.matches
      ? labels.matches({
          shown: matching.length,
          total: list.length,
          query: query.trim(),
        })
      : matchesSentence(text, {
          shown: matching.length,
          total: list.length,
          query: query.trim(),
        }),
    chosenHidden
      ? labels.chosenHidden
        ? labels.chosenHidden(chosen.name)
        : text.t("chosenHidden", { bank: chosen.name })
      : "",
  ]
    .filter(Boolean)
    .join(" ")
  const Input = props.components?.Input
  const searchProps: InputHTMLAttributes<HTMLInputElement> = {
    type: "search",
    id: `${idPrefix}banks-search`,
    value: query,
    autoComplete: "off",
    spellCheck: false,
    "aria-describedby": `${idPrefix}banks-status`,
    "aria-controls": `${idPrefix}banks-list`,
    onChange: (e) => setQuery(e.target.value),
    onKeyDown: (e) => {
      if (e.key === "Enter") e.preventDefault() // never submits a form around the picker
    },
  }
  return (
    <div
      className={`svc-kit svc-fpx-picker${className ? ` ${className}` : ""}`}
    >
      <div
        role="tablist"
        aria-label={text.t("tabsLabel")}
        className="svc-fpx-tabs"
      >
        {tabButton("RETAIL", labels.retail ?? text.t("retail"))}
        {tabButton("CORPORATE", labels.corporate ?? text.t("corporate"))}
      </div>
      {retailCapped && (
        <p className="svc-fpx-cap" role="note" id={`${idPrefix}retail-cap`}>
          {text.t("retailCap", { cap: text.amount(cap) })}
        </p>
      )}
      {rememberedNote && !value && (
        <p
          className="svc-fpx-remembered"
          role="status"
          id={`${idPrefix}remembered-bank`}
        >
          {rememberedNote}
        </p>
      )}
      <div
        role="tabpanel"
        id={`${idPrefix}banks-panel`}
        aria-labelledby={`${idPrefix}tab-${shown.toLowerCase()}`}
      >
        {error ? (
          <p className="svc-fpx-error" role="alert">
            {error}
          </p>
        ) : !banks ? (
          <p className="svc-fpx-loading">
            {labels.loading ?? text.t("loading")}
          </p>
        ) : (
          <fieldset className="svc-fpx-banks">
            <legend className="svc-fpx-legend">
              {labels.legend ?? text.t("legend")}
            </legend>
            <div className="svc-fpx-search">
              <label
                htmlFor={`${idPrefix}banks-search`}
                className="svc-fpx-search-label"
              >
                {labels.search ?? text.t("search")}
              </label>
              {Input ? (
                <Input {...searchProps} />
              ) : (
                <input
                  {...searchProps}
                  className="svc-input svc-fpx-search-input"
                />
              )}
            </div>
            <p
              id={`${idPrefix}banks-status`}
              className="svc-fpx-status"
              role="status"
              aria-live="polite"
              aria-atomic="true"
            >
              {status}
            </p>
            <div className="svc-fpx-bank-list" id={`${idPrefix}banks-list`}>
              {matching.map((b) => {
                const id = `${idPrefix}bank-${b.code}`
                const selected = value === b.code
                return (
                  <label
                    key={`${b.bank_type}-${b.code}`}
                    htmlFor={id}
                    className={`svc-fpx-bank${selected ? " svc-fpx-bank--selected" : ""}${b.active ? "" : " svc-fpx-bank--offline"}`}
                    title={
                      b.active
                        ? b.name
                        : text.t("offlineTitle", { bank: b.name })
                    }
                  >
                    <input
                      type="radio"
                      id={id}
                      name={name}
                      value={b.code}
                      checked={selected}
                      disabled={!b.active}
                      onChange={() => onChange?.(b)}
                      className="svc-fpx-bank-input"
                    />
                    <img
                      src={b.logo_url}
                      alt=""
                      className="svc-fpx-bank-logo"
                      width={28}
                      height={28}
                      loading="lazy"
                    />
                    <span className="svc-fpx-bank-text">
                      <span className="svc-fpx-bank-name">{b.name}</span>
                      {!b.active && (
                        <span className="svc-fpx-bank-offline">
                          {" "}
                          ({labels.offline ?? text.t("offline")})
                        </span>
                      )}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  )
}
