import type { ReactNode } from "react"
import {
  completeSvcBalanceReturn,
  type CompleteSvcBalanceReturnOptions,
  type SvcBalanceReturnResult,
} from "../balance.js"
import { svcText } from "../i18n/text.js"
import type { StoreSdk } from "../sdk.js"
import { useReturnOutcome } from "./use-return-outcome.js"

export type SvcBalanceReturnState = { kind: "loading" } | SvcBalanceReturnResult

export type SvcBalanceReturnProps = CompleteSvcBalanceReturnOptions & {
  sdk: StoreSdk
  /** `order_id` from the return URL (`balanceReturnParams(location.search)`). */
  orderId: string
  /** `payment_collection_id` from the return URL. */
  paymentCollectionId?: string
  /** Render each state yourself; without it a short default is shown. */
  children?: (state: SvcBalanceReturnState) => ReactNode
  /** Called once with the outcome. */
  onResult?: (result: SvcBalanceReturnResult) => void
}

/**
 * The return page's body after paying an order's balance: reads the order once
 * (`completeSvcBalanceReturn`) and renders loading, paid, awaiting (svc still
 * confirming) or failed (the reason; the balance can be paid again). No cart is
 * completed and nothing is canceled.
 */
export function SvcBalanceReturn(props: SvcBalanceReturnProps) {
  const {
    sdk,
    orderId,
    paymentCollectionId,
    waitForPaymentMs,
    pollEveryMs,
    locale,
    messages,
  } = props
  const text = svcText({ locale, messages })
  const state: SvcBalanceReturnState = useReturnOutcome(
    `${orderId}/${paymentCollectionId ?? ""}`,
    props.onResult,
    () =>
      completeSvcBalanceReturn(
        sdk,
        { orderId, ...(paymentCollectionId ? { paymentCollectionId } : {}) },
        { waitForPaymentMs, pollEveryMs, locale, messages }
      ),
    [sdk, orderId, paymentCollectionId, waitForPaymentMs, pollEveryMs, locale]
  )

  if (props.children) return <>{props.children(state)}</>
  return (
    <div
      className={`svc-kit svc-return svc-return--${state.kind}`}
      role="status"
    >
      {state.kind === "loading" && <p>{text.t("confirming")}</p>}
      {state.kind === "paid" && (
        <p>
          {text.t("balanceIsPaid", { order: String(state.order.display_id) })}
        </p>
      )}
      {state.kind === "awaiting" && (
        <p>
          {text.t("balanceAwaiting", { order: String(state.order.display_id) })}
        </p>
      )}
      {state.kind === "failed" && (
        <p className="svc-error">
          {text.t("notThrough", { reason: state.reason })}
        </p>
      )}
    </div>
  )
}
