import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Buildings } from "@medusajs/icons"
import { Badge, Button, Container, Heading, Input, Label, Table, Text } from "@medusajs/ui"
import { useCallback, useEffect, useState } from "react"
import { call, rm } from "../../lib/api"

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

const color = (s: string): "green" | "red" | "orange" | "grey" =>
  s === "COMPLETED" ? "green" : ["FAILED", "REJECTED", "CANCELLED"].includes(s) ? "red" : s === "CREATING" ? "grey" : "orange"


/** Settlements: the svc wallet balance, sent to the merchant's linked bank account (fiat withdrawals). */
const SvcSettlementsPage = () => {
  const [wallet, setWallet] = useState<Wallet | null>(null)
  const [rows, setRows] = useState<Withdrawal[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [form, setForm] = useState({ bank_account_id: "", amount: "", reference: "" })

  const load = useCallback(async () => {
    try {
      const [w, l] = await Promise.all([call<Wallet>("/admin/svc/wallet"), call<{ withdrawals: Withdrawal[] }>("/admin/svc/withdrawals")])
      setWallet(w)
      setRows(l.withdrawals)
    } catch (e) {
      setError(String((e as Error).message ?? e))
    }
  }, [])
  useEffect(() => {
    load()
  }, [load])

  const submit = async () => {
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const body = { bank_account_id: form.bank_account_id, amount: form.amount.trim(), ...(form.reference.trim() ? { reference: form.reference.trim() } : {}) }
      const r = await call<{ withdrawal: Withdrawal; message: string }>("/admin/svc/withdrawals", { method: "POST", body: JSON.stringify(body) })
      setResult(`${rm(r.withdrawal.amount_sen)}: ${r.message}`)
      setForm({ ...form, amount: "", reference: "" })
      await load()
    } catch (e) {
      setError(String((e as Error).message ?? e))
    } finally {
      setBusy(false)
    }
  }
  const account = (id: string) => wallet?.bank_accounts.find((a) => a.id === id)

  return (
    <div className="flex flex-col gap-y-3">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h1">svc settlements</Heading>
          {wallet && (
            <Text className="text-ui-fg-subtle">
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
            <div>
              <Label htmlFor="svc-wd-account">Bank account</Label>
              <select
                id="svc-wd-account"
                className="bg-ui-bg-field shadow-borders-base txt-compact-small h-8 w-full rounded-md px-2"
                value={form.bank_account_id}
                onChange={(e) => setForm({ ...form, bank_account_id: e.target.value })}
              >
                <option value="">Choose…</option>
                {wallet?.bank_accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.bank?.name ?? a.name} {a.account_number}
                    {a.verified ? "" : " (not verified)"}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor="svc-wd-amount">Amount (RM)</Label>
              <Input id="svc-wd-amount" placeholder="1500.00" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />
            </div>
            <div>
              <Label htmlFor="svc-wd-reference">Reference (max 20)</Label>
              <Input id="svc-wd-reference" value={form.reference} onChange={(e) => setForm({ ...form, reference: e.target.value })} />
            </div>
          </div>
          {error && <Text className="text-ui-fg-error" data-testid="svc-wd-error">{error}</Text>}
          {result && <Text className="text-ui-fg-interactive" data-testid="svc-wd-result">{result}</Text>}
          <div>
            <Button id="svc-wd-submit" isLoading={busy} disabled={busy || !form.amount || !form.bank_account_id} onClick={submit}>
              Withdraw to bank
            </Button>
          </div>
        </div>
      </Container>
      <Container className="p-0">
        <div className="px-6 py-4">
          <Heading level="h2">Withdrawals</Heading>
        </div>
        {rows?.length === 0 && <Text className="px-6 pb-4 text-ui-fg-subtle">No withdrawal yet.</Text>}
        {!!rows?.length && (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Requested</Table.HeaderCell>
                <Table.HeaderCell>Amount</Table.HeaderCell>
                <Table.HeaderCell>To</Table.HeaderCell>
                <Table.HeaderCell>Reference</Table.HeaderCell>
                <Table.HeaderCell>Status</Table.HeaderCell>
                <Table.HeaderCell>svc id</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((w) => (
                <Table.Row key={w.id} title={w.failure_reason ?? undefined}>
                  <Table.Cell>{new Date(w.created_at).toLocaleString()}</Table.Cell>
                  <Table.Cell>{rm(w.amount_sen)}</Table.Cell>
                  <Table.Cell>{account(w.bank_account_id) ? `${account(w.bank_account_id)!.bank?.name ?? ""} ${account(w.bank_account_id)!.account_number}` : w.bank_account_id}</Table.Cell>
                  <Table.Cell>{w.reference ?? ""}</Table.Cell>
                  <Table.Cell>
                    <Badge color={color(w.status)}>{w.status}</Badge>
                  </Table.Cell>
                  <Table.Cell className="font-mono text-xs">{w.withdrawal_id ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "svc settlements", icon: Buildings })

export default SvcSettlementsPage
