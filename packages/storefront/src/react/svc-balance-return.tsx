import type { ReactNode } from "react"
import { completeSvcBalanceReturn, type CompleteSvcBalanceReturnOptions, type SvcBalanceReturnResult } from "../balance.js"
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
  const { sdk, orderId, paymentCollectionId, waitForPaymentMs, pollEveryMs } = props
  const state: SvcBalanceReturnState = useReturnOutcome(
    `${orderId}/${paymentCollectionId ?? ""}`,
    props.onResult,
    () => completeSvcBalanceReturn(sdk, { orderId, ...(paymentCollectionId ? { paymentCollectionId } : {}) }, { waitForPaymentMs, pollEveryMs }),
    [sdk, orderId, paymentCollectionId, waitForPaymentMs, pollEveryMs]
  )

  if (props.children) return <>{props.children(state)}</>
  return (
    <div className={`svc-kit svc-return svc-return--${state.kind}`} role="status">
      {state.kind === "loading" && <p>Confirming your payment…</p>}
      {state.kind === "paid" && <p>Payment received. Thank you! The balance of order #{state.order.display_id} is paid.</p>}
      {state.kind === "awaiting" && <p>svc is still confirming your payment for order #{state.order.display_id}. We will email you.</p>}
      {state.kind === "failed" && <p className="svc-error">Your payment did not go through: {state.reason}</p>}
    </div>
  )
}
