import { defineRouteConfig } from "@medusajs/admin-sdk"
import { useMemo, useState } from "react"
import { buttonColumn, column, textColumn, TwoLines, whenColumn, type Column } from "../../../lib/columns"
import { ANY, FilterSelect, unlessAny } from "../../../lib/fields"
import { short } from "../../../lib/format"
import { ListSection, useOffsetList } from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction } from "../../../lib/query"
import { Status } from "../../../lib/status"
import type { InboxEvent, InboxEventsAnswer, TrackedEvent, TrackedEventsAnswer } from "../../../lib/types"

const OUTCOMES = ["applied", "unchanged", "ignored_after_completed", "recorded", "failed", "unknown_resource", "not_supported", "received"]

type Row = { id: string; event_type: string | null; resource_id: string | null; detail: string | null; created_at: string }

/** The columns both event lists have, around each one's outcome cell; "Re-process" POSTs `${base}/:id/process`. */
function eventColumns<T extends Row>(base: string, run: ReturnType<typeof useSvcAction>["run"], outcome: Column<T>, more: Column<T>[] = []) {
  return [
    column<T>("event", "Event", (e) => <TwoLines main={e.event_type} sub={short(e.resource_id, 8)} mono />),
    outcome,
    textColumn<T>("detail", "Detail", (e) => e.detail),
    ...more,
    whenColumn<T>("Received", (e) => e.created_at),
    buttonColumn<T>(
      () => "Re-process",
      (e) =>
        run(
          (r: { event: { outcome: string } }) => `Processed again: ${r.event.outcome}`,
          () => svcPost<{ event: { outcome: string } }>(`${base}/${e.id}/process`)
        )
    ),
  ]
}

/**
 * svc events: the inbox of svc's deposit, deposit-transfer and prefund events,
 * each with what the plugin did after re-reading svc; any one can be processed again.
 */
const SvcEventsPage = () => {
  const [outcome, setOutcome] = useState(ANY)
  const inbox = useOffsetList<InboxEventsAnswer, InboxEvent>("/admin/svc/events", (a) => a.events, 20, { outcome: unlessAny(outcome) })
  const tracked = useOffsetList<TrackedEventsAnswer, TrackedEvent>("/admin/svc/events/tracked", (a) => a.events, 10)
  const { run } = useSvcAction()

  const columns = useMemo(
    () =>
      eventColumns<InboxEvent>(
        "/admin/svc/events",
        run,
        column("outcome", "Outcome", (e) => <TwoLines main={<Status value={e.outcome} />} sub={`event said ${e.status_hint ?? "–"}`} badge />),
        [column("n", "Sent / tried", (e) => `${e.deliveries} / ${e.attempts}`)]
      ),
    [run]
  )
  const trackedColumns = useMemo(
    () =>
      eventColumns<TrackedEvent>(
        "/admin/svc/events/tracked",
        run,
        column("outcome", "Outcome", (e) => <Status value={e.outcome} />)
      ),
    [run]
  )

  return (
    <SvcPage>
      <ListSection
        title="svc events"
        level="h1"
        description="Deposits, transfers started by deposits and prefund top-ups, one row per svc event. The event body is never trusted: the deposit is read again from svc."
        aside={<FilterSelect label="Outcome" anyLabel="Any outcome" className="w-[220px]" value={outcome} onChange={(v) => (setOutcome(v), inbox.reset())} choices={OUTCOMES} />}
        list={inbox.list}
        columns={columns}
        rowId={(e) => e.id}
        empty="No svc event received yet"
      />
      <ListSection
        title="Refund payouts and settlements"
        description="payout.created, payout.updated and wallet.withdrawal.updated, one row per delivery, followed on their own path (refunds, settlements). unknown_payout or unknown_withdrawal: not one this store sent."
        list={tracked.list}
        columns={trackedColumns}
        rowId={(e) => e.id}
        empty="No payout or withdrawal event received yet"
      />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Events", rank: 7 })

export default SvcEventsPage
