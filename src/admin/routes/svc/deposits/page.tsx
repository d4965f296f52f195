import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useCallback, useMemo, useState } from "react"
import { ActionButton, column, monoColumn, RowActions, TwoLines } from "../../../lib/columns"
import { ConfirmButton } from "../../../lib/confirm-button"
import { ANY, FilterSelect, SelectField, TextField, unlessAny } from "../../../lib/fields"
import { rm, short, tokenRm, when } from "../../../lib/format"
import { ListSection, useOffsetList } from "../../../lib/list-section"
import { SvcPage } from "../../../lib/page"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { sdk } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { CheckMissedAnswer, Deposit, DepositAnswer, DepositsAnswer, NetworksAnswer } from "../../../lib/types"

const AREAS = [
  ["wallet", "Wallet"],
  ["payout", "Payout"],
] as const

/**
 * svc deposits (both areas): the deposits svc told us about through its
 * events (and look-ups), with the transfer each started and why not in words;
 * look one up, check a missed transaction (EVM only), redrive (COMPLETED only).
 */
const SvcDepositsPage = () => {
  const [area, setArea] = useState(ANY)
  const [status, setStatus] = useState(ANY)
  const deposits = useOffsetList<DepositsAnswer, Deposit>("/admin/svc/deposits", (a) => a.deposits, 20, { area: unlessAny(area), status: unlessAny(status) })
  const networks = useSvcQuery<NetworksAnswer>("/admin/svc/token-transfers/networks", undefined, { staleTime: 5 * 60_000 })
  const evmChains = (networks.data?.networks ?? []).filter((n) => n.type === "EVM" && n.chain_id !== null)
  const decimals = useMemo(() => new Map((networks.data?.networks ?? []).flatMap((n) => n.tokens.map((t) => [t.id, t.decimals] as const))), [networks.data])
  const [lookup, setLookup] = useState({ id: "", area: ANY })
  const [missed, setMissed] = useState({ area: "wallet", tx_hash: "", chain_id: "" })
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  const { run: send } = useSvcAction()
  /** Sends, and says the answer (or Medusa's refusal) above the list as well as in a toast. */
  const run = useCallback(
    async <T,>(say: (answer: T) => string, fn: () => Promise<T>) => {
      setMessage(null)
      const refusal = await send((answer: T) => {
        const text = say(answer)
        setMessage({ ok: true, text })
        return text
      }, fn)
      if (refusal) setMessage({ ok: false, text: refusal })
    },
    [send]
  )

  const columns = useMemo(
    () => [
      column<Deposit>("status", "Status", (d) => <TwoLines main={<Status value={d.status} />} sub={when(d.created_at)} badge />),
      column<Deposit>("to", "To", (d) => (
        <TwoLines main={d.destination_name ?? (d.trigger_address ? short(d.trigger_address) : "wallet address")} sub={d.area === "WALLET" ? "wallet area" : "payout area"} />
      )),
      // a deposit's amount is in the token's smallest unit (spec); the withdrawal it started is in sen
      column<Deposit>(
        "amount",
        "Amount",
        (d) => tokenRm(d.amount, d.token_id ? decimals.get(d.token_id) : null) ?? (d.withdrawal_amount_sen ? rm(d.withdrawal_amount_sen) : `${d.amount} (token units)`)
      ),
      monoColumn<Deposit>("from", "From", (d) => d.from_address),
      column<Deposit>("result", "Result", (d) => (
        <div className="flex min-w-[260px] max-w-[400px] flex-col whitespace-normal">
          <Text size="small">{d.summary}</Text>
        </div>
      )),
      column<Deposit>("actions", "", (d) => (
        <RowActions>
          <ActionButton
            onClick={() =>
              run(
                (r: DepositAnswer) => r.deposit.summary,
                () => sdk.client.fetch<DepositAnswer>(`/admin/svc/deposits/${d.deposit_id}`, { query: { area: d.area === "WALLET" ? "wallet" : "payout" } })
              )
            }
          >
            Refresh
          </ActionButton>
          <ConfirmButton
            title="Redrive this deposit?"
            description="svc tries again to start the withdrawal this deposit did not start (correct the reason first, e.g. allow the sender). If it already started one, svc returns it: never a second."
            confirm="Redrive"
            disabled={!d.can_redrive}
            onConfirm={() =>
              run(
                (r: DepositAnswer) => r.deposit.summary,
                () => svcPost<DepositAnswer>(`/admin/svc/deposits/${d.deposit_id}/redrive`)
              )
            }
          >
            Redrive
          </ConfirmButton>
        </RowActions>
      )),
    ],
    [run, decimals]
  )

  return (
    <SvcPage>
      <ListSection
        title="svc deposits"
        level="h1"
        description="From svc's deposit events. Only a COMPLETED deposit has its tokens in the wallet, and only a COMPLETED one can be redriven."
        aside={
          <div className="flex gap-x-2">
            <FilterSelect
              label="Area"
              anyLabel="Both areas"
              className="w-[200px]"
              value={area}
              onChange={(v) => (setArea(v), deposits.reset())}
              choices={[
                ["wallet", "Wallet (bank accounts)"],
                ["payout", "Payout (beneficiaries)"],
              ]}
            />
            <FilterSelect
              label="Status"
              anyLabel="Any status"
              className="w-[160px]"
              value={status}
              onChange={(v) => (setStatus(v), deposits.reset())}
              choices={["PENDING", "PROCESSING", "COMPLETED", "FAILED"]}
            />
          </div>
        }
        notice={message && <Text className={`px-6 py-2 ${message.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}`}>{message.text}</Text>}
        list={deposits.list}
        columns={columns}
        rowId={(d) => d.id}
        empty="No deposit event received yet"
      />

      <Container className="grid grid-cols-2 gap-6 px-6 py-4">
        <form
          className="flex flex-col gap-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            void run(
              (r: DepositAnswer) => r.deposit.summary,
              () => sdk.client.fetch<DepositAnswer>(`/admin/svc/deposits/${encodeURIComponent(lookup.id.trim())}`, { query: lookup.area !== ANY ? { area: lookup.area } : {} })
            )
          }}
        >
          <Heading level="h2">Look up a deposit</Heading>
          <TextField id="svc-dep-lookup-id" label="Deposit id" value={lookup.id} onChange={(id) => setLookup({ ...lookup, id })} placeholder="UUID from svc" />
          <SelectField
            id="svc-dep-lookup-area"
            label="Area"
            size="small"
            value={lookup.area}
            onValueChange={(area) => setLookup({ ...lookup, area })}
            choices={[[ANY, "Try both areas"], ...AREAS]}
          />
          <div>
            <Button size="small" type="submit" disabled={!lookup.id.trim()}>
              Look up
            </Button>
          </div>
        </form>

        <form
          className="flex flex-col gap-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            void run(
              (r: CheckMissedAnswer) => `${r.status}: ${r.message}`,
              () => svcPost<CheckMissedAnswer>("/admin/svc/deposits/check-missed", { area: missed.area, tx_hash: missed.tx_hash.trim(), chain_id: Number(missed.chain_id) })
            )
          }}
        >
          <Heading level="h2">Check a missed transaction</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            EVM networks only (Ethereum, Arbitrum): svc takes a 0x transaction hash. A Solana signature cannot be checked.
          </Text>
          <TextField
            id="svc-dep-missed-tx"
            label="Transaction hash"
            value={missed.tx_hash}
            onChange={(tx_hash) => setMissed({ ...missed, tx_hash })}
            placeholder="0x + 64 hexadecimal characters"
          />
          <div className="grid grid-cols-2 gap-x-2">
            <SelectField
              id="svc-dep-missed-network"
              label="Network"
              size="small"
              value={missed.chain_id}
              onValueChange={(chain_id) => setMissed({ ...missed, chain_id })}
              placeholder="Choose an EVM network"
              choices={evmChains.map((n) => [String(n.chain_id), n.name] as const)}
            />
            <SelectField id="svc-dep-missed-area" label="Area" size="small" value={missed.area} onValueChange={(area) => setMissed({ ...missed, area })} choices={AREAS} />
          </div>
          <div>
            <Button size="small" type="submit" disabled={!missed.tx_hash.trim() || !missed.chain_id}>
              Check
            </Button>
          </div>
        </form>
      </Container>
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Deposits", rank: 5 })

export default SvcDepositsPage
