import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { settleCheckoutEvent } from "../reconcile/settle-checkout"
import { SVC_WEBHOOK_EVENT } from "../svc-account/events"
import { SVC_MODULE } from "../modules/svc"
import type SvcModuleService from "../modules/svc/service"
import { refreshPayout } from "../refunds/track-payout"
import { refreshWithdrawal } from "../settlements/withdrawals"
import { isInboxEvent, receiveInboxEvent } from "../svc-admin/inbox"
import { WebhookSpacing } from "../shared/webhook-spacing"
import { OPEN } from "../svc-account/status"

/** Webhook-triggered settlements of one checkout start at least 2 s apart (forged floods cost one svc read per 2 s). */
const spacing = new WebhookSpacing(2000)

type WebhookInput = { provider?: string; receivedAt?: number; payload?: { data?: Record<string, unknown>; rawData?: unknown; headers?: Record<string, unknown> } }

/**
 * svc's `checkout.updated` arrives at POST /hooks/svc (src/api/hooks/svc), or at
 * Medusa's /hooks/payment/svc-…_svc (5 s later: Medusa delays those). The
 * plugin owns this path end to end (README, Architecture: "The webhook path"):
 * the providers' getWebhookActionAndData answers not_supported, so Medusa's
 * core subscriber starts no processPaymentWorkflow of its own, and this
 * subscriber logs the event and settles the checkout once per final status,
 * serialized per checkout (src/reconcile/settle-checkout.ts): a settled
 * checkout or an open-status event costs no svc call and takes no lock;
 * otherwise one shared read of svc (the body is never trusted), then one
 * capture through processPaymentWorkflow, or the failure applied to the
 * session and the order. `payout.*` events (refunds) update the payout
 * request (src/refunds/track-payout.ts), `wallet.withdrawal.updated` the
 * settlement.
 */
export default async function svcPaymentWebhook({ event, container }: SubscriberArgs<WebhookInput>) {
  const input = event.data
  const provider = String(input?.provider ?? "")
  if (provider !== "svc" && !/^(pp_)?svc-(wallet|fpx|fpx-direct)_/.test(provider)) return

  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  const body = (input.payload?.data ?? {}) as Record<string, unknown>
  const inner = (body.data && typeof body.data === "object" ? body.data : body) as Record<string, unknown>
  const eventType = typeof body.type === "string" ? body.type : typeof body.event === "string" ? body.event : null
  const checkoutId = typeof inner.checkoutId === "string" ? inner.checkoutId : null
  const eventId = typeof body.id === "string" ? body.id : null

  // Deposits, transfers started by deposits, prefund top-ups: the inbox
  // (src/svc-admin/inbox.ts), one row per event, the resource re-read from svc.
  if (isInboxEvent(eventType)) {
    await receiveInboxEvent(container as never, body)
    return
  }

  // payout.created / payout.updated (svc's PAYOUT webhook endpoint points at the
  // same URL): refunds sent as payouts. wallet.withdrawal.updated: settlements.
  // Both are re-read from svc, never trusted.
  const tracked =
    eventType && /^payout\.(created|updated)$/.test(eventType)
      ? { kind: "payout", id: inner.payoutId, refresh: refreshPayout }
      : eventType === "wallet.withdrawal.updated"
        ? { kind: "withdrawal", id: inner.id, refresh: refreshWithdrawal }
        : null
  if (tracked) {
    const resourceId = typeof tracked.id === "string" ? tracked.id : null
    const tlog = await svcModule.createSvcWebhookEvents({
      event_id: eventId,
      event_type: eventType,
      resource_id: resourceId,
      provider,
      outcome: "received",
      payload: { type: eventType, [`${tracked.kind}Id`]: resourceId, status: typeof inner.status === "string" ? inner.status : null },
    })
    if (!resourceId || !/^[0-9a-f-]{36}$/i.test(resourceId)) {
      await svcModule.updateSvcWebhookEvents({ id: tlog.id, outcome: "not_supported", detail: `no ${tracked.kind} id` })
      return
    }
    try {
      await svcModule.updateSvcWebhookEvents({ id: tlog.id, outcome: await tracked.refresh(container as never, resourceId, "webhook") })
    } catch (e) {
      const o = e as { status?: number; code?: string; message?: string }
      await svcModule.updateSvcWebhookEvents({
        id: tlog.id,
        outcome: o.status === 404 ? `unknown_${tracked.kind}` : "svc_unreachable",
        detail: `${o.status ?? ""} ${o.code ?? ""} ${o.message ?? ""}`.trim().slice(0, 500),
      })
      if (o.status !== 404) throw e // the event bus retries; the job is the backstop
    }
    return
  }

  const log = await svcModule.createSvcWebhookEvents({
    event_id: eventId,
    event_type: eventType,
    resource_id: checkoutId,
    provider,
    outcome: "received",
    payload: { type: eventType, checkoutId, status: typeof inner.status === "string" ? inner.status : null },
  })

  if ((eventType && eventType !== "checkout.updated") || !checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) {
    await svcModule.updateSvcWebhookEvents({ id: log.id, outcome: "not_supported", detail: "not a checkout.updated with a checkout id" })
    return
  }

  const hint = typeof inner.status === "string" ? inner.status : null
  const startedAt = Date.now()
  try {
    // an open-status event costs no svc read: no need to space it
    const settle = () => settleCheckoutEvent(container as never, checkoutId, hint)
    const { outcome, svcStatus, timing: steps } = await (hint && OPEN.has(hint) ? settle() : spacing.run(checkoutId, settle))
    const receivedAt = typeof input.receivedAt === "number" ? input.receivedAt : null
    const timing = `${receivedAt ? `waited ${startedAt - receivedAt} ms, ` : ""}settled in ${Date.now() - startedAt} ms${steps ? `: ${steps}` : ""}`
    await svcModule.updateSvcWebhookEvents({ id: log.id, outcome, detail: svcStatus ? `svc status ${svcStatus}` : hint ? `event says ${hint}` : null })
    if (outcome !== "already_settled" && outcome !== "open_status_noted") {
      logger.info(`svc: webhook for checkout ${checkoutId}: ${svcStatus ? `svc says ${svcStatus}, ` : ""}outcome ${outcome} (${timing})`)
    }
  } catch (e) {
    const o = e as { status?: number; code?: string; message?: string }
    await svcModule.updateSvcWebhookEvents({
      id: log.id,
      outcome: o.status === 404 ? "unknown_checkout" : o.status ? "svc_unreachable" : "error",
      detail: `${o.status ?? ""} ${o.code ?? ""} ${o.message ?? ""}`.trim().slice(0, 500),
    })
    if (o.status === 404) return
    throw e // the event bus retries; the watcher and the reconciliation job are the backstop
  }
}

export const config: SubscriberConfig = {
  // POST /hooks/svc (no delay) and Medusa's /hooks/payment/svc-…_svc (5 s delay).
  event: [SVC_WEBHOOK_EVENT, PaymentWebhookEvents.WebhookReceived],
  context: { subscriberId: "svc-payment-webhook" },
}
