import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { emitSvcEvent, SvcEvents } from "../../../lib/events/svc-events"
import { readBalanceLink } from "../order-balance"

export const readBalanceLinkStepId = "svc-read-balance-link"

/**
 * The order's balance as it now stands and the svc link on the collection (`reused`: the
 * same checkout as before). A new link (a new svc checkout, under the order's lock) emits
 * `svc.payment_link.created` once; a link given again emits nothing.
 */
export const readBalanceLinkStep = createStep(
  readBalanceLinkStepId,
  async (
    input: {
      order_id: string
      collection_id: string
      before_checkout_id: string | null
    },
    { container }
  ) => {
    const made = await readBalanceLink(
      container,
      input.order_id,
      input.collection_id,
      input.before_checkout_id
    )
    if (!made.reused) {
      await emitSvcEvent(container, SvcEvents.PAYMENT_LINK_CREATED, {
        order_id: input.order_id,
        payment_collection_id: input.collection_id,
        payment_session_id: made.link.session_id,
        checkout_id: made.link.checkout_id,
      })
    }
    return new StepResponse(made)
  }
)
