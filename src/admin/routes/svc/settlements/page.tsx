import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMemo, useState, type ReactNode } from "react"
import { column, moneyColumn } from "../../../lib/columns"
import { SelectField, TextField, useFields } from "../../../lib/fields"
import { ifText, rm, when } from "../../../lib/format"
import { useSvcT } from "../../../lib/i18n"
import { ListSection, Section, useLoadedList } from "../../../lib/list-section"
import { AmountField, MoneyForm } from "../../../lib/money-form"
import { Note, SvcPage } from "../../../lib/page"
import { useSvcQuery } from "../../../lib/api/query"
import { svcSend } from "../../../lib/api/sdk"
import { useServerText } from "../../../i18n/server-text"
import { Status } from "../../../lib/status"
import type {
  WalletAnswer,
  Withdrawal,
  WithdrawalAnswer,
  WithdrawalsAnswer,
} from "../../../lib/types"

/** A file the admin asked for, saved by the browser under `filename`. */
async function saveDownload(r: Response, filename: string): Promise<void> {
  const url = URL.createObjectURL(await r.blob())
  const a = document.createElement("a")
  a.href = url
  a.download = filename
  a.click()
  URL.revokeObjectURL(url)
}

type Account = WalletAnswer["bank_accounts"][number]
/** Today in Malaysia time (the export's days). */
const mytToday = () =>
  new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
/** Withdrawals not answered for good: the form keeps their request_id (sending again is the same withdrawal). */
const OPEN = ["UNCERTAIN", "CREATING"]

/** Settlements: the svc wallet balance, sent to the merchant's linked bank account (fiat withdrawals); the finance export. */
const SvcSettlementsPage = () => {
  const { t } = useSvcT()
  const { said, saidOf, error: errorText } = useServerText()
  const accountLabel = (a: Account) =>
    `${a.bank?.name ?? a.name} ${a.account_number ?? ""}${a.verified ? "" : ` ${t("svc.settlements.notVerified")}`}`
  const wallet = useSvcQuery<WalletAnswer>("/admin/svc/wallet")
  const withdrawals = useLoadedList<WithdrawalsAnswer, Withdrawal>(
    "/admin/svc/withdrawals",
    (a) => a.withdrawals
  )
  const { form, setForm, bind } = useFields({
    bank_account_id: "",
    amount: "",
    reference: "",
  })
  const [period, setPeriod] = useState({
    from: `${mytToday().slice(0, 8)}01`,
    to: mytToday(),
  })
  const [exporting, setExporting] = useState(false)
  const [month, setMonth] = useState(mytToday().slice(0, 7))
  const [einvoicing, setEinvoicing] = useState(false)

  /** The month's consolidated e-invoice data (GET /admin/svc/reports/einvoice, docs/einvoice.md) as CSV. */
  const exportEinvoice = async () => {
    setEinvoicing(true)
    try {
      const r = await svcSend("/admin/svc/reports/einvoice", {
        query: { month, format: "csv" },
        headers: { accept: "text/csv" },
      })
      await saveDownload(r, `svc-einvoice-${month}.csv`)
      toast.success(t("svc.einvoice.exported"), {
        description: t("svc.einvoice.exportedFor", { month }),
      })
    } catch (e) {
      toast.error(t("svc.settlements.exportRefused"), {
        description: errorText(e),
      })
    } finally {
      setEinvoicing(false)
    }
  }

  const exportCsv = async () => {
    setExporting(true)
    try {
      // the CSV as it comes (accept text/csv); a refusal is Medusa's JSON message with its code
      const r = await svcSend("/admin/svc/reports/settlement.csv", {
        query: period,
        headers: { accept: "text/csv" },
      })
      const mismatches = Number(r.headers.get("x-svc-mismatches") ?? 0)
      await saveDownload(r, `svc-settlement-${period.from}-to-${period.to}.csv`)
      if (mismatches)
        toast.warning(t("svc.settlements.exported"), {
          description: t("svc.settlements.mismatches", { n: mismatches }),
        })
      else
        toast.success(t("svc.settlements.exported"), {
          description: t("svc.settlements.allMatch"),
        })
    } catch (e) {
      toast.error(t("svc.settlements.exportRefused"), {
        description: errorText(e),
      })
    } finally {
      setExporting(false)
    }
  }

  const accounts = wallet.data?.bank_accounts ?? []
  const chosen = accounts.find((a) => a.id === form.bank_account_id)
  const columns = useMemo(
    () => [
      column<Withdrawal>("created_at", t("svc.common.requested"), (w) =>
        when(w.created_at)
      ),
      moneyColumn<Withdrawal>(
        "amount_sen",
        t("svc.common.amount"),
        (w) => w.amount_sen
      ),
      column<Withdrawal>("bank_account_id", t("svc.common.to"), (w) => {
        const a = accounts.find((x) => x.id === w.bank_account_id)
        return a
          ? `${a.bank?.name ?? ""} ${a.account_number ?? ""}`
          : w.bank_account_id
      }),
      column<Withdrawal>(
        "reference",
        t("svc.common.reference"),
        (w) => w.reference ?? ""
      ),
      column<Withdrawal>("status", t("svc.common.status"), (w) => (
        <span title={w.failure_reason ? said(w.failure_reason) : undefined}>
          <Status value={w.status} />
        </span>
      )),
      column<Withdrawal>("withdrawal_id", t("svc.settlements.svcId"), (w) => (
        <span className="font-mono text-xs">{w.withdrawal_id ?? "—"}</span>
      )),
    ],
    [accounts, t, said]
  )

  return (
    <SvcPage>
      <Section
        title={t("svc.settlements.title")}
        level="h1"
        aside={
          wallet.data && (
            <Text
              className="text-ui-fg-subtle"
              data-testid="svc-wallet-balance"
            >
              {t("svc.settlements.wallet", {
                balance: rm(wallet.data.balance_sen),
                held: rm(wallet.data.pending_withdrawal_sen),
              })}
            </Text>
          )
        }
        error={wallet.error}
      >
        <MoneyForm<WithdrawalAnswer>
          idPrefix="svc-wd"
          amount={form.amount}
          ready={Boolean(form.bank_account_id)}
          words={{
            submit: t("svc.settlements.submit"),
            confirm: t("svc.settlements.confirm"),
            sent: t("svc.settlements.sent"),
            refused: t("svc.settlements.refused"),
          }}
          title={(amount) => t("svc.settlements.question", { amount })}
          description={
            <>
              {chosen
                ? t("svc.settlements.toAccount", {
                    account: accountLabel(chosen),
                  })
                : ""}
              {form.reference.trim()
                ? t("svc.settlements.withReference", {
                    reference: form.reference.trim(),
                  })
                : ""}
              {t("svc.settlements.noCallBack")}
            </>
          }
          path="/admin/svc/withdrawals"
          body={(amount) => ({
            bank_account_id: form.bank_account_id,
            amount,
            ...ifText("reference", form.reference),
          })}
          sent={(r) => ({
            final: !OPEN.includes(r.withdrawal.status),
            text: `${rm(r.withdrawal.amount_sen)}: ${saidOf(r, "message")}`,
          })}
          onSent={() => setForm({ ...form, amount: "", reference: "" })}
        >
          <Note>{t("svc.settlements.explain")}</Note>
          <div className="grid grid-cols-3 gap-3">
            <SelectField
              id="svc-wd-account"
              label={t("svc.settlements.bankAccount")}
              size="small"
              {...bind("bank_account_id")}
              placeholder={t("svc.common.choose")}
              choices={accounts.map((a) => [a.id, accountLabel(a)] as const)}
            />
            <AmountField
              id="svc-wd-amount"
              label={t("svc.common.amountRm")}
              placeholder="1500.00"
              {...bind("amount")}
            />
            <TextField
              id="svc-wd-reference"
              label={t("svc.settlements.referenceMax")}
              {...bind("reference")}
            />
          </div>
        </MoneyForm>
      </Section>
      <ExportSection
        words="settlements"
        buttonId="svc-export"
        busy={exporting}
        onExport={exportCsv}
      >
        {(
          [
            ["from", "svc.settlements.periodFrom"],
            ["to", "svc.settlements.periodTo"],
          ] as const
        ).map(([end, label]) => (
          <DateField
            key={end}
            id={`svc-export-${end}`}
            label={t(label)}
            type="date"
            value={period[end]}
            onChange={(v) => setPeriod({ ...period, [end]: v })}
          />
        ))}
      </ExportSection>
      <ExportSection
        words="einvoice"
        buttonId="svc-einvoice-export"
        busy={einvoicing}
        onExport={exportEinvoice}
      >
        <DateField
          id="svc-einvoice-month"
          label={t("svc.einvoice.month")}
          type="month"
          value={month}
          onChange={setMonth}
        />
      </ExportSection>
      <ListSection
        title={t("svc.settlements.withdrawals")}
        list={withdrawals}
        columns={columns}
        empty={t("svc.settlements.empty")}
      />
    </SvcPage>
  )
}

