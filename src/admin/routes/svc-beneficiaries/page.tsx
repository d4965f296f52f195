import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Users } from "@medusajs/icons"
import { Button, Container, Drawer, Heading, Input, Label, Select, Table, Text, createDataTableColumnHelper, toast, type DataTablePaginationState } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { ConfirmButton, ServerTable, Status, errorText, pageQuery, rm, short, svcAdmin, useLoad, when } from "../../lib/svc-admin"
import { TriggerAddressPanel } from "../../lib/svc-trigger-panel"

type Beneficiary = {
  id: string
  beneficiary_id: string
  name: string
  kind: "BANK_ACCOUNT" | "PROXY"
  bank_code: string | null
  account_number_masked: string | null
  proxy_type: string | null
  proxy_value_masked: string | null
  name_check: string | null
  bank_account_verified: boolean | null
  bank_account_verified_at: string | null
  trigger_address: string | null
  removed_at: string | null
  created_at: string
}
type Payout = { payout_id: string; status: string; amount_sen: string | null; fee_sen: string | null; beneficiary: { name: string | null; account_number: string | null; proxy_value: string | null } | null; refund_of_order: string | null; created_at: string | null }
const PROXY_TYPES = [
  ["MOBILE", "Mobile number"],
  ["NRIC", "NRIC"],
  ["PASSPORT", "Passport"],
  ["BRN", "Business registration"],
  ["ARMY", "Army number"],
] as const

const col = createDataTableColumnHelper<Beneficiary>()

/**
 * svc beneficiaries (payout area): the prefund balance and every payout,
 * beneficiaries registered from this store (svc has no list route), register
 * (bank account or DuitNow proxy, optional name check), verify, remove, and
 * each one's trigger address and allowed senders.
 */
