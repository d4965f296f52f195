/**
 * A bank account's or beneficiary's trigger address and its allowed senders
 * (the same tools in both svc areas), and the deposits that arrived on it.
 */
import { Badge, Button, Heading, Input, Label, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { ConfirmButton } from "./confirm-button"
import { short, when } from "./format"
import { PagedTable } from "./paged-table"
import { svcDelete, svcPost, useSvcAction, useSvcQuery } from "./query"
import { errorText } from "./sdk"
import { Status } from "./status"
import type { AllowedSendersAnswer, Deposit, DepositsAnswer } from "./types"

type Sender = AllowedSendersAnswer["allowed_senders"][number]
const senderCol = createDataTableColumnHelper<Sender>()
const depositCol = createDataTableColumnHelper<Deposit>()

export function TriggerAddressPanel({ base, ownerId, ownerLabel }: { base: "/admin/svc/bank-accounts" | "/admin/svc/beneficiaries"; ownerId: string; ownerLabel: string }) {
  const path = `${base}/${ownerId}`
  const senders = useSvcQuery<AllowedSendersAnswer>(`${path}/allowed-senders`)
  const deposits = useSvcQuery<DepositsAnswer>("/admin/svc/deposits", { destination_id: ownerId, limit: 50 })
  const { run } = useSvcAction()
  const [form, setForm] = useState({ address: "", label: "" })
  const [formError, setFormError] = useState<string | null>(null)
  const s = senders.data
  const full = Boolean(s && s.count >= s.limit)

  const senderColumns = useMemo(
    () => [
      senderCol.display({ id: "address", header: "Address", cell: ({ row }) => <span className="font-mono">{short(row.original.address, 12)}</span> }),
      senderCol.display({ id: "label", header: "Label", cell: ({ row }) => row.original.label ?? "–" }),
      senderCol.display({ id: "state", header: "State", cell: ({ row }) => <Status value={row.original.active ? "active" : "disabled"} /> }),
      senderCol.display({
        id: "actions",
        header: "",
        cell: ({ row }) => {
          const x = row.original
          return (
            <div className="flex gap-x-2">
              <Button
                size="small"
                variant="secondary"
                onClick={() => run(x.active ? "Sender disabled" : "Sender enabled", () => svcPost(`${path}/allowed-senders/${x.id}`, { active: !x.active }))}
              >
                {x.active ? "Disable" : "Enable"}
              </Button>
              <ConfirmButton
                variant="danger"
                title="Remove this sender?"
                description={`${x.address} will no longer start payouts; a place in the ${s?.limit ?? 50} is freed. Deposits already in progress are not affected.`}
                confirm="Remove"
                onConfirm={() => run("Sender removed", () => svcDelete(`${path}/allowed-senders/${x.id}`))}
              >
                Remove
              </ConfirmButton>
            </div>
          )
        },
      }),
    ],
    [run, path, s?.limit]
  )
  const depositColumns = useMemo(
    () => [
      depositCol.display({ id: "status", header: "Status", cell: ({ row }) => <Status value={row.original.status} /> }),
      depositCol.display({ id: "from", header: "From", cell: ({ row }) => <span className="font-mono">{short(row.original.from_address, 10)}</span> }),
      depositCol.display({ id: "summary", header: "Result", cell: ({ row }) => <span className="whitespace-normal">{row.original.summary}</span> }),
      depositCol.display({ id: "at", header: "Received", cell: ({ row }) => when(row.original.created_at) }),
    ],
    []
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
        {s?.note && <Text size="small" className="text-ui-fg-subtle">{s.note}</Text>}
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
              const label = form.label.trim()
              const refusal = await run("Sender allowed", () => svcPost(`${path}/allowed-senders`, { address: form.address.trim(), ...(label ? { label } : {}) }))
              if (refusal) setFormError(refusal)
              else setForm({ address: "", label: "" })
            }}
          >
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-sender-address">
                Sender address (0x…)
              </Label>
              <Input id="svc-sender-address" size="small" value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} placeholder="0x…" disabled={full} />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-sender-label">
                Label (optional, up to 120)
              </Label>
              <Input id="svc-sender-label" size="small" value={form.label} maxLength={120} onChange={(e) => setForm({ ...form, label: e.target.value })} disabled={full} />
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
        {deposits.error && <Text className="text-ui-fg-error">{errorText(deposits.error)}</Text>}
        <PagedTable rows={deposits.data?.deposits ?? []} isLoading={deposits.isLoading} columns={depositColumns} rowId={(d) => d.id} empty="No deposit event received yet." />
      </div>
    </div>
  )
}
