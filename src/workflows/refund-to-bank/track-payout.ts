import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { fromSen } from "../../client"
import { adminDeps, type Container } from "../../lib/svc-admin/context"
import { emitSvcEvent, SvcEvents } from "../../lib/events/svc-events"
import type { SvcEventName } from "../../lib/events/svc-events"
import { english, say } from "../../lib/texts"

// Order of svc's payout statuses: a status is never replaced by an earlier one
// (a late payout.updated INITIATED after SETTLED changes nothing).
const RANK: Record<string, number> = {
  INITIATED: 1,
  SETTLED: 2,
  REVERSED: 3,
  RETURNED: 3,
}
/** The plugin's event for each status a payout reaches (docs/events.md). */
const PAYOUT_EVENT: Record<string, SvcEventName> = {
  SETTLED: SvcEvents.REFUND_PAYOUT_SETTLED,
  REVERSED: SvcEvents.REFUND_PAYOUT_REVERSED,
  RETURNED: SvcEvents.REFUND_PAYOUT_RETURNED,
}
const NOT_DELIVERED: Record<string, string> = {
  REVERSED: english(say("attention.payoutReversed")),
  RETURNED: english(say("attention.payoutReturned")),
}

export type PayoutOutcome = "updated" | "unchanged" | "unknown_payout"

/** A payout of this store as svc has it now: the request's id, and svc's status and fee. */
export type PayoutRead = NonNullable<Awaited<ReturnType<typeof readPayout>>>

/** What a payout that did not reach the buyer is reported as (the trackPayout workflow's payoutNotDelivered hook). */
export type PayoutNotDelivered = {
  payout_request_id: string
  payout_id: string
  status: string
  refund_id: string | null
  order_id: string | null
  amount_sen: number
  reason: string
}

export type PayoutStatusRecorded = {
  outcome: PayoutOutcome
  notDelivered: PayoutNotDelivered | null
}

/** Read a payout from svc (never from a webhook body); null, with no svc call, for a payout this store did not make. */
export async function readPayout(container: Container, payoutId: string) {
  const { client, svcModule } = adminDeps(container)
  const [row] = await svcModule.listSvcPayouts(
    { payout_id: payoutId },
    { take: 1, select: ["id"] }
  )
  if (!row) return null
  const p = await client.payouts.retrieve(payoutId)
  return { rowId: row.id, payoutId, status: p.status, fee: p.fee ?? null }
}

/**
 * Bring a payout request up to date with what svc said. REVERSED or RETURNED
 * mean the buyer did not get the money although Medusa shows the refund: the
 * request is flagged `refund_not_delivered` for an admin, with what happened.
 */
export async function recordPayoutStatus(
  container: Container,
  read: PayoutRead,
  source: string
): Promise<PayoutStatusRecorded> {
  const { svcModule } = adminDeps(container)
  // Written only while the row keeps the status it was judged from: of the webhook, the watcher
  // and the job racing (in one process or several), one makes the change and tells of it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await svcModule.retrieveSvcPayout(read.rowId)
    // an unranked status (svc's new word) is taken as it comes
    const later = (RANK[read.status] ?? Infinity) > (RANK[row.status] ?? 0)
    if (read.status === row.status || !later)
      return { outcome: "unchanged", notDelivered: null }
    const notDelivered = NOT_DELIVERED[read.status]
    const made = await svcModule.recordPayoutStatusIf(row.id, row.status, {
      status: read.status,
      feeSen: read.fee && /^\d+$/.test(read.fee) ? Number(read.fee) : null,
      source,
      ...(notDelivered
        ? {
            attention: "refund_not_delivered",
            attentionReason: english(
              say("attention.refundAgain", {
                what: notDelivered,
                amount: fromSen(row.amount_sen),
              })
            ),
          }
        : {}),
    })
    if (!made) continue // changed meanwhile by another caller: judged again from what it wrote
    const event = PAYOUT_EVENT[read.status]
    if (event) {
      await emitSvcEvent(container, event, {
        id: row.id,
        payout_id: read.payoutId,
        refund_id: made.refund_id ?? null,
        payment_id: made.payment_id ?? null,
        order_id: made.order_id ?? null,
      })
    }
    if (!notDelivered) return { outcome: "updated", notDelivered: null }
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `svc: payout ${read.payoutId} (refund ${row.refund_id}) ${read.status}: ${notDelivered}`
      )
    return {
      outcome: "updated",
      notDelivered: {
        payout_request_id: row.id,
        payout_id: read.payoutId,
        status: read.status,
        refund_id: row.refund_id ?? null,
        order_id: row.order_id ?? null,
        amount_sen: Number(row.amount_sen),
        reason: notDelivered,
      },
    }
  }
  return { outcome: "unchanged", notDelivered: null }
}
