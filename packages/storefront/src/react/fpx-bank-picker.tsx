import { useEffect, useId, useState, type KeyboardEvent } from "react"
import { listFpxBanks, type FpxBank, type FpxBankList } from "../banks.js"
import { FPX_RETAIL_MAX_SEN, overRetailCap, retailCapSentence } from "../fpx-rules.js"
import type { StoreSdk } from "../sdk.js"

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
  /** Tab labels (default "Personal banking", "Corporate banking"). */
  labels?: { retail?: string; corporate?: string; legend?: string; offline?: string; loading?: string }
  className?: string
}

/**
 * FPX bank picker: personal / corporate tabs, each a radio group of banks with
 * their logos; offline banks stay in the list, disabled and marked offline.
 * Native radios (arrow keys move, labels read out); the tabs take the arrow
 * keys too. Unstyled: class names `svc-fpx-*` (optional CSS:
 * `medusa-payment-svc-storefront/react/style.css`).
 */
export function FpxBankPicker(props: FpxBankPickerProps) {
  const { sdk, value, onChange, amountSen, idPrefix = "svc-", labels = {}, className } = props
  const [loaded, setLoaded] = useState<FpxBankList | null>(null)
  const [error, setError] = useState<string | null>(null)
  const banks = props.banks ?? loaded
  const cap = banks?.retail_max_sen ?? FPX_RETAIL_MAX_SEN
  const retailCapped = amountSen != null && overRetailCap(amountSen, cap)
  const [tab, setTab] = useState<BankType>(props.defaultBankType ?? "RETAIL")
  const shown: BankType = retailCapped ? "CORPORATE" : tab
  const uid = useId()
  const name = `${idPrefix}bank-${uid}`

  useEffect(() => {
    if (props.banks || !sdk) return
    let live = true
    listFpxBanks(sdk, { includeInactive: true }).then(
      (b) => live && setLoaded(b),
      (e: Error) => live && setError(e.message)
    )
    return () => {
      live = false
    }
  }, [props.banks, sdk])

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

  const list = banks ? (shown === "CORPORATE" ? banks.corporate : banks.retail) : []
  return (
    <div className={`svc-fpx-picker${className ? ` ${className}` : ""}`}>
      <div role="tablist" aria-label="Type of online banking" className="svc-fpx-tabs">
        {tabButton("RETAIL", labels.retail ?? "Personal banking")}
        {tabButton("CORPORATE", labels.corporate ?? "Corporate banking")}
      </div>
      {retailCapped && (
        <p className="svc-fpx-cap" role="note" id={`${idPrefix}retail-cap`}>
          {retailCapSentence(cap)}
        </p>
      )}
      <div role="tabpanel" id={`${idPrefix}banks-panel`} aria-labelledby={`${idPrefix}tab-${shown.toLowerCase()}`}>
        {error ? (
          <p className="svc-fpx-error" role="alert">{error}</p>
        ) : !banks ? (
          <p className="svc-fpx-loading">{labels.loading ?? "Loading banks…"}</p>
        ) : (
          <fieldset className="svc-fpx-banks">
            <legend className="svc-fpx-legend">{labels.legend ?? "Choose your bank"}</legend>
            {list.map((b) => {
              const id = `${idPrefix}bank-${b.code}`
              const selected = value === b.code
              return (
                <label
                  key={`${b.bank_type}-${b.code}`}
                  htmlFor={id}
                  className={`svc-fpx-bank${selected ? " svc-fpx-bank--selected" : ""}${b.active ? "" : " svc-fpx-bank--offline"}`}
                  title={b.active ? b.name : `${b.name} is offline right now`}
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
                  <img src={b.logo_url} alt="" className="svc-fpx-bank-logo" width={28} height={28} loading="lazy" />
                  <span className="svc-fpx-bank-name">{b.name}</span>
                  {!b.active && <span className="svc-fpx-bank-offline"> ({labels.offline ?? "offline"})</span>}
                </label>
              )
            })}
          </fieldset>
        )}
      </div>
    </div>
  )
}
