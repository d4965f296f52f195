import { defineRouteConfig } from "@medusajs/admin-sdk"
import { useMemo, useState } from "react"
import {
  buttonColumn,
  column,
  textColumn,
  TwoLines,
  whenColumn,
  type Column,
} from "../../../lib/columns"
import { ANY, FilterSelect, unlessAny } from "../../../lib/fields"
import { short } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListPage, ListSection, useOffsetList } from "../../../lib/list-section"
import { svcPost, useSvcAction } from "../../../lib/api/query"
import { Status } from "../../../lib/status"
import type {
  Coded,
  InboxEvent,
  InboxEventsAnswer,
  TrackedEvent,
  TrackedEventsAnswer,
} from "../../../lib/types"
import { useServerText } from "../../../i18n/server-text"

const OUTCOMES = [
  "applied",
  "unchanged",
  "ignored_after_completed",
  "recorded",
  "failed",
  "unknown_resource",
  "not_supported",
  "received",
]

type Row = {
  id: string
  event_type: string | null
  resource_id: string | null
  detail: string | null
  created_at: string
} & Coded<"detail">
type Words = {
  t: ReturnType<typeof useSvcT>["t"]
  saidOf: ReturnType<typeof useServerText>["saidOf"]
}

/** The columns both event lists have, around each one's outcome cell; "Re-process" POSTs `${base}/:id/process`. */
function eventColumns<T extends Row>(
  { t, saidOf }: Words,
  base: string,
  run: ReturnType<typeof useSvcAction>["run"],
  outcome: Column<T>,
  more: Column<T>[] = []
) {
  return [
    column<T>("event", t("svc.common.event"), (e) => (
      <TwoLines main={e.event_type} sub={short(e.resource_id, 8)} mono />
    )),
    outcome,
    // what the plugin did, in the admin's language (the server's sentence and its code)
    textColumn<T>("detail", t("svc.events.detail"), (e) =>
      e.detail ? saidOf(e, "detail") : null
    ),
    ...more,
    whenColumn<T>(t("svc.common.received"), (e) => e.created_at),
    buttonColumn<T>(
      () => t("svc.events.reprocess"),
      (e) =>
        run(
          (r: { event: { outcome: string } }) =>
            t("svc.events.processedAgain", { outcome: r.event.outcome }),
          () =>
            svcPost<{ event: { outcome: string } }>(`${base}/${e.id}/process`)
        )
    ),
  ]
}

/**
 * svc events: the inbox of svc's deposit, deposit-transfer and prefund events,
 * each with what the plugin did after re-reading svc; any one can be processed again.
 */
const SvcEventsPage = () => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const [outcome, setOutcome] = useState(ANY)
  const inbox = useOffsetList<InboxEventsAnswer, InboxEvent>(
    "/admin/svc/events",
    (a) => a.events,
    20,
    { outcome: unlessAny(outcome) }
  )
  const tracked = useOffsetList<TrackedEventsAnswer, TrackedEvent>(
    "/admin/svc/events/tracked",
    (a) => a.events,
    10
  )
  const { run } = useSvcAction()

  const columns = useMemo(
    () =>
      eventColumns<InboxEvent>(
        { t, saidOf },
        "/admin/svc/events",
        run,
        column("outcome", t("svc.events.outcome"), (e) => (
          <TwoLines
            main={<Status value={e.outcome} />}
            sub={t("svc.events.said", { hint: e.status_hint ?? "–" })}
            badge
          />
        )),
        [
          column(
            "n",
            t("svc.events.sentTried"),
            (e) => `${e.deliveries} / ${e.attempts}`
          ),
        ]
      ),
    [run, t, saidOf]
  )
  const trackedColumns = useMemo(
    () =>
      eventColumns<TrackedEvent>(
        { t, saidOf },
        "/admin/svc/events/tracked",
        run,
        column("outcome", t("svc.events.outcome"), (e) => (
          <Status value={e.outcome} />
        ))
      ),
    [run, t, saidOf]
  )

  return (
    <ListPage
      title={t("svc.events.title")}
      description={t("svc.events.description")}
      aside={
        <FilterSelect
          label={t("svc.events.outcome")}
          anyLabel={t("svc.events.anyOutcome")}
          className="w-[220px]"
          value={outcome}
          onChange={(v) => (setOutcome(v), inbox.reset())}
          choices={OUTCOMES}
        />
      }
      list={inbox.list}
      columns={columns}
      empty={t("svc.events.empty")}
      more={
        <ListSection
          title={t("svc.events.trackedTitle")}
          description={t("svc.events.trackedDescription")}
          list={tracked.list}
          columns={trackedColumns}
          empty={t("svc.events.trackedEmpty")}
        />
      }
    />
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.events",
  translationNs: "translation",
  rank: 7,
})

export default SvcEventsPage
