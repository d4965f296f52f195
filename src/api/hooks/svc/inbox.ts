import { failureText, svcFields } from "../../../lib/svc-runtime/errors"
import { fromSen } from "../../../client"
import { appendEntry } from "../../../lib/money/admin-input"
import { WebhookSpacing } from "./spacing"
import {
  BackgroundReadBudget,
  BackgroundReadDeferred,
  CAPS,
  capEventId,
  capText,
  digestId,
} from "./guard"
import {
  adminDeps,
  withDepositLock,
  type Container,
} from "../../../lib/svc-admin/context"
import {
  refreshDeposit,
  type DepositArea,
} from "../../../lib/svc-admin/deposits"
import { prefundBalance } from "../../../lib/svc-admin/prefund"
import { codesOf, english, say, type Said } from "../../../lib/texts"

/**
 * The inbox of svc's other events (table svc_inbox_event; why beside
 * svc_webhook_event: see the model). One row per svc event id: a duplicate
 * delivery is counted, not processed again. The body is never trusted for
 * state: the deposit is re-read from svc (the prefund balance for a top-up);
 * what the event said is kept as `status_hint`. Processing that fails (svc not
 * answering) is retried: the delivery throws so the event bus tries again,
 * each later event retries up to three failed ones, and an admin can
 * re-process any event from the events page.
 */
export const INBOX_EVENT_TYPES = [
  "wallet.deposit.updated",
  "payout.deposit.updated",
  "payout.withdrawal.updated",
  "payout.prefund_completed",
] as const
export type InboxEventType = (typeof INBOX_EVENT_TYPES)[number]
const INBOX_TYPES = new Set<string>(INBOX_EVENT_TYPES)
export const isInboxEvent = (t: unknown): t is InboxEventType =>
  typeof t === "string" && INBOX_TYPES.has(t)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Final outcomes: nothing more to do unless an admin asks. */
const DONE = [
  "applied",
  "unchanged",
  "ignored_after_completed",
  "recorded",
  "unknown_resource",
  "not_supported",
]
const MAX_AUTO_ATTEMPTS = 5

type Loose = Record<string, unknown>
type InboxRow = Awaited<
  ReturnType<ReturnType<typeof adminDeps>["svcModule"]["retrieveSvcInboxEvent"]>
>

/**
 * Deposits are created by svc, so the store cannot tell a forged
 * deposit id from a real one before asking. What events make it read is
 * bounded instead: one read per deposit in flight and at most one every 2 s
 * per deposit, one prefund read per 10 s, and together at most a small share
 * of the account's rate budget, only while shoppers and settlements leave room
 * (BackgroundReadBudget). A read over that share is deferred: the event is kept
 * as failed (no attempt counted) and retried later, or by an admin.
 */
const depositReads = new WebhookSpacing(2000)
const prefundReads = new WebhookSpacing(10_000)
export const backgroundBudget = new BackgroundReadBudget(0.1, 0.5, 30)

/** The webhook subscriber's entry (the event's body, its type and its `data`): record (once per event id), then process. */
export async function receiveInboxEvent(
  container: Container,
  body: Loose,
  type: InboxEventType,
  inner: Loose
): Promise<void> {
  const { svcModule } = adminDeps(container)
  // capped: a long id is stored as its digest; without one (the envelope is not in the spec), a digest of the body stands in
  const eventId = capEventId(body.id) ?? digestId(JSON.stringify(body))
  let row: InboxRow
  try {
    row = await svcModule.createSvcInboxEvents({
      event_id: eventId,
      event_type: type,
      resource_id: capText(
        type === "payout.withdrawal.updated" ? inner.depositId : inner.id,
        CAPS.resourceId
      ),
      status_hint: capText(inner.status, CAPS.status),
      outcome: "received",
    })
  } catch (e) {
    const [existing] = await svcModule.listSvcInboxEvents({ event_id: eventId })
    if (!existing) throw e
    const updated = await svcModule.updateSvcInboxEvents({
      id: existing.id,
      deliveries: Number(existing.deliveries ?? 1) + 1,
    })
    // the first delivery is done or still running: a duplicate changes nothing
    if (existing.outcome !== "failed") return
    row = updated
  }
  await processInboxEvent(container, row.id, "webhook")
  await retryFailed(container, row.id)
}

/** Retry up to three failed events (not the one just handled), oldest first. */
async function retryFailed(container: Container, exceptId: string) {
  const { svcModule } = adminDeps(container)
  const before = new Date(Date.now() - 30_000)
  const failed = await svcModule.listSvcInboxEvents(
    {
      outcome: "failed",
      id: { $ne: exceptId },
      attempts: { $lt: MAX_AUTO_ATTEMPTS },
      last_attempt_at: { $lt: before },
    },
    { take: 3, order: { created_at: "ASC" } }
  )
  for (const f of failed) await processInboxEvent(container, f.id, "retry")
}

/**
 * Process one recorded event: re-read its resource from svc and apply it.
 * A deposit stored COMPLETED is never moved back: an event saying otherwise
 * (svc's retried PROCESSING, spec: Deposit status) is recorded and ignored,
 * with no svc call.
 */
