/**
 * A bank account's or beneficiary's trigger address and its allowed senders
 * (the same tools in both svc areas), and the deposits that arrived on it.
 */
import { Badge, Button, Heading, Input, Label, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { ConfirmButton, Status, errorText, short, svcAdmin, useLoad, when } from "./svc-admin"

type Sender = { id: string; address: string; label: string | null; active: boolean; created_at: string }
type Senders = { trigger_address: string | null; allowed_senders: Sender[]; count: number; limit: number; note: string | null }
type Deposit = { deposit_id: string; status: string; amount: string; from_address: string; summary: string; status_reason_words: string | null; created_at: string }

export function TriggerAddressPanel({ base, ownerId, ownerLabel }: { base: "/admin/svc/bank-accounts" | "/admin/svc/beneficiaries"; ownerId: string; ownerLabel: string }) {
  const path = `${base}/${ownerId}`
  const senders = useLoad(() => svcAdmin<Senders>(`${path}/allowed-senders`), [path])
  const deposits = useLoad(() => svcAdmin<{ deposits: Deposit[] }>(`/admin/svc/deposits?destination_id=${ownerId}&limit=50`), [ownerId])
  const [form, setForm] = useState({ address: "", label: "" })
  const [formError, setFormError] = useState<string | null>(null)

  const act = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn()
      toast.success(what)
      await senders.reload()
    } catch (e) {
      toast.error(errorText(e))
    }
  }
  const s = senders.data
  const full = Boolean(s && s.count >= s.limit)

  return (
    <div className="flex flex-col gap-y-4">
      <div className="flex flex-col gap-y-2">
        <Heading level="h3">Trigger address</Heading>
        {s?.trigger_address ? (
          <Text size="small" className="font-mono" data-testid="trigger-address">
            {s.trigger_address}
          </Text>
        ) : (
          <Text size="small" className="text-ui-fg-subtle">
            None yet. Tokens sent to a trigger address are paid out to {ownerLabel} automatically, once at least one sender is allowed.
          </Text>
        )}
        <div>
          <ConfirmButton
            title={s?.trigger_address ? "Show the trigger address again?" : "Create the trigger address?"}
            description={`svc gives ${ownerLabel} one trigger address for life: asking again returns the same address. It takes EVM tokens only.`}
            confirm={s?.trigger_address ? "Ask svc" : "Create"}
            onConfirm={() => act("Trigger address ready", () => svcAdmin(`${path}/trigger-address`, { method: "POST" }))}
          >
            {s?.trigger_address ? "Ask svc again" : "Create trigger address"}
          </ConfirmButton>
        </div>
      </div>

      <div className="flex flex-col gap-y-2">
        <div className="flex items-center gap-x-2">
          <Heading level="h3">Allowed senders</Heading>
          {s && (
            <Badge size="2xsmall" color={full ? "red" : "grey"} data-testid="sender-count">
              {s.count} of {s.limit}
            </Badge>
          )}
        </div>
        {senders.error && <Text className="text-ui-fg-error">{senders.error}</Text>}
        {s?.note && <Text size="small" className="text-ui-fg-subtle">{s.note}</Text>}
        {full && (
          <Text size="small" className="text-ui-fg-error">
            svc allows at most {s!.limit} senders per trigger address, and disabled ones count: svc answers 403 to one more. Remove a sender you no longer need to add another.
          </Text>
        )}
        {s && s.allowed_senders.length > 0 && (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Address</Table.HeaderCell>
                <Table.HeaderCell>Label</Table.HeaderCell>
                <Table.HeaderCell>State</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {s.allowed_senders.map((x) => (
                <Table.Row key={x.id}>
                  <Table.Cell className="font-mono">{short(x.address, 12)}</Table.Cell>
                  <Table.Cell>{x.label ?? "–"}</Table.Cell>
                  <Table.Cell>
                    <Status value={x.active ? "active" : "disabled"} />
                  </Table.Cell>
                  <Table.Cell className="flex gap-x-2">
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => act(x.active ? "Sender disabled" : "Sender enabled", () => svcAdmin(`${path}/allowed-senders/${x.id}`, { method: "POST", body: { active: !x.active } }))}
                    >
                      {x.active ? "Disable" : "Enable"}
                    </Button>
                    <ConfirmButton
                      variant="danger"
                      title="Remove this sender?"
                      description={`${x.address} will no longer start payouts; a place in the ${s.limit} is freed. Deposits already in progress are not affected.`}
                      confirm="Remove"
                      onConfirm={() => act("Sender removed", () => svcAdmin(`${path}/allowed-senders/${x.id}`, { method: "DELETE" }))}
                    >
                      Remove
                    </ConfirmButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
        {s?.trigger_address && (
          <form
            className="flex items-end gap-x-2"
            onSubmit={async (e) => {
              e.preventDefault()
              setFormError(null)
              try {
                await svcAdmin(`${path}/allowed-senders`, { method: "POST", body: { address: form.address.trim(), ...(form.label.trim() ? { label: form.label.trim() } : {}) } })
                toast.success("Sender allowed")
                setForm({ address: "", label: "" })
                await senders.reload()
              } catch (err) {
                setFormError(errorText(err))
              }
            }}
          >
            <div className="flex flex-col gap-y-1">
              <Label size="small">Sender address (0x…)</Label>
              <Input size="small" value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} placeholder="0x…" disabled={full} />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small">Label (optional, up to 120)</Label>
              <Input size="small" value={form.label} maxLength={120} onChange={(e) => setForm({ ...form, label: e.target.value })} disabled={full} />
            </div>
            <Button size="small" type="submit" disabled={full || !form.address}>
              Allow sender
            </Button>
          </form>
        )}
        {formError && <Text size="small" className="text-ui-fg-error">{formError}</Text>}
      </div>

      <div className="flex flex-col gap-y-2">
        <Heading level="h3">Deposits on it</Heading>
        {deposits.data && deposits.data.deposits.length === 0 && <Text size="small" className="text-ui-fg-subtle">No deposit event received yet.</Text>}
        {deposits.data && deposits.data.deposits.length > 0 && (
          <Table>
            <Table.Body>
              {deposits.data.deposits.map((d) => (
                <Table.Row key={d.deposit_id}>
                  <Table.Cell>
                    <Status value={d.status} />
                  </Table.Cell>
                  <Table.Cell className="font-mono">{short(d.from_address, 10)}</Table.Cell>
                  <Table.Cell>{d.summary}</Table.Cell>
                  <Table.Cell>{when(d.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </div>
    </div>
  )
}