const SvcBeneficiariesPage = () => {
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: 10 })
  const list = useLoad(() => svcAdmin<{ beneficiaries: Beneficiary[]; count: number }>(`/admin/svc/beneficiaries?${pageQuery(pagination)}`), [pagination])
  const banks = useLoad(() => svcAdmin<{ banks: { code: string; name: string }[]; prefund_available_sen: string }>("/admin/svc/payout-banks"), [])
  const [payoutCursors, setPayoutCursors] = useState<(string | null)[]>([null])
  const payoutCursor = payoutCursors[payoutCursors.length - 1]
  const payouts = useLoad(
    () => svcAdmin<{ payouts: Payout[]; has_more: boolean; next_cursor: string | null }>(`/admin/svc/prefund/payouts?limit=10${payoutCursor ? `&cursor=${encodeURIComponent(payoutCursor)}` : ""}`),
    [payoutCursor]
  )
  const [kind, setKind] = useState<"bank" | "proxy">("bank")
  const [form, setForm] = useState({ name: "", bank_code: "", account_number: "", proxy_type: "MOBILE", proxy_value: "", name_check: "none" })
  const [formError, setFormError] = useState<string | null>(null)
  const [open, setOpen] = useState<Beneficiary | null>(null)

  const act = async (done: string, fn: () => Promise<unknown>) => {
    try {
      await fn()
      toast.success(done)
      await list.reload()
    } catch (e) {
      toast.error(errorText(e))
    }
  }

  const columns = useMemo(
    () => [
      col.accessor("name", { header: "Name" }),
      col.display({
        id: "destination",
        header: "Destination",
        cell: ({ row }) => (row.original.kind === "BANK_ACCOUNT" ? `${row.original.bank_code} ${row.original.account_number_masked}` : `DuitNow ${row.original.proxy_type} ${row.original.proxy_value_masked}`),
      }),
      col.display({
        id: "verified",
        header: "Bank check",
        cell: ({ row }) =>
          row.original.removed_at ? <Status value="REMOVED" /> : <Status value={row.original.bank_account_verified ? "verified" : "PENDING"} label={row.original.bank_account_verified ? `verified${row.original.name_check ? ` (${row.original.name_check} name)` : ""}` : "unverified"} />,
      }),
      col.display({ id: "trigger", header: "Trigger address", cell: ({ row }) => <span className="font-mono">{short(row.original.trigger_address, 10)}</span> }),
      col.display({
        id: "actions",
        header: "",
        cell: ({ row }) => {
          const b = row.original
          if (b.removed_at) return <Text size="small">removed {when(b.removed_at)}</Text>
          return (
            <div className="flex gap-x-2">
              <Button size="small" variant="secondary" onClick={() => setOpen(b)}>
                Trigger address
              </Button>
              <Button size="small" variant="secondary" onClick={() => act("Verified with the bank", () => svcAdmin(`/admin/svc/beneficiaries/${b.beneficiary_id}/verify`, { method: "POST", body: b.name_check ? { name_check: b.name_check } : {} }))}>
                Verify
              </Button>
              <ConfirmButton
                variant="danger"
                title={`Remove ${b.name}?`}
                description="svc removes the beneficiary and deactivates its trigger address. (The removal route is assumed: the spec names it without a path.)"
                confirm="Remove"
                onConfirm={() => act("Beneficiary removed", () => svcAdmin(`/admin/svc/beneficiaries/${b.beneficiary_id}`, { method: "DELETE" }))}
              >
                Remove
              </ConfirmButton>
            </div>
          )
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.reload]
  )

  const register = async () => {
    setFormError(null)
    const body: Record<string, string> = { name: form.name.trim() }
    if (kind === "bank") Object.assign(body, { bank_code: form.bank_code, account_number: form.account_number.trim() })
    else Object.assign(body, { proxy_type: form.proxy_type, proxy_value: form.proxy_value.trim() })
    if (form.name_check !== "none") body.name_check = form.name_check
    try {
      const r = await svcAdmin<{ existing: boolean }>("/admin/svc/beneficiaries", { method: "POST", body })
      toast.success(r.existing ? "Already registered: the existing beneficiary is kept" : "Beneficiary registered")
      setForm({ ...form, name: "", account_number: "", proxy_value: "" })
      await list.reload()
    } catch (e) {
      setFormError(errorText(e))
    }
  }

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h1">svc beneficiaries and prefund</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Payouts are paid from the prefund balance (topped up by bank transfer in svc's dashboard).
          </Text>
        </div>
        <div className="flex items-center gap-x-4 px-6 py-4">
          <Text weight="plus">Prefund balance</Text>
          <Text data-testid="prefund-balance">{banks.data ? rm(banks.data.prefund_available_sen) : banks.error ?? "…"}</Text>
        </div>
      </Container>

      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Register a beneficiary</Heading>
          <Text size="small" className="text-ui-fg-subtle">svc checks every beneficiary with the bank; with a name check, the name must match the account holder's.</Text>
        </div>
        <div className="grid grid-cols-2 gap-4 px-6 py-4">
          <div className="flex flex-col gap-y-1">
            <Label size="small">Destination</Label>
            <Select value={kind} onValueChange={(v) => setKind(v as "bank" | "proxy")}>
              <Select.Trigger>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="bank">Bank account</Select.Item>
                <Select.Item value="proxy">DuitNow proxy</Select.Item>
              </Select.Content>
            </Select>
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">Account holder's name</Label>
            <Input size="small" value={form.name} maxLength={100} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          {kind === "bank" ? (
            <>
              <div className="flex flex-col gap-y-1">
                <Label size="small">Bank</Label>
                <Select value={form.bank_code} onValueChange={(v) => setForm({ ...form, bank_code: v })}>
                  <Select.Trigger>
                    <Select.Value placeholder="Choose a bank" />
                  </Select.Trigger>
                  <Select.Content>
                    {(banks.data?.banks ?? []).map((b) => (
                      <Select.Item key={b.code} value={b.code}>
                        {b.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small">Account number (digits only)</Label>
                <Input size="small" inputMode="numeric" value={form.account_number} onChange={(e) => setForm({ ...form, account_number: e.target.value })} />
              </div>
            </>
          ) : (
            <>
              <div className="flex flex-col gap-y-1">
                <Label size="small">Proxy type</Label>
                <Select value={form.proxy_type} onValueChange={(v) => setForm({ ...form, proxy_type: v })}>
                  <Select.Trigger>
                    <Select.Value />
                  </Select.Trigger>
                  <Select.Content>
                    {PROXY_TYPES.map(([v, l]) => (
                      <Select.Item key={v} value={v}>
                        {l}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select>
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small">Proxy value</Label>
                <Input size="small" value={form.proxy_value} onChange={(e) => setForm({ ...form, proxy_value: e.target.value })} />
              </div>
            </>
          )}
          <div className="flex flex-col gap-y-1">
            <Label size="small">Name check</Label>
            <Select value={form.name_check} onValueChange={(v) => setForm({ ...form, name_check: v })}>
              <Select.Trigger>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="none">None (bank check only)</Select.Item>
                <Select.Item value="strict">Strict (as on the identity card)</Select.Item>
                <Select.Item value="loose">Loose (reordered or partial names)</Select.Item>
              </Select.Content>
            </Select>
          </div>
          <div className="flex items-end">
            <Button size="small" onClick={register} disabled={!form.name.trim()}>
              Register
            </Button>
          </div>
          {formError && (
            <Text size="small" className="col-span-2 text-ui-fg-error">
              {formError}
            </Text>
          )}
        </div>
      </Container>

      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Beneficiaries registered from this store</Heading>
          {list.error && <Text className="text-ui-fg-error">{list.error}</Text>}
        </div>
        <ServerTable
          rows={list.data?.beneficiaries ?? []}
          count={list.data?.count ?? 0}
          columns={columns}
          rowId={(b) => b.id}
          pagination={pagination}
          onPagination={setPagination}
          empty="No beneficiary registered yet"
          isLoading={list.loading}
        />
      </Container>

      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Payouts (all, not only refunds)</Heading>
          {payouts.error && <Text className="text-ui-fg-error">{payouts.error}</Text>}
        </div>
        <div className="px-6 py-4">
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Payout</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell>Amount</Table.HeaderCell>
                <Table.HeaderCell>Fee</Table.HeaderCell>
                <Table.HeaderCell>To</Table.HeaderCell>
                <Table.HeaderCell>Refund of order</Table.HeaderCell>
                <Table.HeaderCell>Created</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(payouts.data?.payouts ?? []).map((p) => (
                <Table.Row key={p.payout_id}>
                  <Table.Cell className="font-mono">{short(p.payout_id, 8)}</Table.Cell>
                  <Table.Cell>
                    <Status value={p.status} />
                  </Table.Cell>
                  <Table.Cell>{rm(p.amount_sen)}</Table.Cell>
                  <Table.Cell>{rm(p.fee_sen)}</Table.Cell>
                  <Table.Cell>{p.beneficiary ? `${p.beneficiary.name ?? ""} ${p.beneficiary.account_number ?? p.beneficiary.proxy_value ?? ""}` : "–"}</Table.Cell>
                  <Table.Cell>{p.refund_of_order ?? "–"}</Table.Cell>
                  <Table.Cell>{when(p.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <div className="flex justify-end gap-x-2 pt-4">
            <Button size="small" variant="secondary" disabled={payoutCursors.length <= 1} onClick={() => setPayoutCursors(payoutCursors.slice(0, -1))}>
              Previous
            </Button>
            <Button size="small" variant="secondary" disabled={!payouts.data?.has_more} onClick={() => payouts.data?.next_cursor && setPayoutCursors([...payoutCursors, payouts.data.next_cursor])}>
              Next
            </Button>
          </div>
        </div>
      </Container>

      <Drawer open={Boolean(open)} onOpenChange={(o) => !o && (setOpen(null), void list.reload())}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>{open?.name ?? ""}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="overflow-y-auto">{open && <TriggerAddressPanel base="/admin/svc/beneficiaries" ownerId={open.beneficiary_id} ownerLabel="this beneficiary" />}</Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </div>
  )
}

export const config = defineRouteConfig({ label: "svc beneficiaries", icon: Users })

export default SvcBeneficiariesPage
