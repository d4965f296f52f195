import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Container, createDataTableColumnHelper, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { call, messageOf, rm } from "../../lib/api"
import { PagedTable } from "../../lib/paged-table"
import { SvcStatus } from "../../lib/status"

type Row = {
  id: string
  checkout_id: string | null
  type: string
  status: string
  amount_sen: number
  attention: string | null
  attention_reason: string | null
  order_id: string | null
  payment_session_id: string
  created_at: string
}

const col = createDataTableColumnHelper<Row>()

/**
 * svc payments that need an admin: paid after cancel, failed after the order was placed, stale links paid,
 * and paid carts that cannot become an order (`paid_no_order`: changed after payment, stock gone, region
 * removed; refund the buyer or place the order by hand). A paid cart whose order is only late (Medusa's
 * cart lock held) is not listed: the watcher and the job complete it (issue 24).
 */
const SvcPaymentsPage = () => {
  const [rows, setRows] = useState<Row[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call<{ checkouts: Row[] }>(`/admin/svc/checkouts?attention=true&limit=200`)
      .then((j) => setRows(j.checkouts))
      .catch((e) => setError(messageOf(e)))
  }, [])
  const columns = useMemo(
    () => [
      col.accessor("created_at", { header: "When", cell: ({ getValue }) => new Date(getValue()).toLocaleString() }),
      col.accessor("order_id", {
        header: "Order",
        cell: ({ getValue }) => (getValue() ? <a className="text-ui-fg-interactive" href={`/app/orders/${getValue()}`}>{getValue()}</a> : "—"),
      }),
      col.accessor("checkout_id", {
        header: "Checkout",
        cell: ({ getValue }) => (
          <span className="font-mono text-xs" title={getValue() ?? undefined}>
            {getValue() ? `${getValue()!.slice(0, 8)}…` : "—"}
          </span>
        ),
      }),
      col.accessor("amount_sen", { header: "Amount", cell: ({ getValue }) => rm(getValue()) }),
      col.accessor("status", { header: "svc status", cell: ({ getValue }) => <SvcStatus status={getValue()} /> }),
      col.accessor("attention", {
        header: "Needs",
        cell: ({ row }) => (
          <div className="flex min-w-[320px] max-w-[480px] flex-col items-start gap-y-1 whitespace-normal py-2">
            <StatusBadge color="red">{row.original.attention === "paid_no_order" ? "paid, no order: refund or place the order by hand" : row.original.attention}</StatusBadge>
            <Text size="small" className="text-ui-fg-subtle whitespace-normal">{row.original.attention_reason}</Text>
          </div>
        ),
      }),
    ],
    []
  )
  return (
    <Container className="divide-y p-0" data-testid="svc-payments">
      <div className="px-6 py-4">
        <Heading level="h1">svc payments needing attention</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Money that arrived where it cannot be kept, payments that failed after their order was placed, and paid carts
          that cannot become an order (refund the buyer or place the order by hand).
        </Text>
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error" data-testid="svc-payments-error">{error}</Text>}
      {!error && <PagedTable rows={rows ?? []} isLoading={rows === null} columns={columns} rowId={(r) => r.id} empty="Nothing needs attention." />}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "svc payments", icon: CurrencyDollar })

export default SvcPaymentsPage
