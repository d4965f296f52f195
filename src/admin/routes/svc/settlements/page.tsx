import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, createDataTableColumnHelper, Heading, Text, toast } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { SelectField, TextField } from "../../../lib/fields"
import { ifText, rm, when } from "../../../lib/format"
import { ListSection, SectionHeader, useLoadedList } from "../../../lib/list-section"
import { AmountField, MoneyForm } from "../../../lib/money-form"
import { SvcPage } from "../../../lib/page"
import { useSvcQuery } from "../../../lib/query"
import { errorText, sdk } from "../../../lib/sdk"
import { Status } from "../../../lib/status"
import type { WalletAnswer, Withdrawal, WithdrawalAnswer, WithdrawalsAnswer } from "../../../lib/types"

type Account = WalletAnswer["bank_accounts"][number]
const col = createDataTableColumnHelper<Withdrawal>()
const accountLabel = (a: Account) => `${a.bank?.name ?? a.name} ${a.account_number ?? ""}${a.verified ? "" : " (not verified)"}`
/** Today in Malaysia time (the export's days). */
const mytToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
/** Withdrawals not answered for good: the form keeps their request_id (sending again is the same withdrawal). */
const OPEN = ["UNCERTAIN", "CREATING"]

/** Settlements: the svc wallet balance, sent to the merchant's linked bank account (fiat withdrawals); the finance export. */
const SvcSettlementsPage = () => {
  const wallet = useSvcQuery<WalletAnswer>("/admin/svc/wallet")
  const withdrawals = useLoadedList<WithdrawalsAnswer, Withdrawal>("/admin/svc/withdrawals", (a) => a.withdrawals)
  const [form, setForm] = useState({ bank_account_id: "", amount: "", reference: "" })
  const [period, setPeriod] = useState({ from: `${mytToday().slice(0, 8)}01`, to: mytToday() })
  const [exporting, setExporting] = useState(false)

  const exportCsv = async () => {
    setExporting(true)
    try {
      // the CSV as it comes (accept text/csv: the SDK hands back the Response); a refusal is Medusa's JSON message
      const r = await sdk.client.fetch<Response>("/admin/svc/reports/settlement.csv", { query: period, headers: { accept: "text/csv" } })
      const mismatches = Number(r.headers.get("x-svc-mismatches") ?? 0)
      const url = URL.createObjectURL(await r.blob())
      const a = document.createElement("a")
      a.href = url
      a.download = `svc-settlement-${period.from}-to-${period.to}.csv`
      a.click()
      URL.revokeObjectURL(url)
      if (mismatches) toast.warning("Finance export downloaded", { description: `${mismatches} movement(s) differ between Medusa and svc: see the match column` })
      else toast.success("Finance export downloaded", { description: "every movement matches svc's record" })
    } catch (e) {
      toast.error("Export refused", { description: errorText(e) })
    } finally {
      setExporting(false)
    }
  }

  const accounts = wallet.data?.bank_accounts ?? []
  const chosen = accounts.find((a) => a.id === form.bank_account_id)
  const columns = useMemo(
    () => [
      col.accessor("created_at", { header: "Requested", cell: ({ getValue }) => when(getValue()) }),
      col.accessor("amount_sen", { header: "Amount", cell: ({ getValue }) => rm(getValue()) }),
      col.accessor("bank_account_id", {
        header: "To",
        cell: ({ getValue }) => {
          const a = accounts.find((x) => x.id === getValue())
          return a ? `${a.bank?.name ?? ""} ${a.account_number ?? ""}` : getValue()
        },
      }),
      col.accessor("reference", { header: "Reference", cell: ({ getValue }) => getValue() ?? "" }),
      col.accessor("status", {
        header: "Status",
        cell: ({ row }) => (
          <span title={row.original.failure_reason ?? undefined}>
            <Status value={row.original.status} />
          </span>
        ),
      }),
      col.accessor("withdrawal_id", { header: "svc id", cell: ({ getValue }) => <span className="font-mono text-xs">{getValue() ?? "—"}</span> }),
    ],
    [accounts]
  )

  return (
    <SvcPage>
      <Container className="divide-y p-0">
        <SectionHeader
          title="svc settlements"
          level="h1"
          aside={
            wallet.data && (
              <Text className="text-ui-fg-subtle" data-testid="svc-wallet-balance">
                Wallet {rm(wallet.data.balance_sen)} · held by withdrawals {rm(wallet.data.pending_withdrawal_sen)}
              </Text>
            )
          }
        />
        {wallet.error && <Text className="px-6 py-4 text-ui-fg-error">{errorText(wallet.error)}</Text>}
        <MoneyForm<WithdrawalAnswer>
          idPrefix="svc-wd"
          amount={form.amount}
          ready={Boolean(form.bank_account_id)}
          words={{ submit: "Withdraw to bank", confirm: "Withdraw", sent: "Withdrawal sent", refused: "Withdrawal refused" }}
          title={(amount) => `Withdraw ${amount}?`}
          description={
            <>
              {chosen ? `To ${accountLabel(chosen)}` : ""}
              {form.reference.trim() ? `, reference "${form.reference.trim()}"` : ""}. svc sends it to the bank; it cannot be called back.
            </>
          }
          path="/admin/svc/withdrawals"
          body={(amount) => ({ bank_account_id: form.bank_account_id, amount, ...ifText("reference", form.reference) })}
          sent={(r) => ({ final: !OPEN.includes(r.withdrawal.status), text: `${rm(r.withdrawal.amount_sen)}: ${r.message}` })}
          onSent={() => setForm({ ...form, amount: "", reference: "" })}
        >
          <Text size="small" className="text-ui-fg-subtle">
            Send the svc wallet balance to a bank account linked in svc. Requested before 17:00 Malaysian time on a business day, it is sent the same day and credited the next
            working day.
          </Text>
          <div className="grid grid-cols-3 gap-3">
            <SelectField
              id="svc-wd-account"
              label="Bank account"
              size="small"
              value={form.bank_account_id}
              onValueChange={(v) => setForm({ ...form, bank_account_id: v })}
              placeholder="Choose…"
              choices={accounts.map((a) => [a.id, accountLabel(a)] as const)}
            />
            <AmountField id="svc-wd-amount" label="Amount (RM)" placeholder="1500.00" value={form.amount} onChange={(amount) => setForm({ ...form, amount })} />
            <TextField id="svc-wd-reference" label="Reference (max 20)" value={form.reference} onChange={(reference) => setForm({ ...form, reference })} />
          </div>
        </MoneyForm>
      </Container>
      <Container className="p-0">
        <div className="flex flex-wrap items-end justify-between gap-3 px-6 py-4">
          <div>
            <Heading level="h2">Finance export</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Every payment, refund, withdrawal and token transfer of the period (Malaysian days), matched to svc's record, with totals per day.
            </Text>
          </div>
          <div className="flex items-end gap-2">
            <TextField id="svc-export-from" label="From" labelSize="base" inputSize="base" type="date" value={period.from} onChange={(from) => setPeriod({ ...period, from })} />
            <TextField id="svc-export-to" label="To" labelSize="base" inputSize="base" type="date" value={period.to} onChange={(to) => setPeriod({ ...period, to })} />
            <Button id="svc-export" variant="secondary" isLoading={exporting} onClick={exportCsv}>
              <ArrowDownTray /> Download CSV
            </Button>
          </div>
        </div>
      </Container>
      <ListSection title="Withdrawals" list={withdrawals} columns={columns} rowId={(r) => r.id} empty="No withdrawal yet." />
    </SvcPage>
  )
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
export const config = defineRouteConfig({ label: "Settlements", rank: 2 })

export default SvcSettlementsPage
