import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { buttonColumn, column, moneyColumn, monoColumn, statusColumn, whenColumn } from "../../../lib/columns"
import { SelectField, TextField } from "../../../lib/fields"
import { ifText, rm } from "../../../lib/format"
import { ListSection, SectionHeader, useOffsetList } from "../../../lib/list-section"
import { AmountField, MoneyForm } from "../../../lib/money-form"
import { SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import type { NetworksAnswer, TokenTransfer, TokenTransferAnswer, TokenTransfersAnswer, WalletAnswer } from "../../../lib/types"

/**
 * svc token transfers: tokens from the svc wallet to an external address.
 * MoneyForm keeps one request id until the transfer is accepted (UNCERTAIN:
 * svc did not answer, the same id again finishes it), so sending it again (a
 * timeout, a double click) never makes a second transfer.
 */
const SvcTokenTransfersPage = () => {
  const transfers = useOffsetList<TokenTransfersAnswer, TokenTransfer>("/admin/svc/token-transfers", (a) => a.transfers, 10)
  const wallet = useSvcQuery<WalletAnswer>("/admin/svc/wallet")
  const networks = useSvcQuery<NetworksAnswer>("/admin/svc/token-transfers/networks", undefined, { staleTime: 5 * 60_000 })
  const { run } = useSvcAction()
  const [form, setForm] = useState({ network_id: "", token_id: "", address_to: "", amount: "", reference: "" })
  const network = networks.data?.networks.find((n) => n.id === form.network_id)

  const columns = useMemo(
    () => [
      statusColumn<TokenTransfer>((t) => t.status),
      moneyColumn<TokenTransfer>("amount", "Amount", (t) => t.amount_sen),
      moneyColumn<TokenTransfer>("fee", "Network fee", (t) => t.fee_sen),
      monoColumn<TokenTransfer>("to", "To", (t) => t.address_to, 10),
      column<TokenTransfer>("net", "Network", (t) => `${t.network_name ?? "–"} ${t.token_symbol ?? ""}`),
      column<TokenTransfer>("reference", "Reference", (t) => t.reference),
      monoColumn<TokenTransfer>("tx", "Tx", (t) => t.tx_hash, 8),
      whenColumn<TokenTransfer>("Requested", (t) => t.created_at),
      buttonColumn<TokenTransfer>(
        () => "Refresh",
        (t) => run("Read again from svc", () => svcPost(`/admin/svc/token-transfers/${t.id}/refresh`))
      ),
    ],
    [run]
  )

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <SectionHeader
          title="svc token transfers"
          level="h1"
          description={`Wallet balance ${wallet.data ? rm(wallet.data.balance_sen) : "…"} (held by withdrawals ${wallet.data ? rm(wallet.data.pending_withdrawal_sen) : "…"}). The amount is debited in full; svc deducts the network fee before delivery.`}
        />
        <MoneyForm<TokenTransferAnswer>
          idPrefix="svc-tt"
          amount={form.amount}
          ready={Boolean(form.network_id && form.token_id && form.address_to.trim())}
          words={{ submit: "Review transfer", confirm: "Send", sent: "Token transfer sent", refused: "Token transfer refused" }}
          title={(amount) => `Send ${amount} in tokens?`}
          description={
            <>
              To {form.address_to.trim()} on {network?.name}
              {form.reference.trim() ? `, reference "${form.reference.trim()}"` : ""}. Tokens sent on chain cannot be taken back.
            </>
          }
          path="/admin/svc/token-transfers"
          body={(amount) => ({ network_id: form.network_id, token_id: form.token_id, address_to: form.address_to.trim(), amount, ...ifText("reference", form.reference) })}
          // UNCERTAIN: svc did not answer; the same request id is kept, "Send" again finishes it
          sent={(r) => ({ final: r.transfer.status !== "UNCERTAIN", text: r.message })}
          onSent={() => setForm({ ...form, address_to: "", amount: "", reference: "" })}
        >
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              id="svc-tt-network"
              label="Network"
              value={form.network_id}
              onValueChange={(v) => setForm({ ...form, network_id: v, token_id: networks.data?.networks.find((n) => n.id === v)?.tokens[0]?.id ?? "" })}
              choices={(networks.data?.networks ?? []).map((n) => [n.id, `${n.name} (${n.type})`] as const)}
              placeholder="Choose a network"
            />
            <SelectField
              id="svc-tt-token"
              label="Token"
              value={form.token_id}
              onValueChange={(v) => setForm({ ...form, token_id: v })}
              disabled={!network}
              placeholder="Token"
              choices={(network?.tokens ?? []).map((t) => [t.id, t.symbol ?? t.name ?? t.id] as const)}
            />
            <TextField
              id="svc-tt-address"
              label={`To address ${network ? (network.type === "EVM" ? "(0x…)" : "(base58)") : ""}`}
              value={form.address_to}
              onChange={(address_to) => setForm({ ...form, address_to })}
            />
            <AmountField
              id="svc-tt-amount"
              label="Amount (RM, 10.00 to 1,000,000.00)"
              placeholder="150.00"
              value={form.amount}
              onChange={(amount) => setForm({ ...form, amount })}
            />
            <TextField
              id="svc-tt-reference"
              label={`Reference (optional, ${32 - form.reference.length} of 32 left)`}
              value={form.reference}
              maxLength={32}
              onChange={(reference) => setForm({ ...form, reference })}
            />
          </div>
        </MoneyForm>
      </Container>
      <ListSection
        title="Transfers"
        description="svc sends no event for token transfers: open ones are read again each time this list loads."
        list={transfers.list}
        columns={columns}
        rowId={(t) => t.id}
        empty="No token transfer yet"
      />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Token transfers", rank: 6 })

export default SvcTokenTransfersPage
