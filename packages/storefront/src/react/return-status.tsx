import type { ReactNode } from "react"
import type { SvcMessageKey } from "../i18n/en.js"
import { svcText, type SvcTextOptions } from "../i18n/text.js"
import type { StoreOrder } from "../return.js"
import type { StoreSdk } from "../sdk.js"

/** A return page's props beside its ids and options; `R` its outcome. */
export type ReturnPageProps<R> = {
  sdk: StoreSdk
  /** Render each state yourself; without it a short default is shown. */
  children?: (state: { kind: "loading" } | R) => ReactNode
  /** Called once with the outcome (e.g. to clear the stored cart id when paid or awaiting). */
  onResult?: (result: R) => void
}

/** What a return page shows: loading, its outcome, or a state on the way. */
type ReturnShown =
  | { kind: "loading" | "placing"; paymentReference?: string | null }
  | {
      kind: "paid" | "awaiting"
      order: StoreOrder
      paymentReference?: string | null
    }
  | { kind: "failed"; reason: string }

/**
 * A return page's body for `state` (`children` renders it instead) in the
 * page's language (`locale`, `messages`): a live region with the state's sentence (`said`: the paid and awaiting ones, naming
 * the order) and, when known, the payment reference svc's page showed.
 */
export function ReturnStatus<S extends ReturnShown>({
  state,
  said,
  children,
  locale,
  messages,
}: SvcTextOptions & {
  state: S
  said: Record<"paid" | "awaiting", SvcMessageKey>
  children?: (state: S) => ReactNode
}) {
  if (children) return <>{children(state)}</>
  const text = svcText({ locale, messages })
  const shown: ReturnShown = state
  return (
    <div
      className={`svc-kit svc-return svc-return--${shown.kind}`}
      role="status"
    >
      {shown.kind === "loading" && <p>{text.t("confirming")}</p>}
      {(shown.kind === "paid" || shown.kind === "awaiting") && (
        <p>
          {text.t(said[shown.kind], { order: String(shown.order.display_id) })}
        </p>
      )}
      {shown.kind === "placing" && <p>{text.t("placing")}</p>}
      {shown.kind !== "failed" && shown.paymentReference && (
        <p>
          {text.t("reference")}{" "}
          <span className="svc-payment-reference">
            {shown.paymentReference}
          </span>
        </p>
      )}
      {shown.kind === "failed" && (
        <p className="svc-error">
          {text.t("notThrough", { reason: shown.reason })}
        </p>
      )}
    </div>
  )
}
