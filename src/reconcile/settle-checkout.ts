import {
  ContainerRegistrationKeys,
  Modules,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/core-flows"
import { fromSen, toSen } from "../svc"
import { verifiedSessionOf, type SvcCheckoutRead } from "../providers/svc/core/keys"
import { failureReason, FINAL_UNPAID } from "../providers/svc/core/status"
import { svcFromContainer } from "../providers/svc/core/config-lookup"
import { SVC_MODULE } from "../modules/svc"
import type SvcModuleService from "../modules/svc/service"

export type { SvcCheckoutRead }

export type SettleOutcome =
  | "captured"
  | "already_settled"
  | "failed_session"
  | "order_canceled"
  | "order_flagged"
  | "attention_refund"
  | "pending"
  | "foreign"
  | "ignored"

type Container = { resolve: <T = unknown>(k: string) => T }
type Logger = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void }

/**
 * The one path that turns a checkout read from svc into Medusa state, used by
 * the webhook subscriber and the reconciliation job alike.
 *
 * - COMPLETED for the session's current checkout and amount: captured through
 *   Medusa's own processPaymentWorkflow (the job calls it; for a webhook the core
 *   subscriber does). Paid but the order was canceled, the cart was paid another
 *   way, or the checkout is not the session's current one: flagged for a refund
 *   on the svc_checkout row (visible to admins), never dropped.
 * - FAILED, CANCELLED, REJECTED or expired: the session goes to `error` with
 *   the reason (Medusa's core ignores failed webhooks, medusajs/medusa#16398),
 *   so the cart can be paid again; an order already placed awaiting payment is
 *   canceled or flagged (option `failedPaymentOrder`).
 */
export async function settleCheckout(
  container: Container,
  c: SvcCheckoutRead,
  source: "webhook" | "job"
): Promise<SettleOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const svc = svcFromContainer(container)
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const query = container.resolve<{ graph: (q: unknown) => Promise<{ data: any[] }> }>(ContainerRegistrationKeys.QUERY)
  const paymentModule = container.resolve<any>(Modules.PAYMENT)

  const t = verifiedSessionOf(svc.options.apiKey, c)
  if (!t) {
    logger.warn(`svc: checkout ${c.checkoutId} carries a title this store did not make; ignored`)
    return "foreign"
  }

  const expired = !["COMPLETED", ...FINAL_UNPAID].includes(c.status) && Date.parse(c.expiresAt) <= Date.now()
  const ledgerStatus = expired && c.status !== "FAILED" ? "EXPIRED" : c.status
  const reason = c.status === "COMPLETED" ? null : failureReason(c.status, expired)
  await recordLedger(svcModule, c, ledgerStatus, source, reason)

  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "amount", "raw_amount", "status", "data", "payment_collection_id", "provider_id"],
    filters: { id: t.sessionId },
  })
  const session = sessions[0]
  const sessionData = (session?.data ?? {}) as Record<string, unknown>
  const isCurrent = !!session && sessionData.checkoutId === c.checkoutId
  const amountMatches = !!session && toSen(session.raw_amount?.value ?? session.amount) === Number(c.amount)

  const ctx = session ? await cartAndOrder(query, session.payment_collection_id, session.id) : { cartId: undefined, order: undefined, otherPaid: false }

  if (c.status === "COMPLETED") {
    if (!session || !isCurrent || !amountMatches) {
      await flag(svcModule, c.checkoutId, "refund_required", "Paid a checkout that is no longer this cart's current payment (amount or session changed); refund the buyer or reconcile by hand.")
      return "attention_refund"
    }
    if (ctx.order?.status === "canceled") {
      await flag(svcModule, c.checkoutId, "refund_required", `Paid after order ${ctx.order.id} was canceled; refund the buyer.`, ctx.order.id)
      return "attention_refund"
    }
    if (ctx.otherPaid) {
      await flag(svcModule, c.checkoutId, "refund_required", "The cart was already paid with another payment session; refund the buyer.")
      return "attention_refund"
    }
    if (session.status === PaymentSessionStatus.CAPTURED || session.status === PaymentSessionStatus.AUTHORIZED) {
      return "already_settled"
    }
    if (source === "job") {
      await processPaymentWorkflow(container as never).run({
        input: { action: PaymentActions.SUCCESSFUL, data: { session_id: session.id, amount: fromSen(Number(c.amount)) } },
      })
      return "captured"
    }
    return "captured" // the core webhook subscriber runs processPaymentWorkflow
  }

  if (FINAL_UNPAID.has(c.status) || expired) {
    if (!session || !isCurrent) return "ignored"
    if (session.status === PaymentSessionStatus.CAPTURED || session.status === PaymentSessionStatus.AUTHORIZED) return "ignored"
    if (session.status !== PaymentSessionStatus.ERROR) {
      await paymentModule.updatePaymentSessions({
        id: session.id,
        status: PaymentSessionStatus.ERROR,
        data: { ...sessionData, svcStatus: ledgerStatus, failureReason: reason },
      })
    }
    if (ctx.order && ctx.order.status !== "canceled") {
      const o = ctx.order
      if (svc.options.failedPaymentOrder === "cancel") {
        try {
          await cancelOrderWorkflow(container as never).run({ input: { order_id: o.id } as never })
          await flag(svcModule, c.checkoutId, "order_canceled", `Order ${o.id} was canceled: ${reason}`, o.id)
          return "order_canceled"
        } catch (e) {
          // Two events for one checkout can settle at once: if the other run
          // canceled the order meanwhile, that is the outcome, not a flag.
          // (It may still be committing: look a few times before flagging.)
          for (let i = 0; i < 6; i++) {
            const { data: now } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: o.id } })
            if (now[0]?.status === "canceled") return "order_canceled"
            await new Promise((r) => setTimeout(r, 300))
          }
          logger.warn(`svc: could not cancel order ${o.id} after its payment failed: ${(e as Error).message}; flagging it instead`)
        }
      }
      const orderModule = container.resolve<any>(Modules.ORDER)
      await orderModule.updateOrders({ id: o.id, metadata: { ...(o.metadata ?? {}), svc_payment_failed: reason, svc_checkout_id: c.checkoutId } })
      await flag(svcModule, c.checkoutId, "payment_failed_after_order", `Order ${o.id} was placed awaiting payment, and the payment ${ledgerStatus.toLowerCase()}: ${reason}`, o.id)
      return "order_flagged"
    }
    return "failed_session"
  }
  return "pending"
}

