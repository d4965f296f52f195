import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Input, Label, Prompt, Select, StatusBadge, Text, toast } from "@medusajs/ui"
import { useCallback, useEffect, useRef, useState } from "react"
import { call, messageOf, newRequestId, refusedByMedusa, rm } from "../lib/api"
import { SvcStatus } from "../lib/status"

type Payout = {
  id: string
  status: string
  amount_sen: number
  fee_sen: number | null
  payout_id: string | null
  refund_id: string | null
  beneficiary_name: string | null
  destination: { bank_code?: string; account_number?: string; proxy_type?: string; proxy_value?: string }
  failure_reason: string | null
  attention: string | null
  attention_reason: string | null
  note: string | null
  created_at: string
}
type Payment = { id: string; provider_id: string; amount: number; captured_at: string | null }
type Bank = { code: string; name: string }


/**
 * Order details: refund an svc payment to the buyer's bank account (an svc
 * payout from the prefund balance), and every refund payout with its status.
 * Medusa's own Refund button cannot name a bank account: the first svc refund starts here,
 * and names the account Medusa's Refund button, returns and claims then refund to.
 */
const SvcOrderRefundsWidget = ({ data }: { data: { id: string } }) => {
  const [payouts, setPayouts] = useState<Payout[] | null>(null)
  const [payment, setPayment] = useState<Payment | null>(null)
  const [banks, setBanks] = useState<Bank[]>([])
  const [prefund, setPrefund] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  // name_check "none" stands for no check (a Select item cannot have an empty value)
  const [form, setForm] = useState({ amount: "", name: "", bank_code: "", account_number: "", name_check: "none", note: "" })
  // one refund per form: the same id until answered, so a resend (lost answer, double click) is one payout
  const requestId = useRef(newRequestId())

  const load = useCallback(async () => {
    try {
      const [{ payouts }, { order }] = await Promise.all([
        call<{ payouts: Payout[] }>(`/admin/svc/payouts?order_id=${encodeURIComponent(data.id)}`),
        call<{ order: { payment_collections?: { payments?: Payment[] }[] } }>(
          `/admin/orders/${encodeURIComponent(data.id)}?fields=id,*payment_collections.payments`
        ),
      ])
      setPayouts(payouts)
      const p = (order.payment_collections ?? []).flatMap((c) => c.payments ?? []).find((x) => x.provider_id.startsWith("pp_svc-") && x.captured_at)
      setPayment(p ?? null)
      if (p && !banks.length) {
        const b = await call<{ banks: Bank[]; prefund_available_sen: string }>(`/admin/svc/payout-banks`)
        setBanks(b.banks)
        setPrefund(b.prefund_available_sen)
      }
    } catch (e) {
      setError(messageOf(e))
    }
  }, [data.id, banks.length])
  useEffect(() => {
    load()
  }, [load])

  const submit = async () => {
    if (!payment) return
    setConfirming(false)
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const body = {
        request_id: requestId.current,
        payment_id: payment.id,
        amount: form.amount.trim(),
        beneficiary: { name: form.name.trim(), bank_code: form.bank_code, account_number: form.account_number.trim() },
        ...(form.name_check !== "none" ? { name_check: form.name_check } : {}),
        ...(form.note.trim() ? { note: form.note.trim() } : {}),
      }
      const r = await call<{ payout: Payout; message: string }>(`/admin/svc/refunds`, { method: "POST", body: JSON.stringify(body) })
      const text = `${rm(r.payout.amount_sen)}: ${r.message}`
      setResult(text)
      toast.success("Refund sent", { description: text })
      if (!["REQUESTED", "SENDING", "UNCERTAIN"].includes(r.payout.status)) requestId.current = newRequestId()
      setForm({ ...form, amount: "", note: "" })
      await load()
    } catch (e) {
      setError(messageOf(e))
      toast.error("Refund refused", { description: messageOf(e) })
      // refused: nothing was sent, a corrected form is a new refund; no answer: keep the id
      if (refusedByMedusa(e)) requestId.current = newRequestId()
    } finally {
      setBusy(false)
    }
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value })

  return (
    <Container className="divide-y p-0" data-testid="svc-refunds">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">svc refunds</Heading>
        {prefund !== null && <Text size="small" className="text-ui-fg-subtle">Prefund {rm(Number(prefund))}</Text>}
      </div>
      {payouts?.map((p) => (
        <div key={p.id} className="flex flex-col gap-y-1 px-6 py-3">
          <div className="flex items-center justify-between">
            <Text weight="plus">
              {rm(p.amount_sen)} → {p.beneficiary_name} {p.destination.bank_code ?? p.destination.proxy_type}{" "}
              {p.destination.account_number ?? p.destination.proxy_value}
            </Text>
            <SvcStatus status={p.status} />
          </div>
          {p.attention && <StatusBadge color="red" className="whitespace-normal">{p.attention_reason}</StatusBadge>}
          {p.failure_reason && <Text size="small" className="text-ui-fg-subtle">{p.failure_reason}</Text>}
          <Text size="xsmall" className="text-ui-fg-muted">
            {new Date(p.created_at).toLocaleString()} · payout {p.payout_id ?? "—"} · fee {p.fee_sen != null ? rm(p.fee_sen) : "—"}
            {p.note ? ` · ${p.note}` : ""}
          </Text>
        </div>
      ))}
      {payment ? (
        <div className="flex flex-col gap-y-3 px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            Refund to the buyer's bank account: svc pays it out from the prefund balance (a payout). The account is checked with the bank before any money moves.
          </Text>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor="svc-refund-amount">Amount (RM)</Label>
              <Input id="svc-refund-amount" placeholder="25.50" value={form.amount} onChange={set("amount")} />
            </div>
            <div>
              <Label htmlFor="svc-refund-name">Account holder</Label>
              <Input id="svc-refund-name" value={form.name} onChange={set("name")} />
            </div>
            <div>
              <Label htmlFor="svc-refund-bank">Bank</Label>
              <Select value={form.bank_code} onValueChange={(v) => setForm({ ...form, bank_code: v })}>
                <Select.Trigger id="svc-refund-bank">
                  <Select.Value placeholder="Choose…" />
                </Select.Trigger>
                <Select.Content>
                  {banks.map((b) => (
                    <Select.Item key={b.code} value={b.code}>
                      {b.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
            <div>
              <Label htmlFor="svc-refund-account">Account number</Label>
              <Input id="svc-refund-account" inputMode="numeric" value={form.account_number} onChange={set("account_number")} />
            </div>
            <div>
              <Label htmlFor="svc-refund-namecheck">Name check</Label>
              <Select value={form.name_check} onValueChange={(v) => setForm({ ...form, name_check: v })}>
                <Select.Trigger id="svc-refund-namecheck">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="none">None</Select.Item>
                  <Select.Item value="strict">Strict (as on the identity card)</Select.Item>
                  <Select.Item value="loose">Loose</Select.Item>
                </Select.Content>
              </Select>
            </div>
            <div>
              <Label htmlFor="svc-refund-note">Note</Label>
              <Input id="svc-refund-note" value={form.note} onChange={set("note")} />
            </div>
          </div>
          {error && <Text className="text-ui-fg-error" data-testid="svc-refund-error">{error}</Text>}
          {result && <Text className="text-ui-fg-interactive" data-testid="svc-refund-result">{result}</Text>}
          <Button id="svc-refund-submit" variant="secondary" isLoading={busy} disabled={busy || !form.amount} onClick={() => setConfirming(true)}>
            Refund to bank account
          </Button>
          <Prompt open={confirming} onOpenChange={setConfirming}>
            <Prompt.Content>
              <Prompt.Header>
                <Prompt.Title>Refund RM {form.amount.trim()} to {form.name.trim() || "the buyer"}?</Prompt.Title>
                <Prompt.Description>
                  svc pays it out from the prefund balance to {banks.find((b) => b.code === form.bank_code)?.name ?? "the bank"} account {form.account_number.trim()}.
                  The account is checked with the bank first; once sent, a payout cannot be called back.
                </Prompt.Description>
              </Prompt.Header>
              <Prompt.Footer>
                <Prompt.Cancel>Cancel</Prompt.Cancel>
                <Prompt.Action id="svc-refund-confirm" onClick={submit}>
                  Refund
                </Prompt.Action>
              </Prompt.Footer>
            </Prompt.Content>
          </Prompt>
        </div>
      ) : (
        payouts !== null && <Text className="px-6 py-4 text-ui-fg-subtle">No captured svc payment to refund.</Text>
      )}
      {error && !payment && <Text className="px-6 py-4 text-ui-fg-error">{error}</Text>}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default SvcOrderRefundsWidget
