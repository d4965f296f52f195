import { acquireLockStep, releaseLockStep } from "@medusajs/core-flows"
import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { BalanceLink } from "./order-balance"
import {
  checkBalanceRequestStep,
  createBalanceSessionStep,
  readBalanceLinkStep,
  updateBalanceCollectionStep,
  type BalancePaymentLinkInput,
} from "./steps"

export * from "./steps"

/** What a `balancePaymentLinkCreated` handler receives. */
export type BalancePaymentLinkCreatedData = {
  order_id: string
  /** The amount the link asks for, in sen (the order's outstanding balance). */
  amount_sen: number
  /** The link: checkout_url (to send to the buyer), checkout_id, expires_at, session_id, provider_id. */
  link: BalanceLink
  /** True when the open link was given again (no new svc checkout). */
  reused: boolean
}

export const createBalancePaymentLinkWorkflowId = "svc-balance-payment-link"
export const createBalancePaymentLinkWorkflowHooks = [
  "balancePaymentLinkCreated",
] as const

/**
 * An svc checkout link for an order's outstanding balance (after an order edit, an
 * exchange or claim with a difference due, a draft order converted unpaid): input
 * `{order_id, provider_id, payment_collection_id?}`, answer `{balance, link, reused}`.
 * One run per order at a time (Medusa's lock, 30 s to get it): checks, then Medusa's
 * own workflows put the balance on the unpaid collection and make the payment
 * session whose svc checkout is the link. Paid, the settle path captures it.
 *
 * Hook `balancePaymentLinkCreated` ({order_id, amount_sen, link, reused}), e.g. to
 * e-mail the link to the buyer. A handler that throws fails the run; the link stays.
 */
export const createBalancePaymentLinkWorkflow = createWorkflow(
  createBalancePaymentLinkWorkflowId,
  (input: WorkflowData<BalancePaymentLinkInput>) => {
    const lockKey = transform(
      { input },
      ({ input }) => `svc-balance:${input.order_id}`
    )
    // executeOnSubWorkflow: run inside a store's own workflow, the order is still locked
    acquireLockStep({
      key: lockKey,
      timeout: 30,
      ttl: 120,
      executeOnSubWorkflow: true,
    })
    const checked = checkBalanceRequestStep(input)
    const collectionId = updateBalanceCollectionStep(input)
    createBalanceSessionStep({
      collection_id: collectionId,
      provider_id: input.provider_id,
    })
    const made = readBalanceLinkStep({
      order_id: input.order_id,
      collection_id: collectionId,
      before_checkout_id: checked.before_checkout_id,
    })
    releaseLockStep({ key: lockKey, executeOnSubWorkflow: true })
    const created = transform(
      { input, made },
      ({ input, made }): BalancePaymentLinkCreatedData => ({
        order_id: input.order_id,
        amount_sen: made.link.amount_sen,
        link: made.link,
        reused: made.reused,
      })
    )
    const balancePaymentLinkCreated = createHook(
      "balancePaymentLinkCreated",
      created
    )
    return new WorkflowResponse(made, { hooks: [balancePaymentLinkCreated] })
  }
)
