import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Input, Label, Select, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { useCallback, useMemo, useState } from "react"
import { ConfirmButton } from "../../../lib/confirm-button"
import { rm, short, tokenRm, when } from "../../../lib/format"
import { SvcPage } from "../../../lib/page"
import { PagedTable, useOffsetPages } from "../../../lib/paged-table"
import { svcPost, useSvcAction, useSvcQuery } from "../../../lib/query"
import { errorText, sdk } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { CheckMissedAnswer, Deposit, DepositAnswer, DepositsAnswer, NetworksAnswer } from "../../../lib/types"

const col = createDataTableColumnHelper<Deposit>()
const ANY = "any"

/**
 * svc deposits (both areas): the deposits svc told us about through its
 * events (and look-ups), with the transfer each started and why not in words;
 * look one up, check a missed transaction (EVM only), redrive (COMPLETED only).
 */
const SvcDepositsPage = () => {
  const pages = useOffsetPages(20)
  const [area, setArea] = useState(ANY)
  const [status, setStatus] = useState(ANY)
  const list = useSvcQuery<DepositsAnswer>(
    "/admin/svc/deposits",
    { ...pages.query, area: area !== ANY ? area : undefined, status: status !== ANY ? status : undefined },
    { keepPrevious: true }
  )
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
      col.display({
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-y-1">
            <Status value={row.original.status} />
            <Text size="xsmall" className="text-ui-fg-subtle">
              {when(row.original.created_at)}
            </Text>
          </div>
        ),
      }),
      col.display({
        id: "to",
        header: "To",
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small">{row.original.destination_name ?? (row.original.trigger_address ? short(row.original.trigger_address) : "wallet address")}</Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {row.original.area === "WALLET" ? "wallet area" : "payout area"}
            </Text>
          </div>
        ),
      }),
      col.display({
        id: "amount",
        header: "Amount",
        cell: ({ row }) => {
          const d = row.original
          // a deposit's amount is in the token's smallest unit (spec); the withdrawal it started is in sen
          return tokenRm(d.amount, d.token_id ? decimals.get(d.token_id) : null) ?? (d.withdrawal_amount_sen ? rm(d.withdrawal_amount_sen) : `${d.amount} (token units)`)
        },
      }),
      col.display({ id: "from", header: "From", cell: ({ row }) => <span className="font-mono">{short(row.original.from_address)}</span> }),
      col.display({
        id: "result",
        header: "Result",
        cell: ({ row }) => (
          <div className="flex min-w-[260px] max-w-[400px] flex-col whitespace-normal">
            <Text size="small">{row.original.summary}</Text>
          </div>
        ),
      }),
      col.display({
        id: "actions",
        header: "",
        cell: ({ row }) => {
          const d = row.original
          return (
            <div className="flex gap-x-2">
              <Button size="small" variant="secondary" onClick={() => run((r: DepositAnswer) => r.deposit.summary, () => sdk.client.fetch<DepositAnswer>(`/admin/svc/deposits/${d.deposit_id}`, { query: { area: d.area === "WALLET" ? "wallet" : "payout" } }))}>
                Refresh
              </Button>
              <ConfirmButton
                title="Redrive this deposit?"
                description="svc tries again to start the withdrawal this deposit did not start (correct the reason first, e.g. allow the sender). If it already started one, svc returns it: never a second."
                confirm="Redrive"
                disabled={!d.can_redrive}
                onConfirm={() => run((r: DepositAnswer) => r.deposit.summary, () => svcPost<DepositAnswer>(`/admin/svc/deposits/${d.deposit_id}/redrive`))}
              >
                Redrive
              </ConfirmButton>
            </div>
          )
        },
      }),
    ],
    [run, decimals]
  )

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading level="h1">svc deposits</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              From svc's deposit events. Only a COMPLETED deposit has its tokens in the wallet, and only a COMPLETED one can be redriven.
            </Text>
          </div>
          <div className="flex gap-x-2">
            <Select value={area} onValueChange={(v) => (setArea(v), pages.reset())} size="small">
              <Select.Trigger className="w-[200px]" aria-label="Area">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ANY}>Both areas</Select.Item>
                <Select.Item value="wallet">Wallet (bank accounts)</Select.Item>
                <Select.Item value="payout">Payout (beneficiaries)</Select.Item>
              </Select.Content>
            </Select>
            <Select value={status} onValueChange={(v) => (setStatus(v), pages.reset())} size="small">
              <Select.Trigger className="w-[160px]" aria-label="Status">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ANY}>Any status</Select.Item>
                {["PENDING", "PROCESSING", "COMPLETED", "FAILED"].map((s) => (
                  <Select.Item key={s} value={s}>
                    {s}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
        </div>
        {list.error && <Text className="px-6 py-2 text-ui-fg-error">{errorText(list.error)}</Text>}
        {message && <Text className={`px-6 py-2 ${message.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}`}>{message.text}</Text>}
        <PagedTable
          rows={list.data?.deposits ?? []}
          paging={pages.paging(list.data?.count ?? 0)}
          columns={columns}
          rowId={(d) => d.id}
          empty="No deposit event received yet"
          isLoading={list.isLoading}
        />
      </Container>

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
          <Label size="small" htmlFor="svc-dep-lookup-id">Deposit id</Label>
          <Input id="svc-dep-lookup-id" size="small" value={lookup.id} onChange={(e) => setLookup({ ...lookup, id: e.target.value })} placeholder="UUID from svc" />
          <Label size="small" htmlFor="svc-dep-lookup-area">Area</Label>
          <Select value={lookup.area} onValueChange={(v) => setLookup({ ...lookup, area: v })} size="small">
            <Select.Trigger id="svc-dep-lookup-area">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ANY}>Try both areas</Select.Item>
              <Select.Item value="wallet">Wallet</Select.Item>
              <Select.Item value="payout">Payout</Select.Item>
            </Select.Content>
          </Select>
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
          <Label size="small" htmlFor="svc-dep-missed-tx">Transaction hash</Label>
          <Input id="svc-dep-missed-tx" size="small" value={missed.tx_hash} onChange={(e) => setMissed({ ...missed, tx_hash: e.target.value })} placeholder="0x + 64 hexadecimal characters" />
          <div className="grid grid-cols-2 gap-x-2">
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-dep-missed-network">Network</Label>
              <Select value={missed.chain_id} onValueChange={(v) => setMissed({ ...missed, chain_id: v })} size="small">
                <Select.Trigger id="svc-dep-missed-network">
                  <Select.Value placeholder="Choose an EVM network" />
                </Select.Trigger>
                <Select.Content>
                  {evmChains.map((n) => (
                    <Select.Item key={n.id} value={String(n.chain_id)}>
                      {n.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="svc-dep-missed-area">Area</Label>
              <Select value={missed.area} onValueChange={(v) => setMissed({ ...missed, area: v })} size="small">
                <Select.Trigger id="svc-dep-missed-area">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value="wallet">Wallet</Select.Item>
                  <Select.Item value="payout">Payout</Select.Item>
                </Select.Content>
              </Select>
            </div>
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
