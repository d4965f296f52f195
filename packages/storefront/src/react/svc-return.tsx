import type { ReactNode } from "react"
import {
  completeSvcReturn,
  type CompleteSvcReturnOptions,
  type SvcReturnResult,
} from "../return.js"
import { svcText } from "../i18n/text.js"
import { svcPaymentReference } from "../providers.js"
import type { StoreSdk } from "../sdk.js"
import { useReturnOutcome } from "./use-return-outcome.js"

/**
 * `placing` comes while the kit still works (the payment is in, the order is late) and may
 * be the outcome too; `placing` then `paid` is the usual path after a server stopped mid-order.
 */
export type SvcReturnState = { kind: "loading" } | SvcReturnResult

/** With `locale` and `messages` (the language, default the page's `<html lang>`), as `completeSvcReturn` takes them. */
export type SvcReturnProps = CompleteSvcReturnOptions & {
  sdk: StoreSdk
  /** The cart id from the return URL (`?cart_id=`): the cart cookie may not survive the redirect. */
  cartId: string
  /** Render each state yourself; without it a short default is shown. */
  children?: (state: SvcReturnState) => ReactNode
  /** Called once with the outcome (e.g. to clear the stored cart id when paid or awaiting). */
  onResult?: (result: SvcReturnResult) => void
}

/**
 * The return page's body: completes the cart once (`completeSvcReturn`) and
 * renders loading, paid, awaiting (order placed, payment processing), placing
 * (payment received, the order being placed: shown as soon as it is known, and
 * kept until the order comes) or failed (the reason; the cart can be paid
 * again). A received payment is never shown as failed. Never cancels anything.
 * Placed or paid, it shows the payment reference svc's page showed the shopper.
 */
export function SvcReturn(props: SvcReturnProps) {
  const {
    sdk,
    cartId,
    waitForPaymentMs,
    pollEveryMs,
    waitForOrderMs,
    locale,
    messages,
  } = props
  const text = svcText({ locale, messages })
  const state: SvcReturnState = useReturnOutcome(
    cartId,
    props.onResult,
    (show) =>
      completeSvcReturn(sdk, cartId, {
        waitForPaymentMs,
        pollEveryMs,
        waitForOrderMs,
        locale,
        messages,
        onPlacing: (cart) =>
          show({
            kind: "placing",
            cart,
            paymentReference: svcPaymentReference(cart),
          }),
      }),
    [sdk, cartId, waitForPaymentMs, pollEveryMs, waitForOrderMs, locale]
  )

  if (props.children) return <>{props.children(state)}</>
  return (
    <div
      className={`svc-kit svc-return svc-return--${state.kind}`}
      role="status"
    >
      {state.kind === "loading" && <p>{text.t("confirming")}</p>}
      {state.kind === "paid" && (
        <p>{text.t("paid", { order: String(state.order.display_id) })}</p>
      )}
      {state.kind === "awaiting" && (
        <p>{text.t("awaiting", { order: String(state.order.display_id) })}</p>
      )}
      {state.kind === "placing" && <p>{text.t("placing")}</p>}
      {(state.kind === "paid" ||
        state.kind === "awaiting" ||
        state.kind === "placing") &&
        state.paymentReference && (
          <p>
            {text.t("reference")}{" "}
            <span className="svc-payment-reference">
              {state.paymentReference}
            </span>
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