export async function processInboxEvent(
  container: Container,
  rowId: string,
  source: "webhook" | "retry" | "admin"
): Promise<InboxRow> {
  const { svcModule } = adminDeps(container)
  const row = await svcModule.retrieveSvcInboxEvent(rowId)
  const attempt = {
    attempts: Number(row.attempts ?? 0) + 1,
    last_attempt_at: new Date(),
  }
  // the detail in the catalogue's English (src/lib/texts): the list reads its code back (listInboxEvents)
  const finish = (outcome: string, detail: Said) =>
    svcModule.updateSvcInboxEvents({
      id: row.id,
      ...attempt,
      outcome,
      detail: english(detail).slice(0, 500),
      processed_at: new Date(),
    })
  const type = row.event_type as InboxEventType
  try {
    const { client } = adminDeps(container)
    /** A read an event asked for: shared per key, spaced, within the background share (an admin's re-process is not limited). */
    const gated = <T>(
      reads: WebhookSpacing,
      key: string,
      read: () => Promise<T>
    ): Promise<T> =>
      source === "admin"
        ? read()
        : reads.run(key, async () => {
            backgroundBudget.take(client.rateUsage())
            return read()
          })
    if (type === "payout.prefund_completed") {
      const b = await gated(prefundReads, "prefund", () =>
        prefundBalance(container)
      )
      const balance = fromSen(b.available_sen)
      return await finish(
        "recorded",
        row.status_hint
          ? say("event.topUp", { status: row.status_hint, balance })
          : say("event.topUpEvent", { balance })
      )
    }
    if (!row.resource_id || !UUID.test(row.resource_id))
      return await finish(
        "not_supported",
        say(
          type === "payout.withdrawal.updated"
            ? "event.noDepositIdField"
            : "event.noDepositId"
        )
      )
    const depositId = row.resource_id
    const area: DepositArea =
      type === "wallet.deposit.updated" ? "WALLET" : "PAYOUT"
    // an event that says an earlier status than COMPLETED (spec: Deposit status)
    const hint = row.status_hint
    const saysEarlier =
      source !== "admin" &&
      type !== "payout.withdrawal.updated" &&
      hint &&
      hint !== "COMPLETED"
    if (saysEarlier) {
      const [stored] = await svcModule.listSvcDeposits({
        deposit_id: depositId,
      })
      if (stored?.status === "COMPLETED") {
        await withDepositLock(container, depositId, async () => {
          const [again] = await svcModule.listSvcDeposits({
            deposit_id: depositId,
          })
          await svcModule.updateSvcDeposits({
            id: again!.id,
            status_history: appendEntry(
              again!.status_history,
              hint,
              `event ${row.event_id}`,
              "ignored: the deposit is already COMPLETED and never moves back (spec: Deposit status)"
            ),
          })
        })
        return await finish(
          "ignored_after_completed",
          say("event.saysNotCompleted", { status: hint })
        )
      }
    }
    // events for one deposit share one read (the first event's source is recorded in its history)
    const { outcome, row: d } = await gated(
      depositReads,
      `${area}:${depositId}`,
      () =>
        withDepositLock(container, depositId, () =>
          refreshDeposit(
            container,
            area,
            depositId,
            source === "admin" ? "admin re-process" : `event ${row.event_type}`
          )
        )
    )
    const now = svcSays(d!)
    /** What the event said, before what svc says now (and what was kept). */
    const said = (s: Said) =>
      row.status_hint
        ? say("event.eventSaid", { hint: row.status_hint, now: s })
        : s
    if (outcome === "ignored_after_completed")
      return await finish(
        "ignored_after_completed",
        said(say("event.keptCompleted", { now }))
      )
    // An event that says an earlier status than svc's COMPLETED, answered by a read it shared with a
    // later event (coalesced), changes nothing: the same outcome as the check above (spec: Deposit status).
    if (saysEarlier && d!.status === "COMPLETED" && outcome !== "created") {
      return await finish(
        "ignored_after_completed",
        said(say("event.staysCompleted", { now }))
      )
    }
    return await finish(
      outcome === "unchanged" ? "unchanged" : "applied",
      said(now)
    )
  } catch (e) {
    // a deferred read is not an attempt: nothing was sent; retried later (retryFailed) or by an admin
    const deferred = e instanceof BackgroundReadDeferred
    const detail = deferred ? e.message : failureText(e)
    if (!deferred && svcFields(e).status === 404)
      return finish(
        "unknown_resource",
        say("event.unknownDeposit", {
          area: type.split(".")[0]!,
          error: detail,
        })
      )
    const failed = await svcModule.updateSvcInboxEvents({
      id: row.id,
      ...(deferred ? { last_attempt_at: new Date() } : attempt),
      outcome: "failed",
      detail: detail.slice(0, 500),
    })
    // a webhook's failure is svc's to deliver again (not a deferred read); a retry's or an admin's is answered
    if (source === "webhook" && !deferred) throw e
    return failed
  }
}

export async function listInboxEvents(
  container: Container,
  q: { limit: number; offset: number; outcome?: string; event_type?: string }
) {
  const { svcModule } = adminDeps(container)
  const filters: Loose = {}
  if (q.outcome) filters.outcome = q.outcome
  if (q.event_type) filters.event_type = q.event_type
  const [rows, count] = await svcModule.listAndCountSvcInboxEvents(filters, {
    take: q.limit,
    skip: q.offset,
    order: { created_at: "DESC" },
  })
  // each detail with its code and values, for the admin's language (src/lib/texts)
  return {
    events: rows.map((r) => ({
      ...r,
      ...codesOf("detail", r.detail),
      done: DONE.includes(r.outcome),
    })),
    count,
    limit: q.limit,
    offset: q.offset,
  }
}

/** What svc says of a deposit now: its status, its transfer's (and why) and its withdrawal's (event.svcSays…). */
function svcSays(d: {
  status: string
  result_status?: string | null
  status_reason?: string | null
  withdrawal_status?: string | null
}): Said {
  const said: Said = { code: "event.svcSays", params: { status: d.status } }
  if (d.result_status) {
    said.code += "Transfer"
    said.params.transfer = d.result_status
    if (d.status_reason) {
      said.code += "Why"
      said.params.reason = d.status_reason
    }
  }
  if (d.withdrawal_status) {
    said.code += "Withdrawal"
    said.params.withdrawal = d.withdrawal_status
  }
  return said
}
