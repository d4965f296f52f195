import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
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
import { failureText, svcFields } from "../lib/svc-runtime/errors"
import { svcInstruments } from "../client/telemetry"
import { english, say } from "../lib/texts"

/**
 * Webhook-triggered reads of one checkout, payout or withdrawal: one in flight
 * and starts at least 2 s apart (forged floods cost one svc read per 2 s per
 * id the store knows, and none for an id it does not).
 */
const spacing = new WebhookSpacing(2000)
const UUID_LIKE = /^[0-9a-f-]{36}$/i

const ONE = { take: 1, select: ["id"] }
/**
 * payout.created / payout.updated (svc's PAYOUT webhook endpoint points at the same URL):
 * refunds sent as payouts; wallet.withdrawal.updated: settlements. Each event's id field,
 * the store's own row of it, and its re-read from svc; its texts are `event.no<Kind>Id`
 * and `event.notOur<Kind>`.
 */
const TRACKED: Record<
  "payout" | "withdrawal",
  {
    idField: string
    ours: (m: SvcModuleService, id: string) => Promise<unknown[]>
    refresh: (c: MedusaContainer, id: string, source: string) => Promise<string>
  }
> = {
  payout: {
    idField: "payoutId",
    ours: (m, id) => m.listSvcPayouts({ payout_id: id }, ONE),
    refresh: trackPayout,
  },
  withdrawal: {
    idField: "id",
    ours: (m, id) => m.listSvcWithdrawals({ withdrawal_id: id }, ONE),
    refresh: trackWithdrawal,
  },
}

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
  const body = isRecord(input.payload?.data) ? input.payload.data : {}
  const inner = isRecord(body.data) ? body.data : body
  const eventType =
    typeof body.type === "string"
      ? body.type
      : typeof body.event === "string"
        ? body.event
        : null
  // A type svc does not send to this URL is counted (per type, bounded), never stored per event.
  if (eventType !== null && !isKnownWebhookEventType(eventType)) {
    await countUnknownEventType(container, eventType)
    return
  }
  const eventId = capEventId(body.id)
  const status = capText(inner.status, CAPS.status)

  // Deposits, transfers started by deposits, prefund top-ups: the inbox
  // (src/api/hooks/svc/inbox.ts), one row per event, the resource re-read from svc.
  if (isInboxEvent(eventType)) {
    await receiveInboxEvent(container, body, eventType, inner)
    return
  }

  // payout.created / payout.updated (svc's PAYOUT webhook endpoint points at the
  // same URL): refunds sent as payouts. wallet.withdrawal.updated: settlements.
  // Both are re-read from svc, never trusted; an id this store never made is
  // dropped without a call, and one it made is read once at a time, 2 s apart.
  // A checkout.updated: settled by the settle workflow (its row read there, once, under its lock).
  const kind =
    eventType && /^payout\.(created|updated)$/.test(eventType)
      ? "payout"
      : eventType === "wallet.withdrawal.updated"
        ? "withdrawal"
        : "checkout"
  const tracked = kind === "checkout" ? null : TRACKED[kind]
  const Kind = kind === "payout" ? "Payout" : "Withdrawal"
  const id = capText(inner[tracked?.idField ?? "checkoutId"], CAPS.resourceId)
  const record = (outcome: string, detail: string | null = null) =>
    svcModule.logWebhookEvent({
      event_id: eventId,
      event_type: eventType,
      resource_id: id,
      provider,
      outcome,
      detail,
      payload: { type: eventType, [`${kind}Id`]: id, status },
    })
  const finish = async (outcome: string, detail: string | null = null) => {
    await record(outcome, detail)
    countWebhook(outcome)
  }

  if (kind === "checkout" && eventType && eventType !== "checkout.updated")
    return finish("not_supported", "not a checkout.updated with a checkout id")
  if (!id || !UUID_LIKE.test(id))
    return finish(
      "not_supported",
      tracked
        ? english(say(`event.no${Kind}Id`))
        : "not a checkout.updated with a checkout id"
    )
  if (tracked && !(await tracked.ours(svcModule, id)).length)
    return finish(`unknown_${kind}`, english(say(`event.notOur${Kind}`)))
  // An event that says the checkout is still open can only mean "do nothing" (its body is
  // untrusted): logged with its outcome in one write, and no settle workflow is started
  // (no lock, no svc read, no hook run). A store running the workflow itself with such a
  // hint gets the same answer from its find step.
  if (kind === "checkout" && status && OPEN.has(status))
    return finish("open_status_noted", `event says ${status}`)

  // One row per delivery, written once its outcome is known (a log, not a record the money needs:
  // a run that dies midway leaves its checkout to the watcher and the job).
  const startedAt = Date.now()
  let outcome: string
  let detail: string | null = null
  let failure: unknown = null
  try {
    if (tracked) {
      outcome = await spacing.run(`${kind}:${id}`, () =>
        tracked.refresh(container, id, "webhook")
      )
    } else {
      const r = await spacing.run(id, () =>
        settleCheckoutEvent(container, id, status, "webhook")
      )
      outcome = r.outcome
      detail =
        r.outcome === "unknown_checkout"
          ? "not a checkout this store made: dropped, svc not asked"
          : r.svc_status
            ? `svc status ${r.svc_status}`
            : status
              ? `event says ${status}`
              : null
      if (!["already_settled", "unknown_checkout"].includes(r.outcome)) {
        const waited =
          typeof input.receivedAt === "number"
            ? `waited ${startedAt - input.receivedAt} ms, `
            : ""
        logger.info(
          `svc: webhook for checkout ${id}: ${r.svc_status ? `svc says ${r.svc_status}, ` : ""}outcome ${r.outcome} (${waited}settled in ${Date.now() - startedAt} ms${r.timing ? `: ${r.timing}` : ""})`
        )
      }
    }
  } catch (e) {
    const httpStatus = svcFields(e).status ?? null
    outcome =
      httpStatus === 404
        ? `unknown_${kind}`
        : httpStatus || kind !== "checkout"
          ? "svc_unreachable"
          : "error"
    detail = failureText(e).slice(0, 500)
    // the event bus retries; the watcher and the reconciliation job are the backstop
    if (httpStatus !== 404) failure = e
  }
  await finish(outcome, detail)
  if (failure) throw failure
}

export const config: SubscriberConfig = {
  // POST /hooks/svc (no delay) and Medusa's /hooks/payment/svc-…_svc (5 s delay).
  event: [SVC_WEBHOOK_EVENT, PaymentWebhookEvents.WebhookReceived],
  context: { subscriberId: "svc-payment-webhook" },
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object"

/** A webhook delivery's final outcome, counted (OpenTelemetry metric svc.webhook.events; a no-op unless the store registered it). */
function countWebhook(outcome: string): void {
  svcInstruments().webhooks.add(1, { "svc.webhook.outcome": outcome })
}
