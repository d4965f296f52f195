import { defineRouteConfig } from "@medusajs/admin-sdk"
import { BellAlert } from "@medusajs/icons"
import { Button, Container, Heading, Select, Text, createDataTableColumnHelper, toast, type DataTablePaginationState } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { ServerTable, Status, errorText, pageQuery, short, svcAdmin, useLoad, when } from "../../lib/svc-admin"

type TrackedEvent = { id: string; event_type: string; resource_id: string | null; outcome: string | null; detail: string | null; created_at: string }
type InboxEvent = {
  id: string
  event_id: string
  event_type: string
  resource_id: string | null
  status_hint: string | null
  outcome: string
  detail: string | null
  deliveries: number
  attempts: number
  done: boolean
  created_at: string
  last_attempt_at: string | null
}

const col = createDataTableColumnHelper<InboxEvent>()
const col2 = createDataTableColumnHelper<TrackedEvent>()
const ANY = "any"
const OUTCOMES = ["applied", "unchanged", "ignored_after_completed", "recorded", "failed", "unknown_resource", "not_supported", "received"]

/**
 * svc events: the inbox of svc's deposit, deposit-transfer and prefund events,
 * each with what the plugin did after re-reading svc; any one can be processed again.
 */
const SvcEventsPage = () => {
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: 20 })
  const [outcome, setOutcome] = useState(ANY)
  const [trackedPage, setTrackedPage] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: 10 })
  const tracked = useLoad(() => svcAdmin<{ events: TrackedEvent[]; count: number }>(`/admin/svc/events/tracked?${pageQuery(trackedPage)}`), [trackedPage])
  const list = useLoad(() => svcAdmin<{ events: InboxEvent[]; count: number }>(`/admin/svc/events?${pageQuery(pagination)}${outcome !== ANY ? `&outcome=${outcome}` : ""}`), [pagination, outcome])

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
            onClick={async () => {
              try {
                const r = await svcAdmin<{ event: InboxEvent }>(`/admin/svc/events/${row.original.id}/process`, { method: "POST" })
                toast.success(`Processed again: ${r.event.outcome}`)
                await list.reload()
              } catch (e) {
                toast.error(errorText(e))
              }
            }}
          >
            Re-process
          </Button>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.reload]
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
            onClick={async () => {
              try {
                const r = await svcAdmin<{ event: TrackedEvent }>(`/admin/svc/events/tracked/${row.original.id}/process`, { method: "POST" })
                toast.success(`Processed again: ${r.event.outcome}`)
                await tracked.reload()
              } catch (e) {
                toast.error(errorText(e))
              }
            }}
          >
            Re-process
          </Button>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tracked.reload]
  )

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">svc events</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Deposits, transfers started by deposits and prefund top-ups, one row per svc event. The event body is never trusted: the deposit is read again from svc.
            </Text>
          </div>
          <Select value={outcome} onValueChange={setOutcome} size="small">
            <Select.Trigger className="w-[220px]">
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
        {list.error && <Text className="px-6 text-ui-fg-error">{list.error}</Text>}
        <ServerTable
          rows={list.data?.events ?? []}
          count={list.data?.count ?? 0}
          columns={columns}
          rowId={(e) => e.id}
          pagination={pagination}
          onPagination={setPagination}
          empty="No svc event received yet"
          isLoading={list.loading}
        />
      </Container>
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Refund payouts and settlements</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            payout.created, payout.updated and wallet.withdrawal.updated, one row per delivery, followed on their own path (refunds, settlements). unknown_payout or unknown_withdrawal: not one this store sent.
          </Text>
          {tracked.error && <Text className="text-ui-fg-error">{tracked.error}</Text>}
        </div>
        <ServerTable
          rows={tracked.data?.events ?? []}
          count={tracked.data?.count ?? 0}
          columns={trackedColumns}
          rowId={(e) => e.id}
          pagination={trackedPage}
          onPagination={setTrackedPage}
          empty="No payout or withdrawal event received yet"
          isLoading={tracked.loading}
        />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "svc events", icon: BellAlert })

export default SvcEventsPage
