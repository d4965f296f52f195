import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Heading, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { bankChoices } from "../lib/bank-select"
import { SelectField, TextField, useFields } from "../lib/fields"
import { ifText, rm, when } from "../lib/format"
import { useSvcT } from "../lib/i18n"
import { AmountField, MoneyForm } from "../lib/money-form"
import { SVC_KEY, useSvcQuery } from "../lib/api/query"
import { ErrorLine } from "../lib/list-section"
import { Note, SvcWidget } from "../lib/page"
import { sdk } from "../lib/api/sdk"
import { useServerText } from "../i18n/server-text"
import { Status, Trouble } from "../lib/status"
import type {
  PayoutBanksAnswer,
  PayoutsAnswer,
  RefundAnswer,
} from "../lib/types"

/** Refund payouts not finished yet: the form keeps their request_id (sending again is the same refund). */
const OPEN = ["REQUESTED", "SENDING", "UNCERTAIN"]

/**
 * Order details: refund an svc payment to the buyer's bank account (an svc
 * payout from the prefund balance), and every refund payout with its status.
 * Medusa's own Refund button cannot name a bank account: the first svc refund starts here,
 * and names the account Medusa's Refund button, returns and claims then refund to.
 */
const SvcOrderRefundsWidget = ({ data }: { data: { id: string } }) => {
  const { t } = useSvcT()
  const { saidOf } = useServerText()
  const payouts = useSvcQuery<PayoutsAnswer>("/admin/svc/payouts", {
    order_id: data.id,
  })
  // the order's captured svc payment (Medusa's own route, through the SDK)
  const order = useQuery({
    queryKey: [SVC_KEY, "order-payments", data.id],
    queryFn: () =>
      sdk.admin.order.retrieve(data.id, {
        fields: "id,*payment_collections.payments",
      }),
    staleTime: 0,
    retry: false,
  })
  const payment = (order.data?.order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .find((p) => p.provider_id.startsWith("pp_svc-") && p.captured_at)
  const banks = useSvcQuery<PayoutBanksAnswer>(
    "/admin/svc/payout-banks",
    undefined,
    { enabled: Boolean(payment), staleTime: 60_000 }
  )
  // Medusa's refund reasons (Settings → Refund reasons), stored on Medusa's refund as its own Refund button does
  const reasons = useQuery({
    queryKey: [SVC_KEY, "refund-reasons"],
    queryFn: () =>
      sdk.client.fetch<{ refund_reasons: { id: string; label: string }[] }>(
        "/admin/refund-reasons",
        { query: { limit: 100, fields: "id,label" } }
      ),
    enabled: Boolean(payment),
    staleTime: 60_000,
    retry: false,
  })
  // name_check "none" stands for no check (a Select item cannot have an empty value)
  const { form, setForm, bind } = useFields({
    amount: "",
    name: "",
    bank_code: "",
    account_number: "",
    name_check: "none",
    note: "",
    refund_reason_id: "none",
  })
  const bankName = banks.data?.banks.find(
    (b) => b.code === form.bank_code
  )?.name
  const error = payouts.error ?? order.error ?? banks.error
  const nameChecks = [
    ["none", t("svc.common.none")],
    ["strict", t("svc.common.nameCheckStrict")],
    ["loose", t("svc.refunds.nameCheckLoose")],
  ] as const

  return (
    <SvcWidget testId="svc-refunds">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("svc.refunds.title")}</Heading>
        {banks.data && (
          <Note>
            {t("svc.refunds.prefund", {
              amount: rm(banks.data.prefund_available_sen),
            })}
          </Note>
        )}
      </div>
      {payouts.data?.payouts.map((p) => (
        <div key={p.id} className="flex flex-col gap-y-1 px-6 py-3">
          <div className="flex items-center justify-between">
            <Text weight="plus">
              {rm(p.amount_sen)} → {p.beneficiary_name}{" "}
              {p.destination.bank_code ?? p.destination.proxy_type}{" "}
              {p.destination.account_number ?? p.destination.proxy_value}
            </Text>
            <Status value={p.status} />
          </div>
          <Trouble
            attention={p.attention}
            label={
              p.attention_reason
                ? saidOf(p, "attention_reason")
                : (p.attention ?? "")
            }
            failure={p.failure_reason && saidOf(p, "failure_reason")}
          />
          <Text size="xsmall" className="text-ui-fg-muted">
            {when(p.created_at)} ·{" "}
            {t("svc.refunds.payoutLine", {
              id: p.payout_id ?? "—",
              fee: rm(p.fee_sen),
            })}
            {p.note ? ` · ${p.note}` : ""}
          </Text>
        </div>
      ))}
      {payment ? (
        <MoneyForm<RefundAnswer>
          idPrefix="svc-refund"
          amount={form.amount}
          ready={Boolean(
            form.name.trim() && form.bank_code && form.account_number.trim()
          )}
          words={{
            submit: t("svc.refunds.submit"),
            confirm: t("svc.refunds.confirm"),
            sent: t("svc.refunds.sent"),
            refused: t("svc.refunds.refused"),
          }}
          submitVariant="secondary"
          title={(amount) =>
            t("svc.refunds.question", {
              amount,
              name: form.name.trim() || t("svc.refunds.theBuyer"),
            })
          }
          description={t("svc.refunds.questionBody", {
            bank: bankName ?? t("svc.refunds.theBank"),
            account: form.account_number.trim(),
          })}
          path="/admin/svc/refunds"
          body={(amount) => ({
            payment_id: payment.id,
            amount,
            beneficiary: {
              name: form.name.trim(),
              bank_code: form.bank_code,
              account_number: form.account_number.trim(),
            },
            ...(form.name_check !== "none"
              ? { name_check: form.name_check }
              : {}),
            ...ifText("note", form.note),
            ...(form.refund_reason_id !== "none"
              ? { refund_reason_id: form.refund_reason_id }
              : {}),
          })}
          sent={(r) => ({
            final: !OPEN.includes(r.payout.status),
            text: `${rm(r.payout.amount_sen)}: ${saidOf(r, "message")}`,
          })}
          onSent={() => setForm({ ...form, amount: "", note: "" })}
        >
          <Note>{t("svc.refunds.explain")}</Note>
          <div className="grid grid-cols-2 gap-3">
            <AmountField
              id="svc-refund-amount"
              label={t("svc.common.amountRm")}
              placeholder="25.50"
              {...bind("amount")}
            />
            <TextField
              id="svc-refund-name"
              label={t("svc.common.accountHolder")}
              {...bind("name")}
            />
            <SelectField
              id="svc-refund-bank"
              label={t("svc.common.bank")}
              {...bind("bank_code")}
              placeholder={t("svc.common.choose")}
              size="small"
              choices={bankChoices(banks.data?.banks)}
            />
            <TextField
              id="svc-refund-account"
              label={t("svc.common.accountNumber")}
              inputMode="numeric"
              {...bind("account_number")}
            />
            <SelectField
              id="svc-refund-namecheck"
              label={t("svc.common.nameCheck")}
              size="small"
              {...bind("name_check")}
              choices={nameChecks}
            />
            <SelectField
              id="svc-refund-reason"
              label={t("svc.refunds.reason")}
              size="small"
              {...bind("refund_reason_id")}
              choices={[
                ["none", t("svc.common.none")] as const,
                ...(reasons.data?.refund_reasons ?? []).map(
                  (r) => [r.id, r.label] as const
                ),
              ]}
            />
            <TextField
              id="svc-refund-note"
              label={t("svc.common.note")}
              {...bind("note")}
            />
          </div>
        </MoneyForm>
      ) : (
        payouts.data &&
        order.data && (
          <Text className="px-6 py-4 text-ui-fg-subtle">
            {t("svc.refunds.nothing")}
          </Text>
        )
      )}
      <ErrorLine error={error} />
    </SvcWidget>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default SvcOrderRefundsWidget
