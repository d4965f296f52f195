/**
 * A bank account's or beneficiary's trigger address and its allowed senders
 * (the same tools in both svc areas), and the deposits that arrived on it.
 */
import { Badge, Button, Drawer, Heading, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { ActionButton, column, monoColumn, RowActions, statusColumn, whenColumn } from "./columns"
import { ConfirmButton } from "./confirm-button"
import { TextField } from "./fields"
import { ifText } from "./format"
import { useLoadedList } from "./list-section"
import { PagedTable } from "./paged-table"
import { svcDelete, svcPost, useSvcAction, useSvcQuery } from "./query"
import { errorText } from "./sdk"
import { Status } from "./status"
import type { AllowedSendersAnswer, Deposit, DepositsAnswer } from "./types"

type Sender = AllowedSendersAnswer["allowed_senders"][number]

/** The deposits that arrived on a trigger address. */
const DEPOSIT_COLUMNS = [
  statusColumn<Deposit>((d) => d.status),
  monoColumn<Deposit>("from", "From", (d) => d.from_address, 10),
  column<Deposit>("summary", "Result", (d) => <span className="whitespace-normal">{d.summary}</span>),
  whenColumn<Deposit>("Received", (d) => d.created_at),
]

type Base = "/admin/svc/bank-accounts" | "/admin/svc/beneficiaries"

/** The panel in a drawer, open while there is an `owner` (a row's "Trigger address" button sets it). */
export const TriggerAddressDrawer = ({
  base,
  owner,
  ownerLabel,
  onClose,
}: {
  base: Base
  owner: { id: string; title: string } | null
  ownerLabel: string
  onClose: () => void
}) => (
  <Drawer open={Boolean(owner)} onOpenChange={(o) => !o && onClose()}>
    <Drawer.Content>
      <Drawer.Header>
        <Drawer.Title>{owner?.title ?? ""}</Drawer.Title>
      </Drawer.Header>
      <Drawer.Body className="overflow-y-auto">{owner && <TriggerAddressPanel base={base} ownerId={owner.id} ownerLabel={ownerLabel} />}</Drawer.Body>
    </Drawer.Content>
  </Drawer>
)

export function TriggerAddressPanel({ base, ownerId, ownerLabel }: { base: Base; ownerId: string; ownerLabel: string }) {
  const path = `${base}/${ownerId}`
  const senders = useSvcQuery<AllowedSendersAnswer>(`${path}/allowed-senders`)
  const deposits = useLoadedList<DepositsAnswer, Deposit>("/admin/svc/deposits", (a) => a.deposits, { destination_id: ownerId, limit: 50 })
  const { run } = useSvcAction()
  const [form, setForm] = useState({ address: "", label: "" })
  const [formError, setFormError] = useState<string | null>(null)
  const s = senders.data
  const full = Boolean(s && s.count >= s.limit)

  const senderColumns = useMemo(
    () => [
      monoColumn<Sender>("address", "Address", (x) => x.address, 12),
      column<Sender>("label", "Label", (x) => x.label ?? "–"),
      column<Sender>("state", "State", (x) => <Status value={x.active ? "active" : "disabled"} />),
      column<Sender>("actions", "", (x) => (
        <RowActions>
          <ActionButton onClick={() => run(x.active ? "Sender disabled" : "Sender enabled", () => svcPost(`${path}/allowed-senders/${x.id}`, { active: !x.active }))}>
            {x.active ? "Disable" : "Enable"}
          </ActionButton>
          <ConfirmButton
            variant="danger"
            title="Remove this sender?"
            description={`${x.address} will no longer start payouts; a place in the ${s?.limit ?? 50} is freed. Deposits already in progress are not affected.`}
            confirm="Remove"
            onConfirm={() => run("Sender removed", () => svcDelete(`${path}/allowed-senders/${x.id}`))}
          >
            Remove
          </ConfirmButton>
        </RowActions>
      )),
    ],
    [run, path, s?.limit]
  )

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
            onConfirm={() => run("Trigger address ready", () => svcPost(`${path}/trigger-address`))}
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
        {senders.error && <Text className="text-ui-fg-error">{errorText(senders.error)}</Text>}
        {s?.note && (
          <Text size="small" className="text-ui-fg-subtle">
            {s.note}
          </Text>
        )}
        {s && full && (
          <Text size="small" className="text-ui-fg-error">
            svc allows at most {s.limit} senders per trigger address, and disabled ones count: svc answers 403 to one more. Remove a sender you no longer need to add another.
          </Text>
        )}
        {s && s.allowed_senders.length > 0 && <PagedTable rows={s.allowed_senders} columns={senderColumns} rowId={(x) => x.id} empty="No allowed sender yet" />}
        {s?.trigger_address && (
          <form
            className="flex items-end gap-x-2"
            onSubmit={async (e) => {
              e.preventDefault()
              setFormError(null)
              const refusal = await run("Sender allowed", () => svcPost(`${path}/allowed-senders`, { address: form.address.trim(), ...ifText("label", form.label) }))
              if (refusal) setFormError(refusal)
              else setForm({ address: "", label: "" })
            }}
          >
            <TextField
              id="svc-sender-address"
              label="Sender address (0x…)"
              value={form.address}
              onChange={(address) => setForm({ ...form, address })}
              placeholder="0x…"
              disabled={full}
            />
            <TextField
              id="svc-sender-label"
              label="Label (optional, up to 120)"
              value={form.label}
              maxLength={120}
              onChange={(label) => setForm({ ...form, label })}
              disabled={full}
            />
            <Button size="small" type="submit" disabled={full || !form.address}>
              Allow sender
            </Button>
          </form>
        )}
        {formError && (
          <Text size="small" className="text-ui-fg-error">
            {formError}
          </Text>
        )}
      </div>

      <div className="flex flex-col gap-y-2">
        <Heading level="h3">Deposits on it</Heading>
        {deposits.error && <Text className="text-ui-fg-error">{errorText(deposits.error)}</Text>}
        <PagedTable rows={deposits.rows} isLoading={deposits.isLoading} columns={DEPOSIT_COLUMNS} rowId={(d) => d.id} empty="No deposit event received yet." />
      </div>
    </div>
  )
}
