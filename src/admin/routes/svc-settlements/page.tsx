import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray, Buildings } from "@medusajs/icons"
import { Button, Container, createDataTableColumnHelper, Heading, Input, Label, Prompt, Select, Text, toast } from "@medusajs/ui"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { call, messageOf, newRequestId, refusedByMedusa, rm } from "../../lib/api"
import { PagedTable } from "../../lib/paged-table"
import { SvcStatus } from "../../lib/status"

type Account = { id: string; name: string; account_number: string; verified: boolean; bank: { code: string; name: string } | null }
type Wallet = { balance_sen: string; pending_withdrawal_sen: string; account_type: string | null; bank_accounts: Account[] }
type Withdrawal = {
  id: string
  withdrawal_id: string | null
  bank_account_id: string
  amount_sen: number
  reference: string | null
  status: string
  failure_reason: string | null
  created_at: string
}

const col = createDataTableColumnHelper<Withdrawal>()
const accountLabel = (a: Account) => `${a.bank?.name ?? a.name} ${a.account_number}${a.verified ? "" : " (not verified)"}`
/** Today and the first of this month, in Malaysia time (the export's days). */
const mytToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

/** Settlements: the svc wallet balance, sent to the merchant's linked bank account (fiat withdrawals); the finance export. */
const SvcSettlementsPage = () => {
  const [wallet, setWallet] = useState<Wallet | null>(null)
  const [rows, setRows] = useState<Withdrawal[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [form, setForm] = useState({ bank_account_id: "", amount: "", reference: "" })
  // one withdrawal per form: the same id until answered, so a resend (lost answer, double click) is one withdrawal
  const requestId = useRef(newRequestId())
  const [period, setPeriod] = useState({ from: `${mytToday().slice(0, 8)}01`, to: mytToday() })
  const [exporting, setExporting] = useState(false)

  const load = useCallback(async () => {
    try {
      const [w, l] = await Promise.all([call<Wallet>("/admin/svc/wallet"), call<{ withdrawals: Withdrawal[] }>("/admin/svc/withdrawals")])
      setWallet(w)
      setRows(l.withdrawals)
    } catch (e) {
      setError(messageOf(e))
    }
  }, [])
  useEffect(() => {
    load()
  }, [load])

  const submit = async () => {
    setConfirming(false)
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const body = { request_id: requestId.current, bank_account_id: form.bank_account_id, amount: form.amount.trim(), ...(form.reference.trim() ? { reference: form.reference.trim() } : {}) }
      const r = await call<{ withdrawal: Withdrawal; message: string }>("/admin/svc/withdrawals", { method: "POST", body: JSON.stringify(body) })
      const text = `${rm(r.withdrawal.amount_sen)}: ${r.message}`
      setResult(text)
      toast.success("Withdrawal sent", { description: text })
      if (r.withdrawal.status !== "UNCERTAIN" && r.withdrawal.status !== "CREATING") requestId.current = newRequestId()
      setForm({ ...form, amount: "", reference: "" })
      await load()
    } catch (e) {
      setError(messageOf(e))
      toast.error("Withdrawal refused", { description: messageOf(e) })
      // refused: nothing was sent, a corrected form is a new withdrawal; no answer: keep the id
      if (refusedByMedusa(e)) requestId.current = newRequestId()
    } finally {
      setBusy(false)
    }
  }

  const exportCsv = async () => {
    setExporting(true)
    try {
      const q = new URLSearchParams({ from: period.from, to: period.to })
      const r = await fetch(`/admin/svc/reports/settlement.csv?${q}`, { credentials: "include" })
      if (!r.ok) throw new Error(((await r.json().catch(() => ({}))) as { message?: string }).message ?? r.statusText)
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
      toast.error("Export refused", { description: messageOf(e) })
    } finally {
      setExporting(false)
    }
  }

  const accounts = wallet?.bank_accounts ?? []
  const account = (id: string) => accounts.find((a) => a.id === id)
  const chosen = account(form.bank_account_id)
  const columns = useMemo(
    () => [
      col.accessor("created_at", { header: "Requested", cell: ({ getValue }) => new Date(getValue()).toLocaleString() }),
      col.accessor("amount_sen", { header: "Amount", cell: ({ getValue }) => rm(getValue()) }),
      col.accessor("bank_account_id", {
        header: "To",
        cell: ({ getValue }) => {
          const a = accounts.find((x) => x.id === getValue())
          return a ? `${a.bank?.name ?? ""} ${a.account_number}` : getValue()
        },
      }),
      col.accessor("reference", { header: "Reference", cell: ({ getValue }) => getValue() ?? "" }),
      col.accessor("status", {
        header: "Status",
        cell: ({ row }) => (
          <span title={row.original.failure_reason ?? undefined}>
            <SvcStatus status={row.original.status} />
          </span>
        ),
      }),
      col.accessor("withdrawal_id", { header: "svc id", cell: ({ getValue }) => <span className="font-mono text-xs">{getValue() ?? "—"}</span> }),
    ],
    [accounts]
  )

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h1">svc settlements</Heading>
          {wallet && (
            <Text className="text-ui-fg-subtle" data-testid="svc-wallet-balance">
              Wallet {rm(wallet.balance_sen)} · held by withdrawals {rm(wallet.pending_withdrawal_sen)}
            </Text>
          )}
        </div>
        <div className="flex flex-col gap-y-3 px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            Send the svc wallet balance to a bank account linked in svc. Requested before 17:00 Malaysian time on a business day,
            it is sent the same day and credited the next working day.
          </Text>
          <div className="grid grid-cols-3 gap-3">
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-wd-account">Bank account</Label>
              <Select value={form.bank_account_id} onValueChange={(v) => setForm({ ...form, bank_account_id: v })}>
                <Select.Trigger id="svc-wd-account">
                  <Select.Value placeholder="Choose…" />
                </Select.Trigger>
                <Select.Content>
                  {accounts.map((a) => (
                    <Select.Item key={a.id} value={a.id}>
                      {accountLabel(a)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-wd-amount">Amount (RM)</Label>
              <Input id="svc-wd-amount" placeholder="1500.00" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-wd-reference">Reference (max 20)</Label>
              <Input id="svc-wd-reference" value={form.reference} onChange={(e) => setForm({ ...form, reference: e.target.value })} />
            </div>
          </div>
          {error && <Text className="text-ui-fg-error" data-testid="svc-wd-error">{error}</Text>}
          {result && <Text className="text-ui-fg-interactive" data-testid="svc-wd-result">{result}</Text>}
          <div>
            <Button id="svc-wd-submit" isLoading={busy} disabled={busy || !form.amount || !form.bank_account_id} onClick={() => setConfirming(true)}>
              Withdraw to bank
            </Button>
          </div>
        </div>
      </Container>
      <Prompt open={confirming} onOpenChange={setConfirming}>
        <Prompt.Content>
          <Prompt.Header>
            <Prompt.Title>Withdraw RM {form.amount.trim()}?</Prompt.Title>
            <Prompt.Description>
              {chosen ? `To ${accountLabel(chosen)}` : ""}
              {form.reference.trim() ? `, reference "${form.reference.trim()}"` : ""}. svc sends it to the bank; it cannot be called back.
            </Prompt.Description>
          </Prompt.Header>
          <Prompt.Footer>
            <Prompt.Cancel>Cancel</Prompt.Cancel>
            <Prompt.Action id="svc-wd-confirm" onClick={submit}>
              Withdraw
            </Prompt.Action>
          </Prompt.Footer>
        </Prompt.Content>
      </Prompt>
      <Container className="p-0">
        <div className="flex flex-wrap items-end justify-between gap-3 px-6 py-4">
          <div>
            <Heading level="h2">Finance export</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              Every payment, refund, withdrawal and token transfer of the period (Malaysian days), matched to svc's record, with totals per day.
            </Text>
          </div>
          <div className="flex items-end gap-2">
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-export-from">From</Label>
              <Input id="svc-export-from" type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
            </div>
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="svc-export-to">To</Label>
              <Input id="svc-export-to" type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
            </div>
            <Button id="svc-export" variant="secondary" isLoading={exporting} onClick={exportCsv}>
              <ArrowDownTray /> Download CSV
            </Button>
          </div>
        </div>
      </Container>
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Withdrawals</Heading>
        </div>
        <PagedTable rows={rows ?? []} isLoading={rows === null} columns={columns} rowId={(r) => r.id} empty="No withdrawal yet." />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "svc settlements", icon: Buildings })

export default SvcSettlementsPage
