import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { call } from "../../lib/api"

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

/** svc payments that need an admin: paid after cancel, failed after the order was placed, stale links paid. */
const SvcPaymentsPage = () => {
  const [rows, setRows] = useState<Row[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call<{ checkouts: Row[] }>(`/admin/svc/checkouts?attention=true&limit=200`)
      .then((j) => setRows(j.checkouts))
      .catch((e) => setError(String(e.message ?? e)))
  }, [])
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">svc payments needing attention</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Money that arrived where it cannot be kept, and payments that failed after their order was placed.
        </Text>
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{error}</Text>}
      {rows && rows.length === 0 && <Text className="px-6 py-4">Nothing needs attention.</Text>}
      {rows && rows.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>When</Table.HeaderCell>
              <Table.HeaderCell>Checkout</Table.HeaderCell>
              <Table.HeaderCell>Amount</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>Needs</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell>{new Date(r.created_at).toLocaleString()}</Table.Cell>
                <Table.Cell>{r.checkout_id}</Table.Cell>
                <Table.Cell>RM {(r.amount_sen / 100).toFixed(2)}</Table.Cell>
                <Table.Cell><Badge>{r.status}</Badge></Table.Cell>
                <Table.Cell>
                  <Badge color="red">{r.attention}</Badge> <Text size="small">{r.attention_reason}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "svc payments", icon: CurrencyDollar })

export default SvcPaymentsPage