/** The heading of each file to download and what it holds. */
const EXPORTS = {
  settlements: ["svc.settlements.export", "svc.settlements.exportExplain"],
  einvoice: ["svc.einvoice.export", "svc.einvoice.exportExplain"],
} as const

/** A file to download: its heading and what it holds (EXPORTS), its fields, and the button. */
function ExportSection({
  words,
  buttonId,
  busy,
  onExport,
  children,
}: {
  words: keyof typeof EXPORTS
  buttonId: string
  busy: boolean
  onExport: () => void
  children: ReactNode
}) {
  const { t } = useSvcT()
  return (
    <Container className="p-0">
      <div className="flex flex-wrap items-end justify-between gap-3 px-6 py-4">
        <div>
          <Heading level="h2">{t(EXPORTS[words][0])}</Heading>
          <Note>{t(EXPORTS[words][1])}</Note>
        </div>
        <div className="flex items-end gap-2">
          {children}
          <Button
            id={buttonId}
            variant="secondary"
            isLoading={busy}
            onClick={onExport}
          >
            <ArrowDownTray /> {t("svc.settlements.download")}
          </Button>
        </div>
      </div>
    </Container>
  )
}

/** A date or month field of the export, at the page's text size. */
function DateField(props: Parameters<typeof TextField>[0]) {
  return <TextField {...props} labelSize="base" inputSize="base" />
}

// beneath "svc" in the sidebar (routes/svc/page.tsx), in this order
// the label is a key of en.json (Medusa translates it: translationNs)
export const config = defineRouteConfig({
  label: "svc.nav.settlements",
  translationNs: "translation",
  rank: 2,
})

export default SvcSettlementsPage
