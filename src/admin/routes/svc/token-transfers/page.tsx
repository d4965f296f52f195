import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Input, Label, Select, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { rm, short, when } from "../../../lib/format"
import { AmountField, MoneyForm } from "../../../lib/money-form"
import { SvcPage } from "../../../lib/page"
import { PagedTable, useOffsetPages } from "../../../lib/paged-table"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { NetworksAnswer, TokenTransfer, TokenTransferAnswer, TokenTransfersAnswer, WalletAnswer } from "../../../lib/types"

const col = createDataTableColumnHelper<TokenTransfer>()

/**
 * svc token transfers: tokens from the svc wallet to an external address.
 * MoneyForm keeps one request id until the transfer is accepted (UNCERTAIN:
 * svc did not answer, the same id again finishes it), so sending it again (a
 * timeout, a double click) never makes a second transfer.
 */
const SvcTokenTransfersPage = () => {
  const pages = useOffsetPages(10)
  const list = useSvcQuery<TokenTransfersAnswer>("/admin/svc/token-transfers", pages.query, { keepPrevious: true })
  const wallet = useSvcQuery<WalletAnswer>("/admin/svc/wallet")
  const networks = useSvcQuery<NetworksAnswer>("/admin/svc/token-transfers/networks", undefined, { staleTime: 5 * 60_000 })
  const { run } = useSvcAction()
  const [form, setForm] = useState({ network_id: "", token_id: "", address_to: "", amount: "", reference: "" })
  const network = networks.data?.networks.find((n) => n.id === form.network_id)

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
            onClick={() => run("Read again from svc", () => svcPost(`/admin/svc/token-transfers/${row.original.id}/refresh`))}
          >
            Refresh
          </Button>
        ),
      }),
    ],
    [run]
  )

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h1">svc token transfers</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Wallet balance {wallet.data ? rm(wallet.data.balance_sen) : "…"} (held by withdrawals {wallet.data ? rm(wallet.data.pending_withdrawal_sen) : "…"}). The amount is debited in full; svc deducts the network fee before delivery.
          </Text>
        </div>
        <MoneyForm<TokenTransferAnswer>
          className="flex flex-col gap-y-3 px-6 py-4"
          idPrefix="svc-tt"
          amount={form.amount}
          ready={Boolean(form.network_id && form.token_id && form.address_to.trim())}
          submitLabel="Review transfer"
          title={(amount) => `Send ${amount} in tokens?`}
          description={
            <>
              To {form.address_to.trim()} on {network?.name}
              {form.reference.trim() ? `, reference "${form.reference.trim()}"` : ""}. Tokens sent on chain cannot be taken back.
            </>
          }
          confirmLabel="Send"
          send={(request_id, amount) =>
            svcPost<TokenTransferAnswer>("/admin/svc/token-transfers", {
              request_id,
              network_id: form.network_id,
              token_id: form.token_id,
              address_to: form.address_to.trim(),
              amount,
              ...(form.reference.trim() ? { reference: form.reference.trim() } : {}),
            })
          }
          // UNCERTAIN: svc did not answer; the same request id is kept, "Send" again finishes it
          sent={(r) => ({ final: r.transfer.status !== "UNCERTAIN", text: r.message })}
          sentTitle="Token transfer sent"
          refusedTitle="Token transfer refused"
          onSent={() => setForm({ ...form, address_to: "", amount: "", reference: "" })}
        >
          <div className="grid grid-cols-2 gap-4">
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-tt-network">Network</Label>
              <Select value={form.network_id} onValueChange={(v) => setForm({ ...form, network_id: v, token_id: networks.data?.networks.find((n) => n.id === v)?.tokens[0]?.id ?? "" })}>
                <Select.Trigger id="svc-tt-network">
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
              <Label size="small" htmlFor="svc-tt-token">Token</Label>
              <Select value={form.token_id} onValueChange={(v) => setForm({ ...form, token_id: v })} disabled={!network}>
                <Select.Trigger id="svc-tt-token">
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
              <Label size="small" htmlFor="svc-tt-address">To address {network ? (network.type === "EVM" ? "(0x…)" : "(base58)") : ""}</Label>
              <Input id="svc-tt-address" size="small" value={form.address_to} onChange={(e) => setForm({ ...form, address_to: e.target.value })} />
            </div>
            <AmountField id="svc-tt-amount" label="Amount (RM, 10.00 to 1,000,000.00)" placeholder="150.00" value={form.amount} onChange={(amount) => setForm({ ...form, amount })} />
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-tt-reference">Reference (optional, {32 - form.reference.length} of 32 left)</Label>
              <Input id="svc-tt-reference" size="small" value={form.reference} maxLength={32} onChange={(e) => setForm({ ...form, reference: e.target.value })} />
            </div>
          </div>
        </MoneyForm>
      </Container>
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Transfers</Heading>
          <Text size="small" className="text-ui-fg-subtle">svc sends no event for token transfers: open ones are read again each time this list loads.</Text>
          {list.error && <Text className="text-ui-fg-error">{errorText(list.error)}</Text>}
        </div>
        <PagedTable
          rows={list.data?.transfers ?? []}
          paging={pages.paging(list.data?.count ?? 0)}
          columns={columns}
          rowId={(t) => t.id}
          empty="No token transfer yet"
          isLoading={list.isLoading}
        />
      </Container>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Token transfers", rank: 6 })

export default SvcTokenTransfersPage
