import { defineRouteConfig } from "@medusajs/admin-sdk"
import { useMemo } from "react"
import {
  buttonColumn,
  column,
  moneyColumn,
  monoColumn,
  statusColumn,
  whenColumn,
} from "../../../lib/columns"
import { SelectField, TextField, useFields } from "../../../lib/fields"
import { ifText, rm } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListSection, Section, useOffsetList } from "../../../lib/list-section"
import { AmountField, MoneyForm } from "../../../lib/money-form"
import { SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/api/query"
import { useServerText } from "../../../i18n/server-text"
import type {
  NetworksAnswer,
  TokenTransfer,
  TokenTransferAnswer,
  TokenTransfersAnswer,
  WalletAnswer,
} from "../../../lib/types"

/**
 * svc token transfers: tokens from the svc wallet to an external address.
 * MoneyForm keeps one request id until the transfer is accepted (UNCERTAIN:
 * svc did not answer, the same id again finishes it), so sending it again (a
 * timeout, a double click) never makes a second transfer.
 */
const SvcTokenTransfersPage = () => {
  const { t: tr } = useSvcT()
  const { saidOf } = useServerText()
  const transfers = useOffsetList<TokenTransfersAnswer, TokenTransfer>(
    "/admin/svc/token-transfers",
    (a) => a.transfers,
    10
  )
  const wallet = useSvcQuery<WalletAnswer>("/admin/svc/wallet")
  const networks = useSvcQuery<NetworksAnswer>(
    "/admin/svc/token-transfers/networks",
    undefined,
    { staleTime: 5 * 60_000 }
  )
  const { run } = useSvcAction()
  const { form, setForm, bind } = useFields({
    network_id: "",
    token_id: "",
    address_to: "",
    amount: "",
    reference: "",
  })
  const network = networks.data?.networks.find((n) => n.id === form.network_id)

  const columns = useMemo(
    () => [
      statusColumn<TokenTransfer>(tr("svc.common.status"), (t) => t.status),
      moneyColumn<TokenTransfer>(
        "amount",
        tr("svc.common.amount"),
        (t) => t.amount_sen
      ),
      moneyColumn<TokenTransfer>(
        "fee",
        tr("svc.transfers.networkFee"),
        (t) => t.fee_sen
      ),
      monoColumn<TokenTransfer>(
        "to",
        tr("svc.common.to"),
        (t) => t.address_to,
        10
      ),
      column<TokenTransfer>(
        "net",
        tr("svc.common.network"),
        (t) => `${t.network_name ?? "–"} ${t.token_symbol ?? ""}`
      ),
      column<TokenTransfer>(
        "reference",
        tr("svc.common.reference"),
        (t) => t.reference
      ),
      monoColumn<TokenTransfer>("tx", tr("svc.common.tx"), (t) => t.tx_hash, 8),
      whenColumn<TokenTransfer>(
        tr("svc.common.requested"),
        (t) => t.created_at
      ),
      buttonColumn<TokenTransfer>(
        () => tr("svc.common.refresh"),
        (t) =>
          run(tr("svc.transfers.readAgain"), () =>
            svcPost(`/admin/svc/token-transfers/${t.id}/refresh`)
          )
      ),
    ],
    [run, tr]
  )

  return (
    <SvcPage>
      <Section
        title={tr("svc.transfers.title")}
        level="h1"
        description={tr("svc.transfers.description", {
          balance: wallet.data ? rm(wallet.data.balance_sen) : "…",
          held: wallet.data ? rm(wallet.data.pending_withdrawal_sen) : "…",
        })}
      >
        <MoneyForm<TokenTransferAnswer>
          idPrefix="svc-tt"
          amount={form.amount}
          ready={Boolean(
            form.network_id && form.token_id && form.address_to.trim()
          )}
          words={{
            submit: tr("svc.transfers.submit"),
            confirm: tr("svc.transfers.confirm"),
            sent: tr("svc.transfers.sent"),
            refused: tr("svc.transfers.refused"),
          }}
          title={(amount) => tr("svc.transfers.question", { amount })}
          description={
            <>
              {tr("svc.transfers.toOn", {
                address: form.address_to.trim(),
                network: network?.name ?? "",
              })}
              {form.reference.trim()
                ? tr("svc.settlements.withReference", {
                    reference: form.reference.trim(),
                  })
                : ""}
              {tr("svc.transfers.noTakeBack")}
            </>
          }
          path="/admin/svc/token-transfers"
          body={(amount) => ({
            network_id: form.network_id,
            token_id: form.token_id,
            address_to: form.address_to.trim(),
            amount,
            ...ifText("reference", form.reference),
          })}
          // UNCERTAIN: svc did not answer; the same request id is kept, "Send" again finishes it
          sent={(r) => ({
            final: r.transfer.status !== "UNCERTAIN",
            text: saidOf(r, "message"),
          })}
          onSent={() =>
            setForm({ ...form, address_to: "", amount: "", reference: "" })
          }
        >
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              id="svc-tt-network"
              label={tr("svc.common.network")}
              value={form.network_id}
              onChange={(v) =>
                setForm({
                  ...form,
                  network_id: v,
                  token_id:
                    networks.data?.networks.find((n) => n.id === v)?.tokens[0]
                      ?.id ?? "",
                })
              }
              choices={(networks.data?.networks ?? []).map(
                (n) => [n.id, `${n.name} (${n.type})`] as const
              )}
              placeholder={tr("svc.transfers.chooseNetwork")}
            />
            <SelectField
              id="svc-tt-token"
              label={tr("svc.transfers.token")}
              {...bind("token_id")}
              disabled={!network}
              placeholder={tr("svc.transfers.token")}
              choices={(network?.tokens ?? []).map(
                (t) => [t.id, t.symbol ?? t.name ?? t.id] as const
              )}
            />
            <TextField
              id="svc-tt-address"
              label={`${tr("svc.transfers.toAddress")}${network ? (network.type === "EVM" ? " (0x…)" : " (base58)") : ""}`}
              {...bind("address_to")}
            />
            <AmountField
              id="svc-tt-amount"
              label={tr("svc.transfers.amountRange")}
              placeholder="150.00"
              {...bind("amount")}
            />
            <TextField
              id="svc-tt-reference"
              label={tr("svc.transfers.referenceLeft", {
                left: 32 - form.reference.length,
              })}
              maxLength={32}
              {...bind("reference")}
            />
          </div>
        </MoneyForm>
      </Section>
      <ListSection
        title={tr("svc.transfers.listTitle")}
        description={tr("svc.transfers.listDescription")}
        list={transfers.list}
        columns={columns}
        empty={tr("svc.transfers.empty")}
      />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.tokenTransfers",
  translationNs: "translation",
  rank: 6,
})

export default SvcTokenTransfersPage
