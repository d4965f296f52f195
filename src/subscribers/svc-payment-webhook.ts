import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ContainerRegistrationKeys,
  PaymentWebhookEvents,
} from "@medusajs/framework/utils"
import { settleCheckoutEvent } from "../workflows/settle-checkout"
import { SVC_WEBHOOK_EVENT } from "../lib/svc-runtime/events"
import { SVC_MODULE } from "../modules/svc"
import type SvcModuleService from "../modules/svc/service"
import { trackPayout } from "../workflows/track-payout"
import { trackWithdrawal } from "../workflows/withdraw"
import { isInboxEvent, receiveInboxEvent } from "../api/hooks/svc/inbox"
import { WebhookSpacing } from "../api/hooks/svc/spacing"
import {
  CAPS,
  capEventId,
  capText,
  countUnknownEventType,
  pruneWebhookLogs,
} from "../api/hooks/svc/guard"
import { isKnownWebhookEventType } from "../api/hooks/svc/webhook-guard"
import { OPEN } from "../lib/svc-runtime/status"
import { svcInstruments } from "../client/telemetry"
import { english, say } from "../lib/texts"

/**
 * Webhook-triggered reads of one checkout, payout or withdrawal: one in flight
 * and starts at least 2 s apart (forged floods cost one svc read per 2 s per
 * id the store knows, and none for an id it does not).
 */
const spacing = new WebhookSpacing(2000)
const UUID_LIKE = /^[0-9a-f-]{36}$/i

type WebhookInput = {
  provider?: string
  receivedAt?: number
  payload?: {
    data?: Record<string, unknown>
    rawData?: unknown
    headers?: Record<string, unknown>
  }
}

/**
 * svc's `checkout.updated` arrives at POST /hooks/svc (src/api/hooks/svc), or at
 * Medusa's /hooks/payment/svc-…_svc (5 s later: Medusa delays those). The
 * plugin owns this path end to end (docs/architecture.md: "The plugin owns the webhook path"):
 * the providers' getWebhookActionAndData answers not_supported, so Medusa's
 * core subscriber starts no processPaymentWorkflow of its own, and this
 * subscriber logs the event and settles the checkout once per final status,
 * serialized per checkout (src/workflows/settle-checkout): a settled
 * checkout or an open-status event costs no svc call and takes no lock;
 * otherwise one shared read of svc (the body is never trusted), then one
 * capture recorded in Medusa and the cart completed, or the failure applied to the
 * session and the order. `payout.*` events (refunds) update the payout
 * request (src/workflows/refund-to-bank/track-payout.ts), `wallet.withdrawal.updated` the
 * settlement.
 */
