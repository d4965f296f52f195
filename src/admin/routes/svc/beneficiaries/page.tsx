import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Drawer, Heading, Input, Label, Select, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { PayoutBankSelect } from "../../../lib/bank-select"
import { ConfirmButton } from "../../../lib/confirm-button"
import { rm, short, when } from "../../../lib/format"
import { SvcPage } from "../../../lib/page"
import { PagedTable, useCursorPages, useOffsetPages } from "../../../lib/paged-table"
import { svcDelete, svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import { TriggerAddressPanel } from "../../../lib/svc-trigger-panel"
import type { BeneficiariesAnswer, Beneficiary, BeneficiaryRegistered, PayoutBanksAnswer, PrefundPayout, PrefundPayoutsAnswer } from "../../../lib/types"

const PROXY_TYPES = [
  ["MOBILE", "Mobile number"],
  ["NRIC", "NRIC"],
  ["PASSPORT", "Passport"],
  ["BRN", "Business registration"],
  ["ARMY", "Army number"],
] as const

const col = createDataTableColumnHelper<Beneficiary>()
const payoutCol = createDataTableColumnHelper<PrefundPayout>()

/**
 * svc beneficiaries (payout area): the prefund balance and every payout,
 * beneficiaries registered from this store (svc has no list route), register
 * (bank account or DuitNow proxy, optional name check), verify, remove, and
 * each one's trigger address and allowed senders.
 */
const SvcBeneficiariesPage = () => {
  const pages = useOffsetPages(10)
  const list = useSvcQuery<BeneficiariesAnswer>("/admin/svc/beneficiaries", pages.query, { keepPrevious: true })
  const banks = useSvcQuery<PayoutBanksAnswer>("/admin/svc/payout-banks")
  const payoutPages = useCursorPages()
  const payouts = useSvcQuery<PrefundPayoutsAnswer>("/admin/svc/prefund/payouts", { limit: 10, cursor: payoutPages.cursor }, { keepPrevious: true })
  const { run } = useSvcAction()
  const [kind, setKind] = useState<"bank" | "proxy">("bank")
  const [form, setForm] = useState({ name: "", bank_code: "", account_number: "", proxy_type: "MOBILE", proxy_value: "", name_check: "none" })
  const [formError, setFormError] = useState<string | null>(null)
  const [open, setOpen] = useState<Beneficiary | null>(null)

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
              <Button size="small" variant="secondary" onClick={() => run("Verified with the bank", () => svcPost(`/admin/svc/beneficiaries/${b.beneficiary_id}/verify`, b.name_check ? { name_check: b.name_check } : {}))}>
                Verify
              </Button>
              <ConfirmButton
                variant="danger"
                title={`Remove ${b.name}?`}
                description="svc removes the beneficiary and deactivates its trigger address. (The removal route is assumed: the spec names it without a path.)"
                confirm="Remove"
                onConfirm={() => run("Beneficiary removed", () => svcDelete(`/admin/svc/beneficiaries/${b.beneficiary_id}`))}
              >
                Remove
              </ConfirmButton>
            </div>
          )
        },
      }),
    ],
    [run]
  )
  const payoutColumns = useMemo(
    () => [
      payoutCol.display({ id: "payout", header: "Payout", cell: ({ row }) => <span className="font-mono">{short(row.original.payout_id, 8)}</span> }),
      payoutCol.display({ id: "status", header: "Status", cell: ({ row }) => <Status value={row.original.status} /> }),
      payoutCol.display({ id: "amount", header: "Amount", cell: ({ row }) => rm(row.original.amount_sen) }),
      payoutCol.display({ id: "fee", header: "Fee", cell: ({ row }) => rm(row.original.fee_sen) }),
      payoutCol.display({
        id: "to",
        header: "To",
        cell: ({ row }) => {
          const b = row.original.beneficiary
          return b ? `${b.name ?? ""} ${b.account_number ?? b.proxy_value ?? ""}` : "–"
        },
      }),
      payoutCol.display({ id: "order", header: "Refund of order", cell: ({ row }) => row.original.refund_of_order ?? "–" }),
      payoutCol.display({ id: "at", header: "Created", cell: ({ row }) => when(row.original.created_at) }),
    ],
    []
  )

  const register = async () => {
    setFormError(null)
    const body = {
      name: form.name.trim(),
      ...(kind === "bank" ? { bank_code: form.bank_code, account_number: form.account_number.trim() } : { proxy_type: form.proxy_type, proxy_value: form.proxy_value.trim() }),
      ...(form.name_check !== "none" ? { name_check: form.name_check } : {}),
    }
    const refusal = await run(
      (r: BeneficiaryRegistered) => (r.existing ? "Already registered: the existing beneficiary is kept" : "Beneficiary registered"),
      () => svcPost<BeneficiaryRegistered>("/admin/svc/beneficiaries", body)
    )
    if (refusal) setFormError(refusal)
    else setForm({ ...form, name: "", account_number: "", proxy_value: "" })
  }

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h1">svc beneficiaries and prefund</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Payouts are paid from the prefund balance (topped up by bank transfer in svc's dashboard).
          </Text>
        </div>
        <div className="flex items-center gap-x-4 px-6 py-4">
          <Text weight="plus">Prefund balance</Text>
          <Text data-testid="prefund-balance">{banks.data ? rm(banks.data.prefund_available_sen) : banks.error ? errorText(banks.error) : "…"}</Text>
        </div>
      </Container>

      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Register a beneficiary</Heading>
          <Text size="small" className="text-ui-fg-subtle">svc checks every beneficiary with the bank; with a name check, the name must match the account holder's.</Text>
        </div>
        <div className="grid grid-cols-2 gap-4 px-6 py-4">
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="svc-ben-kind">Destination</Label>
            <Select value={kind} onValueChange={(v) => setKind(v === "proxy" ? "proxy" : "bank")}>
              <Select.Trigger id="svc-ben-kind">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="bank">Bank account</Select.Item>
                <Select.Item value="proxy">DuitNow proxy</Select.Item>
              </Select.Content>
            </Select>
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="svc-ben-name">Account holder's name</Label>
            <Input id="svc-ben-name" size="small" value={form.name} maxLength={100} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          {kind === "bank" ? (
            <>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="svc-ben-bank">Bank</Label>
                <PayoutBankSelect id="svc-ben-bank" value={form.bank_code} onValueChange={(v) => setForm({ ...form, bank_code: v })} banks={banks.data?.banks} placeholder="Choose a bank" />
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="svc-ben-account">Account number (digits only)</Label>
                <Input id="svc-ben-account" size="small" inputMode="numeric" value={form.account_number} onChange={(e) => setForm({ ...form, account_number: e.target.value })} />
              </div>
            </>
          ) : (
            <>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="svc-ben-proxy-type">Proxy type</Label>
                <Select value={form.proxy_type} onValueChange={(v) => setForm({ ...form, proxy_type: v })}>
                  <Select.Trigger id="svc-ben-proxy-type">
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
                <Label size="small" htmlFor="svc-ben-proxy-value">Proxy value</Label>
                <Input id="svc-ben-proxy-value" size="small" value={form.proxy_value} onChange={(e) => setForm({ ...form, proxy_value: e.target.value })} />
              </div>
            </>
          )}
          <div className="flex flex-col gap-y-1">
            <Label size="small" htmlFor="svc-ben-namecheck">Name check</Label>
            <Select value={form.name_check} onValueChange={(v) => setForm({ ...form, name_check: v })}>
              <Select.Trigger id="svc-ben-namecheck">
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
          {list.error && <Text className="text-ui-fg-error">{errorText(list.error)}</Text>}
        </div>
        <PagedTable
          rows={list.data?.beneficiaries ?? []}
          paging={pages.paging(list.data?.count ?? 0)}
          columns={columns}
          rowId={(b) => b.id}
          empty="No beneficiary registered yet"
          isLoading={list.isLoading}
        />
      </Container>

      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Payouts (all, not only refunds)</Heading>
          {payouts.error && <Text className="text-ui-fg-error">{errorText(payouts.error)}</Text>}
        </div>
        <PagedTable
          rows={payouts.data?.payouts ?? []}
          paging={payoutPages.paging(payouts.data)}
          columns={payoutColumns}
          rowId={(p) => p.payout_id}
          empty="No payout yet"
          isLoading={payouts.isLoading}
        />
      </Container>

      <Drawer open={Boolean(open)} onOpenChange={(o) => !o && setOpen(null)}>
        <Drawer.Content>
          <Drawer.Header>
            <Drawer.Title>{open?.name ?? ""}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body className="overflow-y-auto">{open && <TriggerAddressPanel base="/admin/svc/beneficiaries" ownerId={open.beneficiary_id} ownerLabel="this beneficiary" />}</Drawer.Body>
        </Drawer.Content>
      </Drawer>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Beneficiaries", rank: 4 })

export default SvcBeneficiariesPage
