import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowUpRightOnBox } from "@medusajs/icons"
import { Button, Container, Heading, Input, Label, Prompt, Select, Text, createDataTableColumnHelper, toast, type DataTablePaginationState } from "@medusajs/ui"
import { useMemo, useRef, useState } from "react"
import { ServerTable, Status, errorText, pageQuery, refused, rm, short, svcAdmin, useLoad, when } from "../../lib/svc-admin"

type Network = { id: string; name: string; type: string; chain_id: number | null; tokens: { id: string; symbol: string | null; name: string | null }[] }
type Transfer = {
  id: string
  transfer_id: string | null
  network_name: string | null
  token_symbol: string | null
  address_to: string
  amount_sen: number
  fee_sen: string | null
  reference: string | null
  status: string
  tx_hash: string | null
  failure_reason: string | null
  created_at: string
}

const col = createDataTableColumnHelper<Transfer>()
const newRequestId = () => crypto.randomUUID()

/**
 * svc token transfers: tokens from the svc wallet to an external address.
 * The form keeps one request id until the transfer is accepted, so sending it
 * again (a timeout, a double click) never makes a second transfer.
 */
const SvcTokenTransfersPage = () => {
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize: 10 })
  const list = useLoad(() => svcAdmin<{ transfers: Transfer[]; count: number }>(`/admin/svc/token-transfers?${pageQuery(pagination)}`), [pagination])
  const wallet = useLoad(() => svcAdmin<{ balance_sen: string; pending_withdrawal_sen: string }>("/admin/svc/wallet"), [])
  const networks = useLoad(() => svcAdmin<{ networks: Network[] }>("/admin/svc/token-transfers/networks"), [])
  const [form, setForm] = useState({ network_id: "", token_id: "", address_to: "", amount: "", reference: "" })
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const requestId = useRef(newRequestId())
  const network = networks.data?.networks.find((n) => n.id === form.network_id)

  const send = async () => {
    setError(null)
    try {
      const r = await svcAdmin<{ transfer: Transfer; message: string }>("/admin/svc/token-transfers", {
        method: "POST",
        body: { request_id: requestId.current, ...form, address_to: form.address_to.trim(), ...(form.reference.trim() ? { reference: form.reference.trim() } : { reference: undefined }) },
      })
      if (r.transfer.status === "UNCERTAIN") {
        toast.warning(r.message) // the same request id is kept: "Send" again finishes it
      } else {
        toast.success(r.message)
        requestId.current = newRequestId()
        setForm({ ...form, address_to: "", amount: "", reference: "" })
      }
      await Promise.all([list.reload(), wallet.reload()])
    } catch (e) {
      setError(errorText(e))
      // refused (a field, or svc said no): nothing was made, the corrected form is a new request;
      // no answer from Medusa: keep the id, so sending again cannot make a second transfer
      if (refused(e)) requestId.current = newRequestId()
    } finally {
      setConfirming(false)
    }
  }

  const columns = useMemo(
    () => [
      col.display({ id: "status", header: "Status", cell: ({ row }) => <Status value={row.original.status} /> }),
      col.display({ id: "amount", header: "Amount", cell: ({ row }) => rm(row.original.amount_sen) }),
      col.display({ id: "fee", header: "Network fee", cell: ({ row }) => rm(row.original.fee_sen) }),
      col.display({ id: "to", header: "To", cell: ({ row }) => <span className="font-mono">{short(row.original.address_to, 10)}</span> }),
      col.display({ id: "net", header: "Network", cell: ({ row }) => `${row.original.network_name ?? "–"} ${row.original.token_symbol ?? ""}` }),
      col.accessor("reference", { header: "Reference" }),
      col.display({ id: "tx", header: "Tx", cell: ({ row }) => <span className="font-mono">{short(row.original.tx_hash, 8)}</span> }),
      col.display({ id: "at", header: "Requested", cell: ({ row }) => when(row.original.created_at) }),
      col.display({
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <Button
            size="small"
            variant="secondary"
            onClick={async () => {
              try {
                await svcAdmin(`/admin/svc/token-transfers/${row.original.id}/refresh`, { method: "POST" })
                await list.reload()
              } catch (e) {
                toast.error(errorText(e))
              }
            }}
          >
            Refresh
          </Button>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.reload]
  )

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h1">svc token transfers</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Wallet balance {wallet.data ? rm(wallet.data.balance_sen) : "…"} (held by withdrawals {wallet.data ? rm(wallet.data.pending_withdrawal_sen) : "…"}). The amount is debited in full; svc deducts the network fee before delivery.
          </Text>
        </div>
        <div className="grid grid-cols-2 gap-4 px-6 py-4">
          <div className="flex flex-col gap-y-1">
            <Label size="small">Network</Label>
            <Select value={form.network_id} onValueChange={(v) => setForm({ ...form, network_id: v, token_id: networks.data?.networks.find((n) => n.id === v)?.tokens[0]?.id ?? "" })}>
              <Select.Trigger>
                <Select.Value placeholder="Choose a network" />
              </Select.Trigger>
              <Select.Content>
                {(networks.data?.networks ?? []).map((n) => (
                  <Select.Item key={n.id} value={n.id}>
                    {n.name} ({n.type})
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">Token</Label>
            <Select value={form.token_id} onValueChange={(v) => setForm({ ...form, token_id: v })} disabled={!network}>
              <Select.Trigger>
                <Select.Value placeholder="Token" />
              </Select.Trigger>
              <Select.Content>
                {(network?.tokens ?? []).map((t) => (
                  <Select.Item key={t.id} value={t.id}>
                    {t.symbol ?? t.name ?? t.id}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">To address {network ? (network.type === "EVM" ? "(0x…)" : "(base58)") : ""}</Label>
            <Input size="small" value={form.address_to} onChange={(e) => setForm({ ...form, address_to: e.target.value })} />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">Amount (RM, 10.00 to 1,000,000.00)</Label>
            <Input size="small" inputMode="decimal" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} placeholder="150.00" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="small">Reference (optional, {32 - form.reference.length} of 32 left)</Label>
            <Input size="small" value={form.reference} maxLength={32} onChange={(e) => setForm({ ...form, reference: e.target.value })} />
          </div>
          <div className="flex items-end">
            <Prompt open={confirming} onOpenChange={setConfirming}>
              <Prompt.Trigger asChild>
                <Button size="small" disabled={!form.network_id || !form.token_id || !form.address_to.trim() || !form.amount.trim()}>
                  Review transfer
                </Button>
              </Prompt.Trigger>
              <Prompt.Content>
                <Prompt.Header>
                  <Prompt.Title>Send RM {form.amount} in tokens?</Prompt.Title>
                  <Prompt.Description>
                    To {form.address_to.trim()} on {network?.name}
                    {form.reference.trim() ? `, reference "${form.reference.trim()}"` : ""}. Tokens sent on chain cannot be taken back.
                  </Prompt.Description>
                </Prompt.Header>
                <Prompt.Footer>
                  <Prompt.Cancel>Cancel</Prompt.Cancel>
                  <Prompt.Action onClick={send}>Send</Prompt.Action>
                </Prompt.Footer>
              </Prompt.Content>
            </Prompt>
          </div>
          {error && (
            <Text size="small" className="col-span-2 text-ui-fg-error">
              {error}
            </Text>
          )}
        </div>
      </Container>
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Transfers</Heading>
          <Text size="small" className="text-ui-fg-subtle">svc sends no event for token transfers: open ones are read again each time this list loads.</Text>
          {list.error && <Text className="text-ui-fg-error">{list.error}</Text>}
        </div>
        <ServerTable
          rows={list.data?.transfers ?? []}
          count={list.data?.count ?? 0}
          columns={columns}
          rowId={(t) => t.id}
          pagination={pagination}
          onPagination={setPagination}
          empty="No token transfer yet"
          isLoading={list.loading}
        />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "svc token transfers", icon: ArrowUpRightOnBox })

export default SvcTokenTransfersPage
