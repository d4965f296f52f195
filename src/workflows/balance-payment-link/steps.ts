import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  createOrUpdateOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
} from "@medusajs/core-flows"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import { say } from "../../lib/texts"
import { invalidData, unexpectedState } from "../../lib/svc-runtime/errors"
import {
  balanceOf,
  loadOrder,
  orderBalance,
  UNPAID,
  type PaymentLinkBody,
} from "./order-balance"

export type BalancePaymentLinkInput = PaymentLinkBody & { order_id: string }

export const checkBalanceRequestStepId = "svc-check-balance-request"

/**
 * Every check before anything is written or sent: the order can owe through svc (not
 * canceled, not a draft, MYR, no order change in progress, an amount in svc's range),
 * the method is enabled in its region, a named collection is this order's unpaid one.
 * Reads only: nothing to compensate. Answers the open link's checkout id (to tell a
 * reused link), if any.
 */
export const checkBalanceRequestStep = createStep(
  checkBalanceRequestStepId,
  async (input: BalancePaymentLinkInput, { container }) => {
    const loaded = await loadOrder(container, input.order_id)
    const before = balanceOf(loaded)
    if (before.refusal)
      throw invalidData(say("balance.refused", { refusal: before.refusal }))
    if (!before.providers.some((p) => p.id === input.provider_id)) {
      throw invalidData(
        say("balance.providerNotEnabled", {
          provider: input.provider_id,
          region: loaded.order.region_id ?? "(none)",
          enabled: before.providers.map((p) => p.id).join(", "),
        })
      )
    }
    if (input.payment_collection_id) {
      const named = (loaded.order.payment_collections ?? []).find(
        (c) => c?.id === input.payment_collection_id
      )
      if (!named)
        throw invalidData(
          say("balance.notOrdersCollection", {
            collection: input.payment_collection_id,
            order: input.order_id,
          })
        )
      if (!UNPAID.has(named.status))
        throw invalidData(
          say("balance.collectionNotUnpaid", {
            collection: named.id,
            status: named.status,
          })
        )
    }
    return new StepResponse({
      before_checkout_id: before.link?.checkout_id ?? null,
    })
  }
)

export const updateBalanceCollectionStepId = "svc-update-balance-collection"

/**
 * Medusa's createOrUpdateOrderPaymentCollectionWorkflow: the order's unpaid payment
 * collection gets Medusa's pending difference (or is created for it); answers its id.
 * A collection named in the request must be that one (400, nothing sent).
 *
 * No compensation: the collection now holds what the order really owes, true
 * whatever happens next; and once the svc checkout exists for that amount, putting
 * the old amount back would leave the collection short of the checkout it carries.
 */
export const updateBalanceCollectionStep = createStep(
  updateBalanceCollectionStepId,
  async (input: BalancePaymentLinkInput, { container }) => {
    const orderId = input.order_id
    const { result } = await createOrUpdateOrderPaymentCollectionWorkflow(
      container
    ).run({ input: { order_id: orderId } })
    // typed an array, but the update branch answers one collection
    const collection: { id: string } | undefined = Array.isArray(result)
      ? result[0]
      : result
    if (!collection?.id)
      throw unexpectedState(say("balance.noCollection", { order: orderId }))
    const asked = input.payment_collection_id
    if (asked && collection.id !== asked)
      throw invalidData(
        say("balance.otherCollection", {
          order: orderId,
          collection: collection.id,
          asked,
        })
      )
    return new StepResponse(collection.id)
  }
)

export const createBalanceSessionStepId = "svc-create-balance-session"

/**
 * Medusa's createPaymentSessionsWorkflow on the collection: the svc provider makes the
 * checkout (or adopts the open one for the same collection, method and amount).
 *
 * No compensation: the checkout exists at svc once this ran, and a link the buyer
 * may already hold (an adopted one) must stay payable and be captured when paid.
 */
export const createBalanceSessionStep = createStep(
  createBalanceSessionStepId,
  async (
    input: { collection_id: string; provider_id: string },
    { container }
  ) => {
    await createPaymentSessionsWorkflow(container).run({
      input: {
        payment_collection_id: input.collection_id,
        provider_id: input.provider_id,
        data: {},
      },
    })
    return new StepResponse(input.collection_id)
  }
)

export const readBalanceLinkStepId = "svc-read-balance-link"

/**
 * The order's balance as it now stands and the svc link the session made on the
 * collection (`reused`: the same checkout as before). A new link (a new svc checkout,
 * under the order's lock) emits `svc.payment_link.created` once; a link given again
 * emits nothing.
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
    const balance = await orderBalance(container, input.order_id)
    const link = balance.link
    if (!link || balance.payment_collection?.id !== input.collection_id)
      throw unexpectedState(
        say("balance.linkNotMade", { order: input.order_id })
      )
    const reused = input.before_checkout_id === link.checkout_id
    if (!reused)
      await emitSvcEvent(container, SvcEvents.PAYMENT_LINK_CREATED, {
        order_id: input.order_id,
        payment_collection_id: input.collection_id,
        payment_session_id: link.session_id,
        checkout_id: link.checkout_id,
      })
    return new StepResponse({ balance, link, reused })
  }
)