export default async function svcPaymentWebhook({
  event,
  container,
}: SubscriberArgs<WebhookInput>) {
  const input = event.data
  const provider = String(input?.provider ?? "")
  if (
    provider !== "svc" &&
    !/^(pp_)?svc-(wallet|fpx|fpx-direct)_/.test(provider)
  )
    return

  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const svcModule = container.resolve<SvcModuleService>(SVC_MODULE)
  await pruneWebhookLogs(container) // at most once an hour per process
  const body = (input.payload?.data ?? {}) as Record<string, unknown>
  const inner = (
    body.data && typeof body.data === "object" ? body.data : body
  ) as Record<string, unknown>
  const rawType =
    typeof body.type === "string"
      ? body.type
      : typeof body.event === "string"
        ? body.event
        : null
  // A type svc does not send to this URL is counted (per type, bounded), never stored per event.
  if (rawType !== null && !isKnownWebhookEventType(rawType)) {
    await countUnknownEventType(container, rawType)
    return
  }
  const eventType = rawType
  const checkoutId = capText(inner.checkoutId, CAPS.resourceId)
  const eventId = capEventId(body.id)
  const statusOf = () => capText(inner.status, CAPS.status)

  // Deposits, transfers started by deposits, prefund top-ups: the inbox
  // (src/api/hooks/svc/inbox.ts), one row per event, the resource re-read from svc.
  if (isInboxEvent(eventType)) {
    await receiveInboxEvent(container, body)
    return
  }

  // payout.created / payout.updated (svc's PAYOUT webhook endpoint points at the
  // same URL): refunds sent as payouts. wallet.withdrawal.updated: settlements.
  // Both are re-read from svc, never trusted; an id this store never made is
  // dropped without a call, and one it made is read once at a time, 2 s apart.
  const tracked =
    eventType && /^payout\.(created|updated)$/.test(eventType)
      ? { kind: "payout" as const, id: inner.payoutId, refresh: trackPayout }
      : eventType === "wallet.withdrawal.updated"
        ? {
            kind: "withdrawal" as const,
            id: inner.id,
            refresh: trackWithdrawal,
          }
        : null
  if (tracked) {
    const resourceId = capText(tracked.id, CAPS.resourceId)
    const record = (outcome: string, detail: string | null = null) =>
      svcModule.logWebhookEvent({
        event_id: eventId,
        event_type: eventType,
        resource_id: resourceId,
        provider,
        outcome,
        detail,
        payload: {
          type: eventType,
          [`${tracked.kind}Id`]: resourceId,
          status: statusOf(),
        },
      })
    if (!resourceId || !UUID_LIKE.test(resourceId)) {
      await record(
        "not_supported",
        english(
          say(
            tracked.kind === "payout"
              ? "event.noPayoutId"
              : "event.noWithdrawalId"
          )
        )
      )
      countWebhook("not_supported")
      return
    }
    const known =
      tracked.kind === "payout"
        ? (
            await svcModule.listSvcPayouts(
              { payout_id: resourceId },
              { take: 1, select: ["id"] }
            )
          ).length > 0
        : (
            await svcModule.listSvcWithdrawals(
              { withdrawal_id: resourceId },
              { take: 1, select: ["id"] }
            )
          ).length > 0
    if (!known) {
      await record(
        `unknown_${tracked.kind}`,
        english(
          say(
            tracked.kind === "payout"
              ? "event.notOurPayout"
              : "event.notOurWithdrawal"
          )
        )
      )
      countWebhook(`unknown_${tracked.kind}`)
      return
    }
    const tlog = await record("received")
    try {
      const outcome = await spacing.run(`${tracked.kind}:${resourceId}`, () =>
        tracked.refresh(container, resourceId, "webhook")
      )
      await svcModule.setWebhookOutcome(tlog.id, outcome, null)
      countWebhook(outcome)
    } catch (e) {
      const o = e as { status?: number; code?: string; message?: string }
      const outcome =
        o.status === 404 ? `unknown_${tracked.kind}` : "svc_unreachable"
      await svcModule.setWebhookOutcome(
        tlog.id,
        outcome,
        `${o.status ?? ""} ${o.code ?? ""} ${o.message ?? ""}`
          .trim()
          .slice(0, 500)
      )
      countWebhook(outcome)
      if (o.status !== 404) throw e // the event bus retries; the job is the backstop
    }
    return
  }

  const logRow = (outcome: string, detail: string | null = null) =>
    svcModule.logWebhookEvent({
      event_id: eventId,
      event_type: eventType,
      resource_id: checkoutId,
      provider,
      outcome,
      detail,
      payload: { type: eventType, checkoutId, status: statusOf() },
    })

  if (
    (eventType && eventType !== "checkout.updated") ||
    !checkoutId ||
    !UUID_LIKE.test(checkoutId)
  ) {
    await logRow("not_supported", "not a checkout.updated with a checkout id")
    countWebhook("not_supported")
    return
  }
  // A checkout this store never made: dropped at once, one indexed read of the
  // ledger, no svc call, no lock, no spacing slot (settleCheckoutEvent checks it too).
  const known = await svcModule.checkouts.byCheckoutId(checkoutId)
  if (!known) {
    await logRow(
      "unknown_checkout",
      "not a checkout this store made: dropped, svc not asked"
    )
    countWebhook("unknown_checkout")
    return
  }
  // A final status once applied stays applied (settled_status is never cleared): a replay, or
  // a late event for a settled checkout, needs no workflow either.
  if (known.settled_status) {
    await logRow("already_settled", `svc status ${known.settled_status}`)
    countWebhook("already_settled")
    return
  }
  const hint = statusOf()
  // An event that says the checkout is still open can only mean "do nothing" (its body is
  // untrusted): logged with its outcome in one write, and no settle workflow is started
  // (no lock, no svc read, no hook run). A store running the workflow itself with such a
  // hint gets the same answer from its find step.
  if (hint && OPEN.has(hint)) {
    await logRow("open_status_noted", `event says ${hint}`)
    countWebhook("open_status_noted")
    return
  }
  const log = await logRow("received")

  const startedAt = Date.now()
  try {
    const {
      outcome,
      svc_status: svcStatus,
      timing: steps,
    } = await spacing.run(checkoutId, () =>
      settleCheckoutEvent(container, checkoutId, hint, "webhook")
    )
    const receivedAt =
      typeof input.receivedAt === "number" ? input.receivedAt : null
    const timing = `${receivedAt ? `waited ${startedAt - receivedAt} ms, ` : ""}settled in ${Date.now() - startedAt} ms${steps ? `: ${steps}` : ""}`
    await svcModule.setWebhookOutcome(
      log.id,
      outcome,
      svcStatus ? `svc status ${svcStatus}` : hint ? `event says ${hint}` : null
    )
    countWebhook(outcome)
    if (outcome !== "already_settled" && outcome !== "open_status_noted") {
      logger.info(
        `svc: webhook for checkout ${checkoutId}: ${svcStatus ? `svc says ${svcStatus}, ` : ""}outcome ${outcome} (${timing})`
      )
    }
  } catch (e) {
    const o = e as { status?: number; code?: string; message?: string }
    const outcome =
      o.status === 404
        ? "unknown_checkout"
        : o.status
          ? "svc_unreachable"
          : "error"
    await svcModule.setWebhookOutcome(
      log.id,
      outcome,
      `${o.status ?? ""} ${o.code ?? ""} ${o.message ?? ""}`
        .trim()
        .slice(0, 500)
    )
    countWebhook(outcome)
    if (o.status === 404) return
    throw e // the event bus retries; the watcher and the reconciliation job are the backstop
  }
}

export const config: SubscriberConfig = {
  // POST /hooks/svc (no delay) and Medusa's /hooks/payment/svc-…_svc (5 s delay).
  event: [SVC_WEBHOOK_EVENT, PaymentWebhookEvents.WebhookReceived],
  context: { subscriberId: "svc-payment-webhook" },
}

/** A webhook delivery's final outcome, counted (OpenTelemetry metric svc.webhook.events; a no-op unless the store registered it). */
function countWebhook(outcome: string): void {
  svcInstruments().webhooks.add(1, { "svc.webhook.outcome": outcome })
}
