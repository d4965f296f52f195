import {
  completeSvcBalanceReturn,
  type CompleteSvcBalanceReturnOptions,
  type SvcBalanceReturnResult,
} from "../balance.js"
import { ReturnStatus, type ReturnPageProps } from "./return-status.js"
import { useReturnOutcome } from "./use-return-outcome.js"

export type SvcBalanceReturnState = { kind: "loading" } | SvcBalanceReturnResult

export type SvcBalanceReturnProps = CompleteSvcBalanceReturnOptions &
  ReturnPageProps<SvcBalanceReturnResult> & {
    /** `order_id` from the return URL (`balanceReturnParams(location.search)`). */
    orderId: string
    /** `payment_collection_id` from the return URL. */
    paymentCollectionId?: string
  }

/** The sentences of its paid and awaiting states. */
const SAID = { paid: "balanceIsPaid", awaiting: "balanceAwaiting" } as const

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

  return <ReturnStatus {...props} state={state} said={SAID} />
}
