import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, Copy, Heading, Input, Label, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { SelectField } from "../lib/fields"
import { clock, rm, when } from "../lib/format"
import { svcPost, svcQueryKey, useSvcMutation, useSvcQuery } from "../lib/query"
import { SvcWidget } from "../lib/page"
import { errorText } from "../lib/sdk"
import { Status } from "../lib/status"
import type { BalanceAnswer, CheckoutsAnswer, PaymentLinkAnswer } from "../lib/types"

/**
 * The order's balance (an order edit, exchange, claim or draft order left an
 * amount due): "Request payment" makes an svc checkout link for it on the
 * order's unpaid payment collection, to copy and send to the buyer. svc links
 * last 20 minutes; "New link" asks again (the same link while it is open).
 */
const BalanceRequest = ({ orderId }: { orderId: string }) => {
  const path = `/admin/svc/orders/${encodeURIComponent(orderId)}/balance`
  const read = useSvcQuery<BalanceAnswer>(path)
  const [chosen, setChosen] = useState("")
  const [note, setNote] = useState<string | null>(null)
  // the answer holds the balance with its link: shown at once, before the balance is read again
  const request = useSvcMutation(
    (body: { provider_id: string; payment_collection_id?: string }) => svcPost<PaymentLinkAnswer>(`${path}/payment-link`, body),
    (r, client) => client.setQueryData<BalanceAnswer>(svcQueryKey(path), { balance: r.balance })
  )
  const balance = read.data?.balance
  const provider = chosen || balance?.link?.provider_id || balance?.providers.find((x) => x.id.startsWith("pp_svc-fpx_"))?.id || balance?.providers[0]?.id || ""

  const ask = async () => {
    if (!balance) return
    setNote(null)
    try {
      const r = await request.mutateAsync({ provider_id: provider, ...(balance.payment_collection ? { payment_collection_id: balance.payment_collection.id } : {}) })
      setNote(r.reused ? `svc still has this link open until ${clock(r.link.expires_at)}: the same link was given again.` : null)
      toast.success(r.reused ? "The open link again" : "Payment link made", { description: `${rm(r.link.amount_sen)}, valid until ${clock(r.link.expires_at)}` })
    } catch (e) {
      toast.error("No payment link", { description: errorText(e) })
    }
  }

  const error = request.error ?? read.error
  if (error && !balance) return <Text className="px-6 py-4 text-ui-fg-error">{errorText(error)}</Text>
  if (!balance) return null
  const due = balance.outstanding_sen > 0 || (balance.payment_collection?.amount_sen ?? 0) > 0
  // nothing due: nothing shown (the marker says the balance was read)
  if (!due) return <div data-testid="svc-balance" data-due="false" hidden />
  const link = balance.link
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="svc-balance" data-due="true">
      <div className="flex items-center justify-between">
        <Text weight="plus">Balance due · {rm(balance.outstanding_sen)}</Text>
        {balance.payment_collection && <Status value={balance.payment_collection.status} label={balance.payment_collection.status.replace("_", " ")} />}
      </div>
      {balance.refusal ? (
        <Text size="small" className="text-ui-fg-subtle">
          No svc link can be made: {balance.refusal}.
        </Text>
      ) : (
        <>
          {balance.providers.length > 1 && (
            <SelectField id="svc-balance-method" label="Method" value={provider} onValueChange={setChosen} choices={balance.providers.map((p) => [p.id, p.title] as const)} />
          )}
          {link && (
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-balance-link" size="small">
                Link to send to the buyer ({rm(link.amount_sen)})
              </Label>
              <div className="flex items-center gap-x-2">
                <Input id="svc-balance-link" readOnly value={link.checkout_url} onFocus={(e) => e.currentTarget.select()} />
                <Copy content={link.checkout_url} />
              </div>
              <Text size="small" className="text-ui-fg-subtle">
                svc links last 20 minutes: this one works until {clock(link.expires_at)}. If it expires or the buyer asks again, make a new one.
              </Text>
            </div>
          )}
          {note && (
            <Text size="small" className="text-ui-fg-subtle">
              {note}
            </Text>
          )}
          {request.error && (
            <Text size="small" className="text-ui-fg-error">
              {errorText(request.error)}
            </Text>
          )}
          <div>
            <Button id="svc-balance-request" size="small" variant="secondary" isLoading={request.isPending} disabled={request.isPending || !provider} onClick={ask}>
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
  const list = useSvcQuery<CheckoutsAnswer>("/admin/svc/checkouts", { order_id: data.id })
  const rows = list.data?.checkouts
  return (
    <SvcWidget testId="svc-payment">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">svc payment</Heading>
      </div>
      <BalanceRequest orderId={data.id} />
      {list.error && <Text className="px-6 py-4 text-ui-fg-error">{errorText(list.error)}</Text>}
      {list.isLoading && <Text className="px-6 py-4">Loading…</Text>}
      {rows?.length === 0 && <Text className="px-6 py-4 text-ui-fg-subtle">No svc checkout for this order.</Text>}
      {rows?.map((c) => (
        <div key={c.id} className="flex flex-col gap-y-2 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text weight="plus">
              {c.type.replace("_", " ")} · {rm(c.amount_sen)}
            </Text>
            <Status value={c.status} />
          </div>
          {c.attention && <Status value="attention" label={`${c.attention}: ${c.attention_reason ?? ""}`} className="whitespace-normal" />}
          {c.failure_reason && (
            <Text size="small" className="text-ui-fg-subtle">
              {c.failure_reason}
            </Text>
          )}
          <Text size="small" className="text-ui-fg-subtle" data-testid="svc-checkout-title">
            Shown to the buyer on svc's page as “{c.title}”
          </Text>
          <Text size="small" className="text-ui-fg-subtle">
            Checkout {c.checkout_id ?? "(not created)"} · attempt {c.attempt}
          </Text>
          {c.tx_hash && (
            <Text size="small" className="text-ui-fg-subtle break-all">
              Tx {c.tx_hash}
            </Text>
          )}
          <ul>
            {(c.status_history.entries ?? []).map((e, i) => (
              <li key={i}>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {when(e.at)} · {e.status} · {e.source}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </SvcWidget>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default SvcOrderPaymentWidget
