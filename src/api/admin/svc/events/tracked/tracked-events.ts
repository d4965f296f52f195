import { trackPayout } from "../../../../../workflows/track-payout"
import { trackWithdrawal } from "../../../../../workflows/withdraw"
import type { MedusaContainer } from "@medusajs/framework/types"
import { adminDeps } from "../../../../../lib/svc-admin/context"
import { failureText, notAllowed } from "../../../../../lib/svc-runtime/errors"
import { codesOf, english, say } from "../../../../../lib/texts"

/**
 * svc's payout and fiat-withdrawal events keep their own path (refund payouts,
 * src/workflows/refund-to-bank/track-payout.ts; settlements, src/workflows/withdraw/withdrawals.ts) and
 * their log, svc_webhook_event, one row per delivery. The events page lists
 * them beside the inbox, and an admin can process one again: the payout or
 * withdrawal is re-read from svc by its workflow (svc-track-payout,
 * svc-track-withdrawal), hooks included, as the webhook does.
 */
export const TRACKED_EVENT_TYPES = [
  "payout.created",
  "payout.updated",
  "wallet.withdrawal.updated",
] as const

export async function listTrackedEvents(
  container: MedusaContainer,
  q: { limit: number; offset: number }
) {
  const { svcModule } = adminDeps(container)
  const [rows, count] = await svcModule.listAndCountSvcWebhookEvents(
    { event_type: [...TRACKED_EVENT_TYPES] },
    {
      take: q.limit,
      skip: q.offset,
      order: { created_at: "DESC" },
      select: [
        "id",
        "event_id",
        "event_type",
        "resource_id",
        "outcome",
        "detail",
        "created_at",
        "updated_at",
      ],
    }
  )
  // each detail with its code and values, for the admin's language (src/lib/texts)
  return {
    events: rows.map((r) => ({ ...r, ...codesOf("detail", r.detail) })),
    count,
    limit: q.limit,
    offset: q.offset,
  }
}

export async function reprocessTrackedEvent(
  container: MedusaContainer,
  id: string
) {
  const { svcModule } = adminDeps(container)
  const row = await svcModule.retrieveSvcWebhookEvent(id)
  const type = row.event_type ?? ""
  if (!TRACKED_EVENT_TYPES.some((t) => t === type) || !row.resource_id) {
    throw notAllowed(say("tools.notTrackedEvent", { id }))
  }
  let outcome: string
  let detail = english(say("event.reprocessed"))
  try {
    outcome =
      type === "wallet.withdrawal.updated"
        ? await trackWithdrawal(container, row.resource_id, "admin")
        : await trackPayout(container, row.resource_id, "admin")
  } catch (e) {
    outcome =
      typeof e === "object" && e !== null && "status" in e && e.status === 404
        ? type === "wallet.withdrawal.updated"
          ? "unknown_withdrawal"
          : "unknown_payout"
        : "svc_unreachable"
    detail = english(
      say("event.reprocessFailed", { error: failureText(e) })
    ).slice(0, 500)
  }
  return svcModule.updateSvcWebhookEvents({ id: row.id, outcome, detail })
}
