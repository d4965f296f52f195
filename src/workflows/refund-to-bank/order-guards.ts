import type { Container } from "../../lib/svc-admin/context"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromSen } from "../../client"
import { amountsOf, type AmountRows, totalSen } from "../../lib/money/sen-sums"
import { say } from "../../lib/texts"
import { invalidData, notAllowed } from "../../lib/svc-runtime/errors"
import { activeOrderChange, graphOne } from "../../lib/medusa-data/medusa-reads"

/** What refuseCancelWithSvcMoney reads of an order (Query's fields below). */
type OrderMoney = {
  payment_collections?:
    | ({
        payments?:
          | ({
              provider_id: string
              captures?: AmountRows
              refunds?: AmountRows
            } | null)[]
          | null
      } | null)[]
    | null
}

export const SVC_PROVIDER_RE = /^pp_svc-(wallet|fpx|fpx-direct)_/

/**
 * Cancelling an order whose captured svc money is not all refunded would make
 * Medusa record a refund that svc never paid (cancelOrderWorkflow refunds
 * captured payments through the provider, which cannot name a bank account,
 * and swallows its refusal). Refused before anything changes, with the way out.
 */
export async function refuseCancelWithSvcMoney(
  container: Container,
  orderId: string
): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // each payment's provider, and the amounts of its captures and its refunds
  const paid = ["captures", "refunds"].flatMap((m) => [
    `${m}.raw_amount`,
    `${m}.amount`,
  ])
  const order = await graphOne<OrderMoney>(query, "order", orderId, [
    "id",
    ...["provider_id", ...paid].map((f) => `payment_collections.payments.${f}`),
  ])
  // what svc captured and what Medusa shows refunded, per svc payment, each total rounded once
  // (src/lib/money/sen-sums.ts): what svc was paid, what its payouts add up to
  const payments = (order?.payment_collections ?? [])
    .flatMap((c) => c?.payments ?? [])
    .flatMap((p) => (p && SVC_PROVIDER_RE.test(p.provider_id) ? [p] : []))
    .map((p) => ({
      captured: totalSen(amountsOf(p.captures)),
      refunded: totalSen(amountsOf(p.refunds)),
    }))
  const sum = (f: (p: (typeof payments)[number]) => number) =>
    payments.reduce((n, p) => n + f(p), 0)
  const left = sum((p) => Math.max(0, p.captured - p.refunded))
  if (left <= 0) return
  throw notAllowed(
    say("refund.cancelFirst", {
      order: orderId,
      left: fromSen(left),
      captured: fromSen(sum((p) => p.captured)),
      refunded: fromSen(sum((p) => p.refunded)),
    })
  )
}

/**
 * What Medusa's refundPaymentWorkflow would refuse only after the provider
 * sent the payout (its credit-line step runs after refundPaymentStep): a
 * canceled order (`orderStatus`, read with the payment), or an order change in
 * progress. Checked before any payout.
 */
export async function refuseRefundMedusaWouldReject(
  container: Container,
  {
    orderId,
    orderStatus,
  }: { orderId: string | null; orderStatus: string | null }
): Promise<void> {
  if (!orderId) return
  if (orderStatus === "canceled") {
    throw invalidData(say("refund.orderCanceled", { order: orderId }))
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const c = await activeOrderChange(query, orderId)
  if (c) {
    throw invalidData(
      say("refund.orderChanging", {
        order: orderId,
        change: c.change_type ?? "change",
        id: c.id,
        status: c.status,
      })
    )
  }
}
