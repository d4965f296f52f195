import {
  completeSvcReturn,
  type CompleteSvcReturnOptions,
  type SvcReturnResult,
} from "../return.js"
import { svcPaymentReference } from "../providers.js"
import { ReturnStatus, type ReturnPageProps } from "./return-status.js"
import { useReturnOutcome } from "./use-return-outcome.js"

/**
 * `placing` comes while the kit still works (the payment is in, the order is late) and may
 * be the outcome too; `placing` then `paid` is the usual path after a server stopped mid-order.
 */
export type SvcReturnState = { kind: "loading" } | SvcReturnResult

/** With `locale` and `messages` (the language, default the page's `<html lang>`), as `completeSvcReturn` takes them. */
export type SvcReturnProps = CompleteSvcReturnOptions &
  ReturnPageProps<SvcReturnResult> & {
    /** The cart id from the return URL (`?cart_id=`): the cart cookie may not survive the redirect. */
    cartId: string
  }

/** The sentences of its paid and awaiting states. */
const SAID = { paid: "paid", awaiting: "awaiting" } as const

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

  return <ReturnStatus {...props} state={state} said={SAID} />
}
