import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { call, messageOf, rm } from "../lib/api"
import { SvcStatus } from "../lib/status"

type Entry = { status: string; at: string; source: string }
type Checkout = {
  id: string
  checkout_id: string | null
  type: string
  status: string
  amount_sen: number
  attempt: number
  idempotency_key: string
  failure_reason: string | null
  attention: string | null
  attention_reason: string | null
  tx_hash: string | null
  paid_at: string | null
  status_history: { entries?: Entry[] }
  created_at: string
}


/** Order details: every svc checkout of this order, its status history and anything needing an admin. */
const SvcOrderPaymentWidget = ({ data }: { data: { id: string } }) => {
  const [rows, setRows] = useState<Checkout[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call<{ checkouts: Checkout[] }>(`/admin/svc/checkouts?order_id=${encodeURIComponent(data.id)}`)
      .then((j) => setRows(j.checkouts))
      .catch((e) => setError(messageOf(e)))
  }, [data.id])

  return (
    <Container className="divide-y p-0" data-testid="svc-payment">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">svc payment</Heading>
      </div>
      {error && <Text className="px-6 py-4 text-ui-fg-error">{error}</Text>}
      {!error && rows === null && <Text className="px-6 py-4">Loading…</Text>}
      {rows?.length === 0 && <Text className="px-6 py-4 text-ui-fg-subtle">No svc checkout for this order.</Text>}
      {rows?.map((c) => (
        <div key={c.id} className="flex flex-col gap-y-2 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text weight="plus">{c.type.replace("_", " ")} · {rm(c.amount_sen)}</Text>
            <SvcStatus status={c.status} />
          </div>
          {c.attention && (
            <StatusBadge color="red" className="whitespace-normal">
              {c.attention}: {c.attention_reason}
            </StatusBadge>
          )}
          {c.failure_reason && <Text size="small" className="text-ui-fg-subtle">{c.failure_reason}</Text>}
          <Text size="small" className="text-ui-fg-subtle">Checkout {c.checkout_id ?? "(not created)"} · attempt {c.attempt}</Text>
          {c.tx_hash && <Text size="small" className="text-ui-fg-subtle break-all">Tx {c.tx_hash}</Text>}
          <ul>
            {(c.status_history?.entries ?? []).map((e, i) => (
              <li key={i}>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {new Date(e.at).toLocaleString()} · {e.status} · {e.source}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default SvcOrderPaymentWidget
