import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, Container, Copy, Heading, Input, Label, Select, StatusBadge, Text, toast } from "@medusajs/ui"
import { useCallback, useEffect, useState } from "react"
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

type BalanceLink = { session_id: string; provider_id: string; checkout_id: string; checkout_url: string; expires_at: string; amount_sen: number; svc_status: string }
type Balance = {
  order_id: string
  outstanding: string
  outstanding_sen: number
  payment_collection: { id: string; status: string; amount_sen: number } | null
  providers: { id: string; title: string }[]
  link: BalanceLink | null
  refusal: string | null
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })

/**
 * The order's balance (an order edit, exchange, claim or draft order left an
 * amount due): "Request payment" makes an svc checkout link for it on the
 * order's unpaid payment collection, to copy and send to the buyer. svc links
 * last 20 minutes; "New link" asks again (the same link while it is open).
 */
const BalanceRequest = ({ orderId, onChanged }: { orderId: string; onChanged: () => void }) => {
  const [balance, setBalance] = useState<Balance | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [provider, setProvider] = useState<string>("")
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const load = useCallback(() => {
    call<{ balance: Balance }>(`/admin/svc/orders/${encodeURIComponent(orderId)}/balance`)
      .then((j) => {
        setBalance(j.balance)
        setProvider((p) => p || j.balance.link?.provider_id || j.balance.providers.find((x) => x.id.startsWith("pp_svc-fpx_"))?.id || j.balance.providers[0]?.id || "")
      })
      .catch((e) => setError(messageOf(e)))
  }, [orderId])
  useEffect(load, [load])

  const request = async () => {
    setBusy(true)
    setNote(null)
    try {
      const body = { provider_id: provider, ...(balance?.payment_collection ? { payment_collection_id: balance.payment_collection.id } : {}) }
      const r = await call<{ link: BalanceLink; reused: boolean; balance: Balance }>(
        `/admin/svc/orders/${encodeURIComponent(orderId)}/balance/payment-link`,
        { method: "POST", body: JSON.stringify(body) }
      )
      setBalance(r.balance)
      setNote(r.reused ? `svc still has this link open until ${time(r.link.expires_at)}: the same link was given again.` : null)
      toast.success(r.reused ? "The open link again" : "Payment link made", { description: `${rm(r.link.amount_sen)}, valid until ${time(r.link.expires_at)}` })
      onChanged()
    } catch (e) {
      toast.error("No payment link", { description: messageOf(e) })
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }

  if (error && !balance) return <Text className="px-6 py-4 text-ui-fg-error">{error}</Text>
  if (!balance) return null
  const due = balance.outstanding_sen > 0 || (balance.payment_collection?.amount_sen ?? 0) > 0
  // nothing due: nothing shown (the marker says the balance was read)
  if (!due) return <div data-testid="svc-balance" data-due="false" hidden />
  const link = balance.link
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="svc-balance" data-due="true">
      <div className="flex items-center justify-between">
        <Text weight="plus">Balance due · {rm(balance.outstanding_sen)}</Text>
        {balance.payment_collection && <StatusBadge color="orange">{balance.payment_collection.status.replace("_", " ")}</StatusBadge>}
      </div>
      {balance.refusal ? (
        <Text size="small" className="text-ui-fg-subtle">No svc link can be made: {balance.refusal}.</Text>
      ) : (
        <>
          {balance.providers.length > 1 && (
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-balance-method" size="small">Method</Label>
              <Select value={provider} onValueChange={setProvider}>
                <Select.Trigger id="svc-balance-method">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {balance.providers.map((p) => (
                    <Select.Item key={p.id} value={p.id}>
                      {p.title}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          )}
          {link && (
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-balance-link" size="small">Link to send to the buyer ({rm(link.amount_sen)})</Label>
              <div className="flex items-center gap-x-2">
                <Input id="svc-balance-link" readOnly value={link.checkout_url} onFocus={(e) => e.currentTarget.select()} />
                <Copy content={link.checkout_url} />
              </div>
              <Text size="small" className="text-ui-fg-subtle">
                svc links last 20 minutes: this one works until {time(link.expires_at)}. If it expires or the buyer asks again, make a new one.
              </Text>
            </div>
          )}
          {note && <Text size="small" className="text-ui-fg-subtle">{note}</Text>}
          {error && <Text size="small" className="text-ui-fg-error">{error}</Text>}
          <div>
            <Button id="svc-balance-request" size="small" variant="secondary" isLoading={busy} disabled={busy || !provider} onClick={request}>
              {link ? "New link" : "Request payment"}
            </Button>
          </div>
          {!link && (
            <Text size="small" className="text-ui-fg-subtle">
              Makes an svc checkout link for the balance, to copy and send to the buyer. svc links last 20 minutes; you can make a new one when asked.
            </Text>
          )}
        </>
      )}
    </div>
  )
}

/** Order details: every svc checkout of this order, its status history and anything needing an admin. */
const SvcOrderPaymentWidget = ({ data }: { data: { id: string } }) => {
  const [rows, setRows] = useState<Checkout[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(() => {
    call<{ checkouts: Checkout[] }>(`/admin/svc/checkouts?order_id=${encodeURIComponent(data.id)}`)
      .then((j) => setRows(j.checkouts))
      .catch((e) => setError(messageOf(e)))
  }, [data.id])
  useEffect(load, [load])

  return (
    <Container className="divide-y p-0" data-testid="svc-payment">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">svc payment</Heading>
      </div>
      <BalanceRequest orderId={data.id} onChanged={load} />
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
