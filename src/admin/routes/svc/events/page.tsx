import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Select, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { short, when } from "../../../lib/format"
import { SvcPage } from "../../../lib/page"
import { PagedTable, useOffsetPages } from "../../../lib/paged-table"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { InboxEvent, InboxEventAnswer, InboxEventsAnswer, TrackedEvent, TrackedEventAnswer, TrackedEventsAnswer } from "../../../lib/types"

const col = createDataTableColumnHelper<InboxEvent>()
const col2 = createDataTableColumnHelper<TrackedEvent>()
const ANY = "any"
const OUTCOMES = ["applied", "unchanged", "ignored_after_completed", "recorded", "failed", "unknown_resource", "not_supported", "received"]

/**
 * svc events: the inbox of svc's deposit, deposit-transfer and prefund events,
 * each with what the plugin did after re-reading svc; any one can be processed again.
 */
const SvcEventsPage = () => {
  const pages = useOffsetPages(20)
  const [outcome, setOutcome] = useState(ANY)
  const trackedPages = useOffsetPages(10)
  const tracked = useSvcQuery<TrackedEventsAnswer>("/admin/svc/events/tracked", trackedPages.query, { keepPrevious: true })
  const list = useSvcQuery<InboxEventsAnswer>("/admin/svc/events", { ...pages.query, outcome: outcome !== ANY ? outcome : undefined }, { keepPrevious: true })
  const { run } = useSvcAction()

  const columns = useMemo(
    () => [
      col.display({
        id: "event",
        header: "Event",
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small">{row.original.event_type}</Text>
            <Text size="xsmall" className="font-mono text-ui-fg-subtle">
              {short(row.original.resource_id, 8)}
            </Text>
          </div>
        ),
      }),
      col.display({
        id: "outcome",
        header: "Outcome",
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-y-1">
            <Status value={row.original.outcome} />
            <Text size="xsmall" className="text-ui-fg-subtle">
              event said {row.original.status_hint ?? "–"}
            </Text>
          </div>
        ),
      }),
      col.display({ id: "detail", header: "Detail", cell: ({ row }) => <Text size="small" className="min-w-[260px] whitespace-normal">{row.original.detail ?? "–"}</Text> }),
      col.display({ id: "n", header: "Sent / tried", cell: ({ row }) => `${row.original.deliveries} / ${row.original.attempts}` }),
      col.display({ id: "at", header: "Received", cell: ({ row }) => when(row.original.created_at) }),
      col.display({
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <Button
            size="small"
            variant="secondary"
            onClick={() => run((r: InboxEventAnswer) => `Processed again: ${r.event.outcome}`, () => svcPost<InboxEventAnswer>(`/admin/svc/events/${row.original.id}/process`))}
          >
            Re-process
          </Button>
        ),
      }),
    ],
    [run]
  )

  const trackedColumns = useMemo(
    () => [
      col2.display({
        id: "event",
        header: "Event",
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small">{row.original.event_type}</Text>
            <Text size="xsmall" className="font-mono text-ui-fg-subtle">
              {short(row.original.resource_id, 8)}
            </Text>
          </div>
        ),
      }),
      col2.display({ id: "outcome", header: "Outcome", cell: ({ row }) => <Status value={row.original.outcome} /> }),
      col2.display({ id: "detail", header: "Detail", cell: ({ row }) => <Text size="small" className="min-w-[260px] whitespace-normal">{row.original.detail ?? "–"}</Text> }),
      col2.display({ id: "at", header: "Received", cell: ({ row }) => when(row.original.created_at) }),
      col2.display({
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <Button
            size="small"
            variant="secondary"
            onClick={() => run((r: TrackedEventAnswer) => `Processed again: ${r.event.outcome}`, () => svcPost<TrackedEventAnswer>(`/admin/svc/events/tracked/${row.original.id}/process`))}
          >
            Re-process
          </Button>
        ),
      }),
    ],
    [run]
  )

  return (
    <SvcPage>
      <Container className="p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">svc events</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Deposits, transfers started by deposits and prefund top-ups, one row per svc event. The event body is never trusted: the deposit is read again from svc.
            </Text>
          </div>
          <Select value={outcome} onValueChange={(v) => (setOutcome(v), pages.reset())} size="small">
            <Select.Trigger className="w-[220px]" aria-label="Outcome">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ANY}>Any outcome</Select.Item>
              {OUTCOMES.map((o) => (
                <Select.Item key={o} value={o}>
                  {o}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {list.error && <Text className="px-6 text-ui-fg-error">{errorText(list.error)}</Text>}
        <PagedTable
          rows={list.data?.events ?? []}
          paging={pages.paging(list.data?.count ?? 0)}
          columns={columns}
          rowId={(e) => e.id}
          empty="No svc event received yet"
          isLoading={list.isLoading}
        />
      </Container>
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Refund payouts and settlements</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            payout.created, payout.updated and wallet.withdrawal.updated, one row per delivery, followed on their own path (refunds, settlements). unknown_payout or unknown_withdrawal: not one this store sent.
          </Text>
          {tracked.error && <Text className="text-ui-fg-error">{errorText(tracked.error)}</Text>}
        </div>
        <PagedTable
          rows={tracked.data?.events ?? []}
          paging={trackedPages.paging(tracked.data?.count ?? 0)}
          columns={trackedColumns}
          rowId={(e) => e.id}
          empty="No payout or withdrawal event received yet"
          isLoading={tracked.isLoading}
        />
      </Container>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Events", rank: 7 })

export default SvcEventsPage