async function cartAndOrder(
  query: { graph: (q: unknown) => Promise<{ data: any[] }> },
  paymentCollectionId: string,
  sessionId: string
): Promise<{ cartId?: string; order?: { id: string; status: string; metadata?: Record<string, unknown> }; otherPaid: boolean }> {
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const cartId = links[0]?.cart_id as string | undefined
  const { data: pcs } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "payments.id", "payments.payment_session_id", "payments.captured_at", "payments.canceled_at"],
    filters: { id: paymentCollectionId },
  })
  // The cart was paid through another session of the same collection.
  const payments = (pcs[0]?.payments ?? []) as { payment_session_id?: string; canceled_at?: string | null }[]
  const otherPaid = payments.some((p) => p.payment_session_id && p.payment_session_id !== sessionId && !p.canceled_at)
  if (!cartId) return { otherPaid }
  const { data: oc } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  const orderId = oc[0]?.order_id as string | undefined
  if (!orderId) return { cartId, otherPaid }
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status", "metadata"], filters: { id: orderId } })
  return { cartId, order: orders[0], otherPaid }
}

async function recordLedger(
  svcModule: SvcModuleService,
  c: SvcCheckoutRead,
  status: string,
  source: string,
  reason: string | null
): Promise<void> {
  const [row] = await svcModule.listSvcCheckouts({ checkout_id: c.checkoutId }, { take: 1 })
  if (!row) return
  if (row.status === status) return
  const final = ["COMPLETED", "FAILED", "CANCELLED", "REJECTED", "EXPIRED"]
  if (final.includes(row.status)) return // a final status is never overwritten (PROCESSING after COMPLETED)
  const history = (row.status_history as { entries?: unknown[] })?.entries ?? []
  await svcModule.updateSvcCheckouts({
    id: row.id,
    status,
    paid_at: c.paidAt ? new Date(c.paidAt) : row.paid_at,
    tx_hash: c.txHash ?? row.tx_hash,
    failure_reason: reason ?? row.failure_reason,
    status_history: { entries: [...history, { status, at: new Date().toISOString(), source }] },
  })
}

async function flag(
  svcModule: SvcModuleService,
  checkoutId: string,
  attention: string,
  reason: string,
  orderId?: string
): Promise<void> {
  const [row] = await svcModule.listSvcCheckouts({ checkout_id: checkoutId }, { take: 1 })
  if (!row) return
  await svcModule.updateSvcCheckouts({
    id: row.id,
    attention,
    attention_reason: reason,
    ...(orderId ? { order_id: orderId } : {}),
  })
}
